import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 33 item 18: a coalition manager opens a program's dashboard from their landing, read-only:
 * the numbers, reviewers numbered, no email, no action, and links only to screens they may open.
 * At 1280 and 375 px, axe-clean.
 */

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.each([
  ['desktop', 1280],
  ['phone', 375],
])('coalition program dashboard (%s)', (_, width) => {
  it('opens from the landing, read-only, and leads back', async () => {
    const page: Page = await newPage(browser, { baseURL: app.url, width });
    await signInAs(page.context(), app.url, 'coalition@demo.test');
    try {
      await page.goto('/coalition/metro-arts-coalition/cm');
      const programs = page.getByRole('region', { name: 'Programs', exact: true });
      await programs.getByRole('link', { name: 'Dashboard of Youth Orchestra Auditions' }).click();
      await page.waitForURL(/\/coalition\/metro-arts-coalition\/cm\/programs\/[0-9a-f-]+\/dashboard$/);
      await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      await page.getByRole('region', { name: 'Funnel' }).getByText('Submitted', { exact: true }).waitFor();
      const reviewers = page.getByRole('region', { name: 'Reviewer progress' });
      await reviewers.getByText('Reviewer 1', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Drafts as the deadline approaches' }).waitFor();
      await page.getByRole('button', { name: 'Applications CSV' }).waitFor();

      // No actions and no identities: nothing but downloads to press, no email on the page.
      const main = page.getByRole('main');
      const buttons = await main.getByRole('button').allTextContents();
      expect(buttons.every((b) => /CSV|XLSX|Dossier|ZIP/i.test(b))).toBe(true);
      expect(await main.textContent()).not.toMatch(/@demo\.test|@example/);
      // Every link opens a screen the manager may open (their landing), none of the admins' screens.
      const hrefs = await main
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.every((h) => h.startsWith('/coalition/metro-arts-coalition/cm'))).toBe(true);

      await expectNoAxeViolations(page);
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(inner);

      await page.getByRole('link', { name: /Back to Metro Arts Coalition/ }).click();
      await page.waitForURL(/\/coalition\/metro-arts-coalition\/cm$/);
    } finally {
      await page.context().close();
    }
  });
});

describe('copy from the coalition landing (issue 29 item 5)', () => {
  it('copies a program into a new draft and opens it in the editor, at 375 px', async () => {
    const page: Page = await newPage(browser, { baseURL: app.url, width: 375 });
    await signInAs(page.context(), app.url, 'coalition@demo.test');
    try {
      await page.goto('/coalition/metro-arts-coalition/cm');
      const programs = page.getByRole('region', { name: 'Programs', exact: true });
      const copyButton = programs.getByRole('button', { name: 'Copy Youth Orchestra Auditions' });
      await copyButton.waitFor();
      await expectNoAxeViolations(page);
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      const original = page.url();
      await copyButton.click();
      await page.waitForURL(/\/coalition\/metro-arts-coalition\/cm\/programs\/[0-9a-f-]+\/builder$/);
      expect(page.url()).not.toBe(original);
      await page.getByText('Copied as a new draft: Youth Orchestra Auditions (copy)').waitFor();
      const copyId = /programs\/([0-9a-f-]+)\/builder$/.exec(page.url())?.[1];
      const res = await page.context().request.get(`${app.url}/api/programs/${copyId}/editor`);
      expect(res.status()).toBe(200);
      const editor = (await res.json()) as { form: { questions: unknown[] } };
      expect(editor.form.questions.length).toBeGreaterThan(0);

      await page.goto('/coalition/metro-arts-coalition/cm');
      await programs.getByRole('heading', { level: 3, name: 'Youth Orchestra Auditions (copy)' }).waitFor();
      expect(await fits()).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

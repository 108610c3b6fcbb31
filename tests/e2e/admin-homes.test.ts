import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 33 items 18 and 20: the org admin's home shows what needs them, each number opening the
 * filtered screen; the coalition manager's landing gives their programs' downloads and All Reviews.
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

async function pageAs(email: string, width: number): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

/** Nothing wider than the screen (a phone scrolls only down). */
async function expectNoSideScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.each([
  ['desktop', 1280],
  ['phone', 375],
])('org admin home (%s)', (_, width) => {
  it('shows what needs the admin, each number opening the filtered screen', async () => {
    const page = await pageAs('admin@demo.test', width);
    try {
      await page.goto('/org/riverside-arts/admin');
      const needs = page.getByRole('region', { name: 'What needs you' });
      await needs.waitFor();
      const newSubmissions = needs.getByRole('link', { name: /New submissions/ });
      await newSubmissions.waitFor();
      for (const label of [/Closing this week/, /Results ready to publish/, /Changes requested/]) {
        await needs.getByRole('link', { name: label }).waitFor();
      }
      await needs.getByText('Reviewers behind').waitFor();
      await expectNoAxeViolations(page);
      await expectNoSideScroll(page);

      // New submissions open the inbox filtered to them.
      await newSubmissions.click();
      await page.waitForURL(/\/org\/riverside-arts\/admin\/reviews\?.*since=/);
      await page.getByText(/^Submitted since /).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Applications Inbox' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Show all' }).click();
      await page.getByText(/^Submitted since /).waitFor({ state: 'detached' });

      // Programs closing this week open the Programs page filtered.
      await page.goto('/org/riverside-arts/admin');
      await needs.getByRole('link', { name: /Closing this week/ }).click();
      await page.waitForURL(/\/org\/riverside-arts\/admin\/programs\?show=closing$/);
      await page.getByRole('heading', { level: 2, name: /^Closing this week/ }).waitFor();
      await page.getByRole('link', { name: 'Show all programs' }).waitFor();
      await expectNoAxeViolations(page);
      await expectNoSideScroll(page);
    } finally {
      await page.context().close();
    }
  });
});

describe.each([
  ['desktop', 1280],
  ['phone', 375],
])('coalition manager landing (%s)', (_, width) => {
  it('lists the programs with their downloads, and All Reviews opens for the manager', async () => {
    const page = await pageAs('coalition@demo.test', width);
    try {
      await page.goto('/coalition/metro-arts-coalition/cm');
      const programs = page.getByRole('region', { name: 'Programs', exact: true });
      await programs.getByRole('link', { name: /Edit application of Principal Chair Auditions/ }).waitFor();
      await programs.getByRole('button', { name: 'Applications CSV' }).first().waitFor();
      await programs.getByRole('button', { name: 'Reviews XLSX' }).first().waitFor();
      expect(await page.getByText(/coming soon/i).count()).toBe(0);
      await expectNoAxeViolations(page);
      await expectNoSideScroll(page);

      await page.getByRole('link', { name: /All Reviews/ }).click();
      await page.waitForURL(/\/review\/all$/);
      await page.getByRole('heading', { level: 1, name: 'All Reviews' }).waitFor();
      await page.getByRole('button', { name: 'Reviews CSV' }).waitFor();
      await page.getByText(/As a coalition manager you download the reviews/).waitFor();
      expect(page.url()).not.toMatch(/unauthorized/);
      await expectNoAxeViolations(page);
      await expectNoSideScroll(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('mail is off (issue 33 item 8)', () => {
  it('says so before an action that promises an email', async () => {
    const off = await startServer({ env: { MAIL: 'off' } });
    const page = await newPage(browser, { baseURL: off.url, width: 375 });
    try {
      await signInAs(page.context(), off.url, 'admin@demo.test');
      expect((await (await fetch(`${off.url}/api/config`)).json()).mail_off).toBe(true);
      await page.goto('/org/riverside-arts/admin/reviewers');
      await page.getByRole('button', { name: /Youth Orchestra Auditions/ }).click();
      await page.getByRole('button', { name: 'Add Reviewer' }).click();
      const note = page.getByRole('note').filter({ hasText: 'Mail is off on this server.' });
      await note.waitFor();
      expect(await note.textContent()).toContain('The email telling them of their new role will not be sent');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
      await off.stop();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * The new question types in the applicant's browser (issue 29 item 3: "validation on both sides"): on
 * the demo's Arts Leaders Scholarship (a number, a multiple select, a conditional web address), a bad
 * answer is named beside its field once the applicant leaves it, by the check the server makes on
 * save; fixed, the message goes and the answer is saved as its kind (a number as a number). 375 px.
 */

let app: RunningServer;
let browser: Browser;
let programId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
  const res = await fetch(`${app.url}/api/programs?search=${encodeURIComponent('Arts Leaders Scholarship')}`);
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  const found = items.find((p) => p.name === 'Arts Leaders Scholarship');
  if (!found) throw new Error('the demo data has no published Arts Leaders Scholarship');
  programId = found.id;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const saved = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
  );

describe('new question types in the browser', () => {
  it('names a bad number, web address or number of choices beside the field, and saves the fixed answers', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    const context = page.context();
    try {
      await context.addInitScript(() => localStorage.setItem('applyhub:autosave-delay-ms', '400'));
      await signInAs(context, app.url, 'types.in@example.test', 'Types In');
      await page.goto('/onboarding');
      await page.getByLabel('Full name').fill('Types In');
      await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
      await page.getByRole('button', { name: 'Finish sign up' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto(`/programs/${programId}/apply`);
      await page.getByRole('button', { name: /Start \/ Continue Application/ }).click();
      await page.waitForURL('**/applications/*');
      const applicationId = new URL(page.url()).pathname.split('/').at(-1) as string;

      // A number past its largest: nothing while typing, the server's words once the field is left.
      const gpa = page.getByRole('spinbutton', { name: 'Current GPA' });
      await gpa.fill('7');
      expect(await page.getByText('Enter a number of at most 5.', { exact: true }).count()).toBe(0);
      await gpa.press('Tab');
      await page.getByText('Enter a number of at most 5.', { exact: true }).waitFor();
      expect(await gpa.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page);
      await gpa.fill('3.5');
      await expect
        .poll(() => page.getByText('Enter a number of at most 5.', { exact: true }).count())
        .toBe(0);
      await saved(page);

      await page.getByRole('button', { name: 'Next section' }).click();
      await page.getByRole('heading', { level: 3, name: /Your plans/ }).waitFor();
      const fields = page.getByRole('group', { name: /What will you study\?/ });
      await fields.getByRole('checkbox', { name: 'Visual arts' }).click();
      // The conditional web address appears; an address without https:// is named once left.
      const link = page.getByLabel(/Link to your online portfolio/);
      await link.fill('www.example.org');
      await link.press('Tab');
      await page.getByText('Enter a web address starting with https://', { exact: true }).waitFor();
      await link.fill('https://example.org/portfolio');
      await expect
        .poll(() => page.getByText('Enter a web address starting with https://', { exact: true }).count())
        .toBe(0);

      // Three choices where two are the most.
      await fields.getByRole('checkbox', { name: 'Film' }).click();
      await fields.getByRole('checkbox', { name: 'Music' }).click();
      await page.getByLabel(/Describe a time you led a creative project/).focus();
      await page.getByText('Choose at most 2.', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await fields.getByRole('checkbox', { name: 'Music' }).click();
      await expect.poll(() => page.getByText('Choose at most 2.', { exact: true }).count()).toBe(0);
      await saved(page);

      // Submit from the second section with a bad answer in the first: the server refuses it, naming
      // it, and the page goes to that section, the field saying why.
      await page.getByRole('button', { name: 'Previous section' }).click();
      await gpa.fill('9');
      await page.getByRole('button', { name: 'Next section' }).click();
      await page.getByRole('heading', { level: 3, name: /Your plans/ }).waitFor();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('heading', { level: 3, name: /About you/ }).waitFor();
      await page.getByText('Enter a number of at most 5.', { exact: true }).waitFor();
      await gpa.fill('3.5');
      await saved(page);

      const res = await context.request.get(`${app.url}/api/applications/${applicationId}`);
      const { answers } = (await res.json()) as { answers: Record<string, unknown> };
      expect(answers).toMatchObject({
        q_gpa: 3.5,
        q_fields: ['Visual arts', 'Film'],
        q_portfolio_link: 'https://example.org/portfolio',
      });
    } finally {
      await context.close();
    }
  });
});

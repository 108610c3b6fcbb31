import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** The table question (issue 29 item 3, decision 060): built in the builder, filled by an applicant. */

let app: RunningServer;
let browser: Browser;
let programId: string;
/** The applicant's application (second test), read by the reviewer (third). */
let applicationId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
  const page = await newPage(browser, { baseURL: app.url });
  await signInAs(page.context(), app.url, 'admin@demo.test');
  const res = await page.context().request.get(`${app.url}/api/orgs/riverside-arts/programs`);
  const { items } = (await res.json()) as {
    items: { id: string; review_status: string; requires_super_approval: boolean }[];
  };
  const direct = items.find((p) => p.review_status === 'draft' && !p.requires_super_approval);
  if (!direct)
    throw new Error('the demo data has no draft program of riverside-arts that publishes directly');
  programId = direct.id;
  // Open from publication, no deadline: the applicant can start at once.
  const schedule = await (
    await page.context().request.get(`${app.url}/api/programs/${programId}/schedule`)
  ).json();
  const put = await page.context().request.put(`${app.url}/api/programs/${programId}/schedule`, {
    data: {
      open_at: null,
      close_at: null,
      reminder_hours: schedule.reminder_hours,
      version: schedule.version,
    },
    headers: { Origin: app.url },
  });
  if (put.status() !== 200) throw new Error(`schedule: ${put.status()} ${await put.text()}`);
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const row = (page: Page, label: string) =>
  page.locator('li[data-question-key]').filter({ has: page.locator(`input[value="${label}"]`) });

async function api(context: BrowserContext, method: 'GET' | 'POST', path: string) {
  const res = await context.request.fetch(`${app.url}/api${path}`, { method, headers: { Origin: app.url } });
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

const saved = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
  );

describe('table question', () => {
  it('the admin adds a budget table with columns, a row limit and a total, and publishes it', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 1280, height: 1400 });
    try {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      await page.getByRole('button', { name: 'Add Table question' }).click();
      await page.keyboard.type('Budget');
      const budget = row(page, 'Budget');
      // A new table starts as item + amount, totalled.
      expect(await budget.getByRole('textbox', { name: /^Column 1 heading/ }).inputValue()).toBe('Item');
      expect(await budget.getByRole('textbox', { name: /^Column 2 heading/ }).inputValue()).toBe('Amount');
      await budget.getByRole('button', { name: /^Add column/ }).click();
      // The new column's heading takes focus (once it has rendered): typed from the keyboard.
      const third = budget.getByRole('textbox', { name: /^Column 3 heading/ });
      await expect.poll(() => third.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Notes');
      await budget.getByRole('button', { name: 'Move Notes column up' }).click();
      expect(await budget.getByRole('textbox', { name: /^Column 2 heading/ }).inputValue()).toBe('Notes');
      await budget.getByRole('button', { name: 'Remove Notes column' }).click();
      expect(await budget.getByRole('textbox', { name: /^Column 3 heading/ }).count()).toBe(0);
      await budget.getByRole('spinbutton', { name: /^Most rows/ }).fill('5');
      expect(await budget.getByRole('combobox', { name: /^Total of/ }).inputValue()).toBe('c2');
      // A total of a column that stops being a number is dropped with it.
      await budget.getByRole('combobox', { name: /^Kind of column 2/ }).selectOption('text');
      expect(await budget.getByRole('combobox', { name: /^Total of/ }).inputValue()).toBe('');
      await budget.getByRole('combobox', { name: /^Kind of column 2/ }).selectOption('number');
      await budget.getByRole('combobox', { name: /^Total of/ }).selectOption({ label: 'Amount' });
      await expectNoAxeViolations(page);
      // The settings fit a phone.
      await page.setViewportSize({ width: 375, height: 900 });
      await budget.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 1400 });

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Publish now' }).click();
      await page
        .getByText("Program published successfully! It's now live and visible to applicants.")
        .waitFor();
      const editor = await api(page.context(), 'GET', `/programs/${programId}/editor`);
      const table = editor.form.questions.find((q: { label: string }) => q.label === 'Budget');
      expect(table).toMatchObject({
        type: 'table',
        columns: [
          { key: 'c1', label: 'Item', type: 'text' },
          { key: 'c2', label: 'Amount', type: 'number' },
        ],
        maxRows: 5,
        totalColumn: 'c2',
      });
    } finally {
      await page.context().close();
    }
  });

  it('the applicant fills two rows at 375 px, sees the total change live, and finds it after a reload', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    const context = page.context();
    try {
      await context.addInitScript(() => localStorage.setItem('applyhub:autosave-delay-ms', '400'));
      await signInAs(context, app.url, 'budget.writer@example.test', 'Budget Writer');
      await page.goto('/onboarding');
      await page.getByLabel('Full name').fill('Budget Writer');
      await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
      await page.getByRole('button', { name: 'Finish sign up' }).click();
      await page.waitForURL('**/dashboard');
      const started = await api(context, 'POST', `/programs/${programId}/applications`);
      applicationId = started.id;
      await page.goto(`/applications/${started.id}`);

      const table = page.getByRole('group', { name: 'Budget' });
      await table.waitFor();
      const total = table.getByTestId('table-total');
      expect(await total.textContent()).toBe('Total: 0');
      // One row to start with, and it cannot be removed.
      expect(await table.getByRole('button', { name: /^Remove row/ }).count()).toBe(0);
      await table.getByRole('textbox', { name: 'Item, row 1' }).fill('Venue');
      await table.getByRole('spinbutton', { name: 'Amount, row 1' }).fill('500');
      await expect.poll(() => total.textContent()).toBe('Total: 500');
      expect(await total.getAttribute('aria-live')).toBe('polite');
      await table.getByRole('button', { name: 'Add row' }).click();
      // The new row's first cell has focus.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id') ?? ''))
        .toMatch(/-r2-c1$/);
      await page.keyboard.type('Catering');
      await table.getByRole('spinbutton', { name: 'Amount, row 2' }).fill('750');
      await expect.poll(() => total.textContent()).toBe('Total: 1,250');
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await saved(page);

      // The server stored the rows and the total it worked out itself.
      const stored = await api(context, 'GET', `/applications/${started.id}`);
      const key = stored.program.form.questions.find((q: { label: string }) => q.label === 'Budget').key;
      expect(stored.answers[key]).toEqual({
        rows: [
          { c1: 'Venue', c2: 500 },
          { c1: 'Catering', c2: 750 },
        ],
        total: 1250,
      });

      await page.reload();
      await table.waitFor();
      expect(await table.getByRole('textbox', { name: 'Item, row 2' }).inputValue()).toBe('Catering');
      expect(await table.getByRole('spinbutton', { name: 'Amount, row 1' }).inputValue()).toBe('500');
      expect(await total.textContent()).toBe('Total: 1,250');

      // Removing a row takes its amount out of the total.
      await table.getByRole('button', { name: 'Remove row 1' }).click();
      await expect.poll(() => total.textContent()).toBe('Total: 750');
      expect(await table.getByRole('textbox', { name: 'Item, row 1' }).inputValue()).toBe('Catering');
      await expectNoAxeViolations(page);
      await saved(page);

      // Submitted (the form's other required answers through the API), for the reviewer.
      const current = await api(context, 'GET', `/applications/${started.id}`);
      const answers = { ...current.answers };
      for (const q of current.program.form.questions)
        if (q.required && answers[q.key] === undefined) {
          if (q.type !== 'select') throw new Error(`the demo form asks for ${q.type}: answer it here`);
          answers[q.key] = q.options[0];
        }
      const submit = await context.request.post(`${app.url}/api/applications/${started.id}/submit`, {
        data: { answers, version: current.version },
        headers: { Origin: app.url },
      });
      expect(submit.status(), await submit.text()).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('the reviewer sees the rows as a small table with the total, at 375 px', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await signInAs(page.context(), app.url, 'reviewer@demo.test');
      await page.goto(`/review/app/${applicationId}`);
      const responses = page.getByRole('region', { name: 'Applicant Responses' });
      const budget = responses.getByRole('region', { name: 'Budget' });
      await budget.waitFor();
      expect(await budget.getByRole('columnheader').allTextContents()).toEqual(['Item', 'Amount']);
      expect(await budget.getByRole('row').count()).toBe(2);
      await budget.getByRole('cell', { name: 'Catering' }).waitFor();
      await budget.getByText('Total: 750').waitFor();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await page.context().close();
    }
  });
});

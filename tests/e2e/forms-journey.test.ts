import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 29's end-to-end Done-when as one journey, all through the UI: the org admin builds a two-section
 * form with a conditional question, a table with a total and a screening step, and publishes it; one
 * applicant is screened out with the admin's message; another passes, fills the form section by section
 * and submits; the program's reviewer sees only the visible answers.
 */

let app: RunningServer;
let browser: Browser;
let programId: string;
let programName: string;
/** Applicant 2's application, read by the reviewer. */
let applicationId: string;
const FAIL = 'Sorry: the Fall Dance Showcase is open to residents of the state only.';
/** E2E_SCREENSHOTS=<dir>: full-page PNGs of each new screen and state, to look at. */
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forms-${name}.png`, fullPage: true });
};

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
  const page = await newPage(browser, { baseURL: app.url });
  await signInAs(page.context(), app.url, 'admin@demo.test');
  const res = await page.context().request.get(`${app.url}/api/orgs/riverside-arts/programs`);
  const { items } = (await res.json()) as {
    items: { id: string; name: string; review_status: string; requires_super_approval: boolean }[];
  };
  const direct = items.find((p) => p.review_status === 'draft' && !p.requires_super_approval);
  if (!direct)
    throw new Error('the demo data has no draft program of riverside-arts that publishes directly');
  programId = direct.id;
  programName = direct.name;
  // Open from publication, no deadline: applicants can start at once (as the other e2e files set up).
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

async function addQuestion(page: Page, type: string, label: string) {
  await page.getByRole('button', { name: `Add ${type} question` }).click();
  // The new question's label has focus, its text selected: typing replaces it.
  await page.keyboard.type(label);
}

/** Reads through the API (assertions only; every step of the journey itself goes through the UI). */
async function api(context: BrowserContext, method: 'GET' | 'POST', path: string) {
  const res = await context.request.fetch(`${app.url}/api${path}`, { method, headers: { Origin: app.url } });
  return { status: res.status(), body: await res.json() };
}

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

async function onboard(page: Page, email: string, name: string) {
  await signInAs(page.context(), app.url, email, name);
  await page.goto('/onboarding');
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
  await page.getByRole('button', { name: 'Finish sign up' }).click();
  await page.waitForURL('**/dashboard');
}

/** From the program's page, "Start / Continue Application" leads to the screening step. */
async function answerScreening(page: Page, resident: 'Yes' | 'No') {
  await page.goto(`/programs/${programId}/apply`);
  await page.getByRole('button', { name: /Start \/ Continue Application/ }).click();
  await page.waitForURL(`**/programs/${programId}/screening`);
  await page.getByRole('heading', { level: 1, name: 'Before you apply' }).waitFor();
  await expectNoAxeViolations(page);
  await noOverflow(page);
  await shot(page, `screening-${resident}`);
  await page
    .getByRole('group', { name: /Resident of the state/ })
    .getByRole('radio', { name: resident })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const saved = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
  );

describe('forms journey (issue 29)', () => {
  it('the org admin builds two sections, a conditional question, a table and screening, and publishes', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 1280, height: 1400 });
    try {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      // The draft is opened from the program list, as an admin would.
      await page.goto('/org/riverside-arts/admin/programs');
      await page.getByRole('link', { name: `Edit ${programName}` }).click();
      await page.waitForURL(`**/programs/${programId}/builder`);
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();

      // Two sections: the first takes the questions already there; new questions go to the last.
      await page.getByRole('button', { name: 'Add section' }).click();
      await page.getByRole('textbox', { name: 'Section 1 title' }).fill('About you');
      await page.getByRole('button', { name: 'Add section' }).click();
      await page.getByRole('textbox', { name: 'Section 2 title' }).fill('Your plans');

      // A conditional question: shown only for string players, picked from the choice's real options.
      await addQuestion(page, 'Multiple choice', 'Instrument');
      await row(page, 'Instrument')
        .getByRole('textbox', { name: /Options/ })
        .fill('Violin\nViola\nPiano');
      await addQuestion(page, 'Short text', 'Which strings?');
      const dependent = row(page, 'Which strings?');
      await dependent.getByRole('button', { name: /^Add a condition/ }).click();
      await dependent.getByRole('combobox', { name: /^Question \(/ }).selectOption({ label: 'Instrument' });
      await dependent.getByRole('combobox', { name: /^Comparison/ }).selectOption('one_of');
      await dependent.getByRole('checkbox', { name: 'Viola' }).click();
      await dependent.getByText('Shown if Instrument is Violin or Viola').waitFor();

      // A budget table: item and amount, the amount totalled.
      await addQuestion(page, 'Table', 'Budget');
      const budget = row(page, 'Budget');
      expect(await budget.getByRole('textbox', { name: /^Column 1 heading/ }).inputValue()).toBe('Item');
      expect(await budget.getByRole('textbox', { name: /^Column 2 heading/ }).inputValue()).toBe('Amount');
      expect(await budget.getByRole('combobox', { name: /^Total of/ }).inputValue()).toBe('c2');

      // Screening: a yes/no question whose pass rule is "= Yes", and the admin's own message.
      await page.getByRole('button', { name: 'Turn on screening' }).click();
      await page.getByRole('textbox', { name: /^Screening question 1/ }).fill('Resident of the state');
      await page.getByText('Resident of the state is Yes', { exact: true }).waitFor();
      await page.getByLabel('Message for applicants who do not pass').fill(FAIL);
      await expectNoAxeViolations(page);
      await shot(page, 'builder');

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Publish now' }).click();
      await page
        .getByText("Program published successfully! It's now live and visible to applicants.")
        .waitFor();
      await expectNoAxeViolations(page);

      // What was published is what was built.
      const { form } = (await api(page.context(), 'GET', `/programs/${programId}/editor`)).body;
      expect(form.sections.map((s: { title: string }) => s.title)).toEqual(['About you', 'Your plans']);
      const byLabel = (label: string) => form.questions.find((q: { label: string }) => q.label === label);
      expect(byLabel('Which strings?').showIf).toEqual({
        join: 'all',
        rules: [{ question: byLabel('Instrument').key, op: 'one_of', value: ['Violin', 'Viola'] }],
      });
      expect(byLabel('Budget')).toMatchObject({ type: 'table', totalColumn: 'c2' });
      expect(form.screening.pass.rules).toEqual([
        { question: form.screening.questions[0].key, op: 'equals', value: 'yes' },
      ]);
      expect(form.screening.failMessage).toBe(FAIL);
    } finally {
      await page.context().close();
    }
  });

  it('applicant 1 is screened out with the admin’s message, and no application exists (375 px)', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await onboard(page, 'journey.out@example.test', 'Journey Out');
      await answerScreening(page, 'No');
      await page.getByRole('heading', { level: 1, name: 'Not eligible' }).waitFor();
      await page.getByText(FAIL).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, 'screened-out');
      await noOverflow(page);
      expect((await api(page.context(), 'GET', '/me/applications/drafts')).body.total).toBe(0);
      // …nor can one be started past the screening.
      expect((await api(page.context(), 'POST', `/programs/${programId}/applications`)).status).toBe(409);
    } finally {
      await page.context().close();
    }
  });

  it('applicant 2 passes, fills both sections (the conditional question comes and goes), and submits (375 px)', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    const context = page.context();
    try {
      await context.addInitScript(() => localStorage.setItem('applyhub:autosave-delay-ms', '400'));
      await onboard(page, 'journey.in@example.test', 'Journey In');
      await answerScreening(page, 'Yes');
      // Straight into the form.
      await page.waitForURL('**/applications/*');
      applicationId = new URL(page.url()).pathname.split('/').at(-1) as string;

      const steps = page.getByRole('navigation', { name: 'Sections' });
      const first = steps.getByRole('button', { name: /^1\. About you/ });
      const second = steps.getByRole('button', { name: /^2\. Your plans/ });
      await first.waitFor();
      expect(await first.getAttribute('aria-current')).toBe('step');
      // Dance style (required) is not answered yet: the step list says so.
      await steps.getByRole('button', { name: /^1\. About you · 1 required missing/ }).waitFor();
      expect(await page.getByLabel('Instrument').count()).toBe(0);
      await expectNoAxeViolations(page);
      await noOverflow(page);
      await shot(page, 'section-1');
      await page.getByLabel('Where do you currently train?').fill('Riverside studio');

      await page.getByRole('button', { name: 'Next section' }).click();
      await page.getByRole('heading', { level: 3, name: /Your plans/ }).waitFor();
      expect(await second.getAttribute('aria-current')).toBe('step');
      const instrument = page.getByLabel('Instrument');
      await instrument.waitFor();
      expect(await page.getByLabel('Which strings?').count()).toBe(0);

      // The triggering option shows the question at once, told politely.
      await instrument.selectOption('Viola');
      await page.getByLabel('Which strings?').waitFor();
      await expect
        .poll(() => page.getByTestId('questions-news').textContent())
        .toBe('Which strings? appeared.');
      expect(await page.getByTestId('questions-news').getAttribute('aria-live')).toBe('polite');
      await page.getByLabel('Which strings?').fill('G and D');
      await expectNoAxeViolations(page);

      // The budget: the total follows the rows.
      const table = page.getByRole('group', { name: 'Budget' });
      const total = table.getByTestId('table-total');
      expect(await total.textContent()).toBe('Total: 0');
      await table.getByRole('textbox', { name: 'Item, row 1' }).fill('Shoes');
      await table.getByRole('spinbutton', { name: 'Amount, row 1' }).fill('120');
      await expect.poll(() => total.textContent()).toBe('Total: 120');
      await table.getByRole('button', { name: 'Add row' }).click();
      await table.getByRole('textbox', { name: 'Item, row 2' }).fill('Coaching');
      await table.getByRole('spinbutton', { name: 'Amount, row 2' }).fill('380');
      await expect.poll(() => total.textContent()).toBe('Total: 500');
      await expectNoAxeViolations(page);
      await noOverflow(page);
      await shot(page, 'section-2');

      // Submit checks everything: Dance style is missing, so it jumps back to the first section.
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page
        .getByRole('alert')
        .getByText('Please complete the following required fields: Dance style')
        .waitFor();
      await page.getByRole('heading', { level: 3, name: /About you/ }).waitFor();
      expect(await first.getAttribute('aria-current')).toBe('step');
      // What was typed in the first section is still there.
      expect(await page.getByLabel('Where do you currently train?').inputValue()).toBe('Riverside studio');
      await expectNoAxeViolations(page);
      await shot(page, 'submit-refused');
      await page.getByLabel('Dance style').selectOption('Ballet');
      // …and the step list stops counting it as missing.
      await steps.getByRole('button', { name: '1. About you', exact: true }).waitFor();

      // Back to the second section through the step list: its answers are kept.
      await second.click();
      await page.getByRole('heading', { level: 3, name: /Your plans/ }).waitFor();
      expect(await page.getByLabel('Instrument').inputValue()).toBe('Viola');
      expect(await page.getByLabel('Which strings?').inputValue()).toBe('G and D');
      expect(await table.getByRole('textbox', { name: 'Item, row 2' }).inputValue()).toBe('Coaching');
      expect(await total.textContent()).toBe('Total: 500');

      // A change of mind: the conditional question goes, its typed answer with it.
      await page.getByLabel('Instrument').selectOption('Piano');
      await expect.poll(() => page.getByLabel('Which strings?').count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('questions-news').textContent())
        .toBe('Which strings? was hidden.');
      await expectNoAxeViolations(page);
      await saved(page);
      // The server kept no answer for the hidden question.
      const stored = (await api(context, 'GET', `/applications/${applicationId}`)).body;
      const keyOf = (label: string) =>
        stored.program.form.questions.find((q: { label: string }) => q.label === label).key;
      expect(stored.answers).not.toHaveProperty(keyOf('Which strings?'));
      expect(stored.answers[keyOf('Instrument')]).toBe('Piano');
      expect(stored.answers[keyOf('Budget')]).toEqual({
        rows: [
          { c1: 'Shoes', c2: 120 },
          { c1: 'Coaching', c2: 380 },
        ],
        total: 500,
      });

      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.waitForURL(`**/applications/${applicationId}/submitted`);
      const done = page.getByRole('region', { name: 'Application submitted!' });
      await done.getByText(programName).waitFor();
      await expectNoAxeViolations(page);
      await noOverflow(page);
    } finally {
      await context.close();
    }
  });

  it('the reviewer sees the visible answers only: the hidden question’s typed answer is absent', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 1280, height: 1000 });
    try {
      await signInAs(page.context(), app.url, 'reviewer@demo.test');
      await page.goto(`/review/app/${applicationId}`);
      const responses = page.getByRole('region', { name: 'Applicant Responses' });
      await responses.waitFor();
      await responses.getByText('Ballet', { exact: true }).waitFor();
      await responses.getByText('Riverside studio', { exact: true }).waitFor();
      await responses.getByText('Piano', { exact: true }).waitFor();
      const budget = responses.getByRole('region', { name: 'Budget' });
      await budget.getByRole('cell', { name: 'Coaching' }).waitFor();
      await budget.getByText('Total: 500').waitFor();
      expect(await page.getByText('Which strings?').count()).toBe(0);
      expect(await page.getByText('G and D').count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, 'review');
    } finally {
      await page.context().close();
    }
  });
});

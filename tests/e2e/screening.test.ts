import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Eligibility screening (issue 29 item 2, decision 061): built in the builder, then two applicants. */

let app: RunningServer;
let browser: Browser;
let programId: string;
const FAIL = 'Sorry: this grant is for residents of the state with a household income up to 50000.';

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
  // Open from publication, no deadline: applicants can start at once.
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

async function api(context: BrowserContext, method: 'GET' | 'POST', path: string) {
  const res = await context.request.fetch(`${app.url}/api${path}`, { method, headers: { Origin: app.url } });
  return { status: res.status(), body: await res.json() };
}

async function onboard(page: Page, email: string, name: string) {
  await signInAs(page.context(), app.url, email, name);
  await page.goto('/onboarding');
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
  await page.getByRole('button', { name: 'Finish sign up' }).click();
  await page.waitForURL('**/dashboard');
}

/** From the program's apply page, "Start / Continue Application" leads to the screening step. */
async function answerScreening(page: Page, resident: 'Yes' | 'No', income: string) {
  await page.goto(`/programs/${programId}/apply`);
  await page.getByRole('button', { name: /Start \/ Continue Application/ }).click();
  await page.waitForURL(`**/programs/${programId}/screening`);
  await page.getByRole('heading', { level: 1, name: 'Before you apply' }).waitFor();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Every question is needed: Continue with nothing answered names them.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('alert').getByText('Please answer every eligibility question.').waitFor();
  await page
    .getByRole('group', { name: /Resident of the state/ })
    .getByRole('radio', { name: resident })
    .check();
  await page.getByLabel(/Household income/).fill(income);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('eligibility screening', () => {
  it('the admin turns on screening with a yes/no and a number question and rules, and publishes', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 1280, height: 1400 });
    try {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      await page.getByRole('button', { name: 'Turn on screening' }).click();
      await page.getByRole('textbox', { name: /^Screening question 1/ }).fill('Resident of the state');
      await page.getByRole('button', { name: 'Add Number screening question' }).click();
      await page.getByRole('textbox', { name: /^Screening question 2/ }).fill('Household income');
      await page.getByRole('button', { name: 'Add a rule' }).click();
      // The rule's question and comparison are picked, never typed.
      await page
        .getByRole('combobox', { name: 'Question (rule 2)' })
        .selectOption({ label: 'Household income' });
      await page.getByRole('combobox', { name: 'Comparison (rule 2)' }).selectOption('at_most');
      const limit = page.getByRole('spinbutton', { name: 'Number (rule 2)' });
      await limit.fill('50000');
      await page.getByText('Resident of the state is Yes', { exact: true }).waitFor();
      await page.getByText('Household income is at most 50000', { exact: true }).waitFor();
      // Typed over key by key: the field can be emptied on the way (the rule keeps its last number).
      await limit.press('Control+A');
      await limit.press('Backspace');
      expect(await limit.inputValue()).toBe('');
      await limit.pressSequentially('45000');
      await page.getByText('Household income is at most 45000', { exact: true }).waitFor();
      await limit.fill('50000');
      await page.getByText('Household income is at most 50000', { exact: true }).waitFor();
      await page.getByLabel('Message for applicants who do not pass').fill(FAIL);
      // The try-out evaluates the rules as the server will.
      await page.getByText('Try the screening').click();
      await page
        .getByRole('group', { name: /Resident of the state \(try-out\)/ })
        .getByRole('radio', { name: 'No' })
        .check();
      await page.getByLabel(/Household income \(try-out\)/).fill('60000');
      await page
        .getByText(
          'These answers do not pass: Resident of the state is Yes; Household income is at most 50000.',
        )
        .waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Publish now' }).click();
      await page
        .getByText("Program published successfully! It's now live and visible to applicants.")
        .waitFor();
      const editor = (await api(page.context(), 'GET', `/programs/${programId}/editor`)).body;
      expect(editor.form.screening.pass.rules).toEqual([
        { question: editor.form.screening.questions[0].key, op: 'equals', value: 'yes' },
        { question: editor.form.screening.questions[1].key, op: 'at_most', value: 50000 },
      ]);
      expect(editor.form.screening.failMessage).toBe(FAIL);
    } finally {
      await page.context().close();
    }
  });

  it('applicant A does not pass: the admin’s message, and no application (375 px, axe clean)', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await onboard(page, 'screened.out@example.test', 'Screened Out');
      await answerScreening(page, 'No', '20000');
      await page.getByRole('heading', { level: 1, name: 'Not eligible' }).waitFor();
      await page.getByText(FAIL).waitFor();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const drafts = (await api(page.context(), 'GET', '/me/applications/drafts')).body;
      expect(drafts.total).toBe(0);
      expect((await api(page.context(), 'POST', `/programs/${programId}/applications`)).status).toBe(409);
    } finally {
      await page.context().close();
    }
  });

  it('applicant B passes and lands in the application form', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await onboard(page, 'screened.in@example.test', 'Screened In');
      await answerScreening(page, 'Yes', '30000');
      await page.waitForURL('**/applications/*');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect((await api(page.context(), 'GET', '/me/applications/drafts')).body.total).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('the dashboard shows 1 passed, 1 screened out, and the failed rule', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 1280, height: 1400 });
    try {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto(`/org/riverside-arts/admin/programs/${programId}/dashboard`);
      const panel = page.getByRole('region', { name: 'Screening' });
      await panel.waitFor();
      expect(await panel.getByRole('definition').allTextContents()).toEqual(['1', '1']);
      const rules = await panel.getByRole('listitem').allTextContents();
      expect(rules).toEqual([
        'Resident of the state is Yes1 screened out',
        'Household income is at most 500000 screened out',
      ]);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });
});

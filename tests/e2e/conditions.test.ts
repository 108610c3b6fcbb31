import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Conditional questions (issue 29 item 1): built in the builder, followed by the applicant's page. */

let app: RunningServer;
let browser: Browser;
let programId: string;

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

const rows = (page: Page) => page.locator('li[data-question-key]');
const row = (page: Page, label: string) =>
  rows(page).filter({ has: page.locator(`input[value="${label}"]`) });

async function addQuestion(page: Page, type: string, label: string) {
  await page.getByRole('button', { name: `Add ${type} question` }).click();
  await page.keyboard.type(label);
}

async function api(context: BrowserContext, method: 'GET' | 'POST', path: string) {
  const res = await context.request.fetch(`${app.url}/api${path}`, { method, headers: { Origin: app.url } });
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

describe('conditional questions', () => {
  it('the admin builds "Show only if" from real options; a depended-on question cannot be deleted', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 1280, height: 1400 });
    try {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      // Two sections: the first takes the questions already there; new questions go to the last.
      await page.getByRole('button', { name: 'Add section' }).click();
      await page.getByRole('textbox', { name: 'Section 1 title' }).fill('About you');
      await page.getByRole('button', { name: 'Add section' }).click();
      await page.getByRole('textbox', { name: 'Section 2 title' }).fill('Your music');
      await addQuestion(page, 'Multiple choice', 'Instrument');
      await row(page, 'Instrument')
        .getByRole('textbox', { name: /Options/ })
        .fill('Violin\nViola\nPiano');
      await addQuestion(page, 'Short text', 'Which strings?');
      const dependent = row(page, 'Which strings?');
      await dependent.getByRole('button', { name: /^Add a condition/ }).click();
      // The rule is picked from the earlier question's real options, never typed.
      await dependent.getByRole('combobox', { name: /^Question \(/ }).selectOption({ label: 'Instrument' });
      await dependent.getByRole('combobox', { name: /^Comparison/ }).selectOption('one_of');
      await dependent.getByRole('checkbox', { name: 'Viola' }).click();
      await dependent.getByText('Shown if Instrument is Violin or Viola').waitFor();
      await expectNoAxeViolations(page);

      await row(page, 'Instrument').getByRole('button', { name: 'Delete Instrument' }).click();
      await page
        .getByRole('alert')
        .getByText(
          '"Instrument" cannot be deleted: "Which strings?" depends on it. Change or remove that condition first.',
        )
        .waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      // Nor moved above its source through another section: refused, naming both, the section kept.
      const sectionOf = dependent.getByRole('combobox', { name: /^Section/ });
      await sectionOf.selectOption({ label: 'About you' });
      await page
        .getByRole('alert')
        .getByText(
          'This would put "Which strings?" before "Instrument", which it depends on. Change or remove that condition first.',
        )
        .waitFor();
      expect(await sectionOf.inputValue()).toBe(
        await row(page, 'Instrument')
          .getByRole('combobox', { name: /^Section/ })
          .inputValue(),
      );

      // A third section shown only to string players (decision 062): its rule on an earlier section's question.
      await page.getByRole('button', { name: 'Add section' }).click();
      await page.getByRole('textbox', { name: 'Section 3 title' }).fill('String section');
      await addQuestion(page, 'Short text', 'Bow hold');
      const third = page.getByRole('list', { name: 'Sections' }).getByRole('listitem').nth(2);
      await third.getByRole('button', { name: 'Add a condition to section 3' }).click();
      await third.getByRole('combobox', { name: /^Question \(/ }).selectOption({ label: 'Instrument' });
      await third.getByRole('combobox', { name: /^Comparison/ }).selectOption('one_of');
      await third.getByRole('checkbox', { name: 'Viola' }).click();
      await third.getByText('Shown if Instrument is Violin or Viola').waitFor();
      await expectNoAxeViolations(page);
      // The section cannot move above the section of the question it depends on.
      await page.getByRole('button', { name: 'Move section String section up' }).click();
      await page
        .getByRole('alert')
        .getByText(
          'This would put "Instrument" in or after Section "String section", which depends on it. Change or remove that condition first.',
        )
        .waitFor();
      expect(await page.getByRole('textbox', { name: 'Section 3 title' }).inputValue()).toBe(
        'String section',
      );
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Publish now' }).click();
      await page
        .getByText("Program published successfully! It's now live and visible to applicants.")
        .waitFor();
      const editor = await api(page.context(), 'GET', `/programs/${programId}/editor`);
      const saved = editor.form.questions.find((q: { label: string }) => q.label === 'Which strings?');
      expect(saved.showIf).toEqual({
        join: 'all',
        rules: [{ question: expect.any(String), op: 'one_of', value: ['Violin', 'Viola'] }],
      });
      expect(editor.form.sections[2]).toMatchObject({ title: 'String section', showIf: saved.showIf });
    } finally {
      await page.context().close();
    }
  });

  it('the applicant sees the question appear and go at once, told by a polite live region, at 375 px', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    const context = page.context();
    try {
      await context.addInitScript(() => localStorage.setItem('applyhub:autosave-delay-ms', '400'));
      await signInAs(context, app.url, 'strings.player@example.test', 'Strings Player');
      await page.goto('/onboarding');
      await page.getByLabel('Full name').fill('Strings Player');
      await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
      await page.getByRole('button', { name: 'Finish sign up' }).click();
      await page.waitForURL('**/dashboard');
      const started = await api(context, 'POST', `/programs/${programId}/applications`);
      await page.goto(`/applications/${started.id}`);

      // One section at a time: the step list shows where the applicant is.
      const steps = page.getByRole('navigation', { name: 'Sections' });
      await steps.getByRole('button', { name: /^1\. About you/ }).waitFor();
      expect(await steps.getByRole('button', { name: /^1\. About you/ }).getAttribute('aria-current')).toBe(
        'step',
      );
      expect(await page.getByLabel('Instrument').count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Next section' }).click();
      await page.getByRole('heading', { level: 3, name: /Your music/ }).waitFor();
      const instrument = page.getByLabel('Instrument');
      await instrument.waitFor();
      expect(await page.getByLabel('Which strings?').count()).toBe(0);
      // The string players' section is not in the step list until Instrument says so.
      expect(await steps.getByRole('button').count()).toBe(2);
      await instrument.selectOption('Viola');
      await page.getByLabel('Which strings?').waitFor();
      await steps.getByRole('button', { name: /^3\. String section/ }).waitFor();
      await expect
        .poll(() => page.getByTestId('questions-news').textContent())
        .toBe('Section "String section" appeared. 2 questions appeared.');
      expect(await page.getByTestId('questions-news').getAttribute('aria-live')).toBe('polite');
      await page.getByLabel('Which strings?').fill('G and D');
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // Back and forth: nothing typed is lost.
      await page.getByRole('button', { name: 'Previous section' }).click();
      await page.getByRole('heading', { level: 3, name: /About you/ }).waitFor();
      await steps.getByRole('button', { name: /^2\. Your music/ }).click();
      expect(await page.getByLabel('Which strings?').inputValue()).toBe('G and D');

      await instrument.selectOption('Piano');
      await expect.poll(() => page.getByLabel('Which strings?').count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('questions-news').textContent())
        .toBe('2 questions were hidden.');
      expect(await steps.getByRole('button').count()).toBe(2);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
      );
      // The server kept no answer for the hidden question.
      const stored = await api(context, 'GET', `/applications/${started.id}`);
      expect(stored.answers).not.toHaveProperty(editorKey(stored.program.form.questions, 'Which strings?'));
      expect(Object.values(stored.answers)).toContain('Piano');
    } finally {
      await context.close();
    }
  });
});

function editorKey(questions: { key: string; label: string }[], label: string): string {
  const found = questions.find((q) => q.label === label);
  if (!found) throw new Error(`no question ${label}`);
  return found.key;
}

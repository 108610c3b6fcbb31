import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Independent scoring (issue 20), in Chromium: the org admin switches Youth Orchestra Auditions to
 * independent scoring with a 3-criterion rubric, assigns 2 reviewers per application automatically,
 * two reviewers score one application in separate browsers, the admin sees the aggregate, records
 * the decision and publishes; a blind program shows "Applicant #N" to its reviewer; the admin marks and
 * lifts a conflict on an application. Axe on every new screen, and the reviewer's sheet at 375 px. SHOTS=<dir> also writes screenshots (1280 and 375 px).
 */

let app: RunningServer;
let browser: Browser;
const YOUTH = demoProgramId(1);
const SCHOLARSHIP = demoProgramId(2);
const shots = process.env.SHOTS;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function pageAs(email: string, width = 1280, name?: string): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width, height: width < 600 ? 800 : 900 });
  await signInAs(page.context(), app.url, email, name);
  return page;
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** A JSON call as the page's signed-in user. */
async function call(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.context().request.fetch(`${app.url}/api${path}`, {
    method,
    data,
    headers: { Origin: app.url },
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** Chooses a score on a criterion's scale (a radio pill). */
async function pick(page: Page, criterion: string, value: number) {
  await page
    .getByRole('group', { name: new RegExp(`^${criterion} \\(`) })
    .getByText(String(value), { exact: true })
    .click();
}

describe('independent scoring', () => {
  it('rubric, automatic assignment, two reviewers, aggregate, final decision and publishing', async () => {
    const admin = await pageAs('admin@demo.test');
    const reviewer = await pageAs('reviewer@demo.test');
    const judge = await pageAs('judge.e2e@example.test', 1280, 'Jo Judge');
    try {
      await call(judge, 'POST', '/me/onboarding', { accept_terms: true, full_name: 'Jo Judge' });
      await call(admin, 'POST', `/programs/${YOUTH}/reviewers`, { email: 'judge.e2e@example.test' });

      // 1. The reviewer form: independent scoring with a 3-criterion rubric.
      await admin.goto(`/org/riverside-arts/admin/programs/${YOUTH}/builder`);
      const card = admin
        .getByRole('heading', { name: 'Review mode' })
        .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
      await card.getByText('Independent scoring', { exact: true }).click();
      for (const [i, [name, to]] of [
        ['Tone', '5'],
        ['Rhythm', '10'],
        ['Stage presence', '5'],
      ].entries()) {
        await card.getByRole('button', { name: 'Add criterion' }).click();
        await card.getByRole('textbox', { name: `Criterion ${i + 1} name` }).fill(name);
        await card.getByRole('spinbutton', { name: 'To' }).nth(i).fill(to);
      }
      await card.getByRole('button', { name: 'Save review settings' }).click();
      await admin.getByText('Review settings saved').waitFor();
      await expectNoAxeViolations(admin);
      await shot(admin, 'builder-review-mode-1280');

      // 2. Automatic assignment: 2 reviewers per application, previewed, then applied.
      await admin.goto(`/review/${YOUTH}`);
      await admin.getByRole('button', { name: 'Auto-assign…' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Assign reviewers automatically' });
      await dialog.getByRole('spinbutton', { name: 'Reviewers per application' }).fill('2');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByRole('table', { name: 'Reviewer loads after the assignment' }).waitFor();
      expect(await dialog.getByRole('row').count()).toBe(3); // header + 2 reviewers
      await expectNoAxeViolations(admin);
      await shot(admin, 'auto-assign-preview-1280');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await admin.getByText('6 new assignments made.').waitFor();
      await admin.getByRole('cell', { name: '0 / 2' }).first().waitFor();
      await expectNoAxeViolations(admin);

      // 3. Two reviewers score the same application in separate browsers.
      await reviewer.goto(`/review/${YOUTH}`);
      await reviewer.getByText('3 to score').waitFor();
      await expectNoAxeViolations(reviewer);
      await shot(reviewer, 'reviewer-queue-1280');
      await reviewer.getByRole('button', { name: 'Next' }).click();
      await reviewer.getByRole('heading', { name: 'Your score sheet' }).waitFor();
      const applicationUrl = reviewer.url();
      await pick(reviewer, 'Tone', 4);
      await pick(reviewer, 'Rhythm', 8);
      await pick(reviewer, 'Stage presence', 5);
      await reviewer
        .getByRole('textbox', { name: 'Comments for the applicant' })
        .fill('Warm, confident sound.');
      await reviewer
        .getByRole('textbox', { name: 'Private notes for the committee' })
        .fill('Teacher is on our board.');
      await expectNoAxeViolations(reviewer);
      await reviewer.getByRole('button', { name: 'Submit', exact: true }).click();
      await reviewer
        .getByRole('dialog', { name: 'Submit your score sheet?' })
        .getByRole('button', { name: 'Submit' })
        .click();
      await reviewer.locator('#main').getByText('Score sheet submitted', { exact: true }).waitFor();
      // Now the other sheets show (after submitting their own): none submitted yet.
      await reviewer.getByText('No other submitted score sheets yet.').waitFor();

      await judge.goto(applicationUrl);
      await judge.getByText('Other reviewers’ score sheets show once you submit your own.').waitFor();
      await pick(judge, 'Tone', 2);
      await pick(judge, 'Rhythm', 3);
      await pick(judge, 'Stage presence', 2);
      await judge.getByRole('textbox', { name: 'Comments for the applicant' }).fill('Work on intonation.');
      await judge.getByRole('button', { name: 'Submit', exact: true }).click();
      await judge
        .getByRole('dialog', { name: 'Submit your score sheet?' })
        .getByRole('button', { name: 'Submit' })
        .click();
      await judge.locator('#main').getByText('Score sheet submitted', { exact: true }).waitFor();
      // The first reviewer's page shows the new sheet live.
      await reviewer.getByText('Work on intonation.').waitFor();

      // 4. The admin sees every sheet and the aggregate, and records the decision.
      await admin.goto(applicationUrl);
      await admin.getByRole('heading', { name: 'Final decision' }).waitFor();
      await admin
        .getByRole('region', { name: 'Score sheets side by side' })
        .getByText('Teacher is on our board.')
        .waitFor();
      await admin.getByText('High disagreement').waitFor();
      await expectNoAxeViolations(admin);
      await shot(admin, 'admin-sheets-1280');
      await admin.getByRole('combobox', { name: 'Decision' }).selectOption('accept');
      await admin.getByRole('button', { name: 'Record final decision' }).click();
      await admin
        .getByRole('dialog', { name: /^Record "accept"/ })
        .getByRole('button', { name: 'Record decision' })
        .click();
      await admin.getByText('Decision recorded:').waitFor();

      // The queue ranks it with its numbers.
      await admin.goto(`/review/${YOUTH}`);
      await admin.getByRole('cell', { name: '#1' }).waitFor();
      await admin.getByRole('button', { name: /Weighted mean/ }).click();
      await shot(admin, 'admin-queue-1280');

      // 5. Publishing works as before: the score is the aggregate, the comments the applicant's.
      await admin.goto(`/review/${YOUTH}/publish`);
      await admin.getByRole('button', { name: 'Publish all finalized results' }).click();
      await admin
        .getByRole('dialog', { name: /^Publish to/ })
        .getByRole('button', { name: 'Publish' })
        .click();
      await admin
        .getByRole('status')
        .filter({ hasText: /Published \d+ finalized result/ })
        .waitFor();

      // Reviewer progress: 1 of 3 sheets submitted by each reviewer.
      await admin.goto(`/review/${YOUTH}`);
      await admin.getByRole('tab', { name: 'Reviewer progress' }).click();
      // The progress table's scroll area (a labelled group, as every ScrollTable).
      await admin
        .getByRole('group', { name: 'Reviewer progress' })
        .getByRole('row', { name: /Jo Judge/ })
        .waitFor();
      await admin.getByText('2 of 6 score sheets submitted (33%)').waitFor();
      // Remind: an email to the reviewer with what is left (the demo mailbox when no SMTP server is set).
      await admin.getByRole('button', { name: 'Remind Jo Judge' }).click();
      await admin.getByText('Reminder sent to Jo Judge.').first().waitFor();
      await expectNoAxeViolations(admin);
      await shot(admin, 'progress-1280');
    } finally {
      await Promise.all([admin, reviewer, judge].map((p) => p.context().close()));
    }
  });

  it('shows "Applicant #N" to the reviewers of a blind program, and works at 375 px', async () => {
    const admin = await pageAs('admin@demo.test');
    const phone = await pageAs('reviewer@demo.test', 375);
    try {
      const current = await call(admin, 'GET', `/programs/${SCHOLARSHIP}/scoring`);
      await call(admin, 'PUT', `/programs/${SCHOLARSHIP}/scoring`, { ...current, blind: true });
      await phone.goto(`/review/${SCHOLARSHIP}`);
      await phone.getByText('Applicant #1', { exact: true }).waitFor();
      expect(await phone.getByText('Priya Nair').count()).toBe(0);
      await expectNoAxeViolations(phone);
      await shot(phone, 'blind-queue-375');
      await phone.getByRole('link', { name: 'Open the application of Applicant #1' }).click();
      await phone.getByRole('heading', { level: 1, name: 'Applicant #1' }).waitFor();
      await expectNoAxeViolations(phone);

      // The independent queue and a score sheet at 375 px.
      await phone.goto(`/review/${YOUTH}`);
      await phone.getByRole('button', { name: 'Next' }).click();
      await phone.getByRole('heading', { name: 'Your score sheet' }).waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(phone);
      await shot(phone, 'sheet-375');
    } finally {
      await Promise.all([admin, phone].map((p) => p.context().close()));
    }
  });

  it('marks and lifts a conflict on the admin application page, buttons named by their visible words (axe)', async () => {
    const admin = await pageAs('admin@demo.test');
    try {
      // An application of Youth Orchestra Auditions whose sheet Jo Judge has not submitted.
      const mark = admin.getByRole('button', { name: 'Mark conflict of interest for Jo Judge' });
      for (const n of [1, 2, 3]) {
        await admin.goto(`/review/app/${demoReviewApplicationId(n)}`);
        await admin
          .getByRole('button', { name: /Jo Judge$/ })
          .first()
          .waitFor();
        if ((await mark.count()) > 0) break;
      }
      await expectNoAxeViolations(admin);
      await mark.click();
      const lift = admin.getByRole('button', { name: 'Lift conflict of Jo Judge' });
      await lift.waitFor();
      await admin.getByText('Conflict of interest', { exact: true }).first().waitFor();
      // label-content-name-mismatch: an accessible name starts with the words the button shows.
      await expectNoAxeViolations(admin);
      await lift.click();
      await mark.waitFor();
    } finally {
      await admin.context().close();
    }
  });
});

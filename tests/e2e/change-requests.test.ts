import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { changeRequestMessages as c } from '../../src/shared/domain/change-requests';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 31 item 1 (decision 063): the org admin requests changes to one question with a due date
 * from the review screen; the applicant sees the banner at 375 px, can edit only that question and
 * resubmits; the reviewer, who scored before, sees "Version 2 of 2", what changed and "Changed since
 * you scored". Axe on every step.
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

/** Diego Ramirez's submitted application to Youth Orchestra Auditions (no review yet). */
const DIEGO = demoReviewApplicationId(3);
const MESSAGE = 'Please give your years of study as a number of years, including this one.';
const YEARS = /^Years of study on this instrument/;

describe('request changes', () => {
  it('admin asks about one question; the applicant changes only it and resubmits; the reviewer sees what changed', async () => {
    // The reviewer scored the application before any change.
    const reviewer = await pageAs('reviewer@demo.test', 1280);
    const scored = await reviewer.request.put(`${app.url}/api/applications/${DIEGO}/review`, {
      headers: { Origin: app.url },
      data: { version: 0, score: 70, comments: 'Clean articulation.', finalize: false },
    });
    expect(scored.status()).toBe(200);

    const admin = await pageAs('admin@demo.test', 1280);
    try {
      await admin.goto(`/review/app/${DIEGO}`);
      await admin.getByRole('button', { name: c.action }).click();
      const dialog = admin.getByRole('dialog', { name: c.title });
      await dialog.getByRole('textbox', { name: c.messageLabel }).fill(MESSAGE);
      await dialog.getByRole('radio', { name: c.scopeSome }).check();
      await dialog.getByRole('checkbox', { name: 'Years of study on this instrument' }).click();
      await expectNoAxeViolations(admin);
      await dialog.getByRole('button', { name: c.action }).click();
      await admin.getByText(c.sent).first().waitFor();
      await admin.getByText(new RegExp(`^${c.status} · due`)).waitFor();
      expect(await admin.getByRole('button', { name: c.action }).count()).toBe(0);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }

    const diego = await pageAs('diego.ramirez@demo.test', 375);
    try {
      await diego.goto('/my-submissions');
      const card = diego.getByRole('listitem').filter({ hasText: 'Youth Orchestra Auditions' });
      await card.getByText(/^Changes requested by Riverside Arts Center, due /).waitFor();
      await card.getByText(MESSAGE).waitFor();
      await expectNoAxeViolations(diego);

      await diego.goto(`/applications/${DIEGO}`);
      await diego.getByText(/^Changes requested by Riverside Arts Center, due /).waitFor();
      await diego.getByText(MESSAGE).waitFor();
      const years = diego.getByRole('textbox', { name: YEARS });
      expect(await years.isEditable()).toBe(true);
      // The other questions are read-only.
      expect(
        await diego.getByRole('textbox', { name: /^List the two contrasting pieces/ }).isEditable(),
      ).toBe(false);
      expect(await diego.getByRole('combobox', { name: /^Primary instrument/ }).isDisabled()).toBe(true);
      expect(await diego.getByText(c.lockedQuestion, { exact: true }).count()).toBeGreaterThan(1);
      await years.fill('5 years');
      await expectNoAxeViolations(diego);
      const overflow = await diego.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await diego.screenshot({ path: '/tmp/changes-requested-375.png', fullPage: true });
      await diego.getByRole('button', { name: c.resubmit }).click();
      await diego.waitForURL(`**/applications/${DIEGO}/submitted`);
      await expectNoAxeViolations(diego);
      await diego.goto(`/applications/${DIEGO}`);
      await diego.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      expect(await diego.getByText(/^Changes requested by/).count()).toBe(0);
    } finally {
      await diego.context().close();
    }

    try {
      await reviewer.goto(`/review/app/${DIEGO}`);
      await reviewer.getByRole('heading', { name: c.version(2, 2) }).waitFor();
      await reviewer.getByText(c.changedSinceScored).first().waitFor();
      const versions = reviewer.getByRole('region', { name: c.version(2, 2) });
      await versions.getByText('Years of study on this instrument').waitFor();
      expect(await versions.locator('del').textContent()).toContain('4 years');
      expect(await versions.locator('ins').textContent()).toContain('5 years');
      await expectNoAxeViolations(reviewer);
      await reviewer.screenshot({ path: '/tmp/changes-version-diff.png', fullPage: true });
      // The reviewer's queue row says it too.
      await reviewer.goto(`/review/${demoProgramId(1)}`);
      const row = reviewer.getByRole('row').filter({ hasText: 'Diego Ramirez' });
      await row.getByText(c.changedSinceScored).waitFor();
      await expectNoAxeViolations(reviewer);
    } finally {
      await reviewer.context().close();
    }
  });

  it('an org admin asks several applicants at once from the inbox', async () => {
    const admin = await pageAs('admin@demo.test', 1280);
    try {
      await admin.goto(`/org/riverside-arts/admin/reviews?status=all&program=${demoProgramId(1)}`);
      const bulk = admin.getByRole('button', { name: `${c.action} (0 selected)` });
      await bulk.waitFor();
      expect(await bulk.isDisabled()).toBe(true);
      await admin.getByRole('checkbox', { name: 'Select Jordan Lee' }).click();
      await admin.getByRole('checkbox', { name: 'Select Maya Patel' }).click();
      await admin.getByRole('button', { name: `${c.action} (2 selected)` }).click();
      const dialog = admin.getByRole('dialog', { name: c.title });
      await dialog.getByText('2 applicants are emailed.', { exact: false }).waitFor();
      await dialog.getByRole('textbox', { name: c.messageLabel }).fill('Please add a second recording.');
      await dialog.getByRole('radio', { name: c.scopeAll }).check();
      await expectNoAxeViolations(admin);
      await dialog.getByRole('button', { name: c.action }).click();
      await admin.getByText(c.sent).first().waitFor();
      for (const name of ['Jordan Lee', 'Maya Patel'])
        await admin.getByRole('row').filter({ hasText: name }).getByText(c.status, { exact: true }).waitFor();
      // Already asked: no checkbox until they answer or the due date passes.
      expect(await admin.getByRole('checkbox', { name: 'Select Jordan Lee' }).count()).toBe(0);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }
  });

  it('the dashboard’s Changes requested number opens the inbox’s Changes requested view, with each due date (375 px)', async () => {
    const admin = await pageAs('admin@demo.test', 375);
    try {
      await admin.goto(`/org/riverside-arts/admin/programs/${demoProgramId(1)}/dashboard`);
      await admin.getByRole('link', { name: `${c.status}: 2. Open them in the inbox` }).click();
      await admin.waitForURL(/status=changes_requested/);
      const view = admin.getByRole('button', { name: `${c.status} (2)` });
      await view.waitFor();
      expect(await view.getAttribute('aria-pressed')).toBe('true');
      for (const name of ['Jordan Lee', 'Maya Patel'])
        await admin.getByRole('row').filter({ hasText: name }).getByText(/^due /).waitFor();
      // Diego answered his request: not in the view.
      expect(await admin.getByRole('row').filter({ hasText: 'Diego Ramirez' }).count()).toBe(0);
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await expectNoAxeViolations(admin);
      // Another view by keyboard and back: the button's count follows the view.
      await admin.getByRole('button', { name: /^All \(/ }).click();
      await admin.getByRole('row').filter({ hasText: 'Diego Ramirez' }).first().waitFor();
      await admin.getByRole('button', { name: `${c.status} (2)` }).click();
      await admin.getByRole('row').filter({ hasText: 'Maya Patel' }).waitFor();
      expect(await admin.getByRole('row').filter({ hasText: 'Diego Ramirez' }).count()).toBe(0);
    } finally {
      await admin.context().close();
    }
  });

  it('the independent-scoring view of the inbox shows unread messages like every other view', async () => {
    const admin = await pageAs('admin@demo.test', 1280);
    try {
      // Maya (one of the applicants asked above) writes; the program switches to independent scoring.
      const maya = await pageAs('maya.patel@demo.test', 1280);
      const mine = await maya.request.get(`${app.url}/api/me/applications`);
      const mayaApp = (await mine.json()).items.find(
        (a: { program_id: string }) => a.program_id === demoProgramId(1),
      ).id as string;
      const wrote = await maya.request.post(`${app.url}/api/applications/${mayaApp}/messages`, {
        headers: { Origin: app.url },
        data: { body: 'Which recording format do you prefer?' },
      });
      expect(wrote.status()).toBe(200);
      await maya.context().close();
      const current = await (
        await admin.request.get(`${app.url}/api/programs/${demoProgramId(1)}/scoring`)
      ).json();
      const switched = await admin.request.put(`${app.url}/api/programs/${demoProgramId(1)}/scoring`, {
        headers: { Origin: app.url },
        data: {
          mode: 'independent',
          sheet_visibility: current.sheet_visibility,
          blind: false,
          hidden_questions: [],
          criteria: [{ key: 'tone', name: 'Tone', min: 1, max: 5, weight: 1, counts: true }],
          version: current.version,
        },
      });
      expect(switched.status()).toBe(200);
      await admin.goto(`/org/riverside-arts/admin/reviews?status=all&program=${demoProgramId(1)}`);
      // The independent-scoring table (its sortable score columns), with the unread count in Maya's row.
      await admin.getByRole('button', { name: /^Weighted mean/ }).waitFor();
      const row = admin.getByRole('row').filter({ hasText: 'Maya Patel' });
      await row.getByText('1 unread message', { exact: true }).waitFor();
      expect(await row.getByText(/^due /).count()).toBe(1);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }
  });
});

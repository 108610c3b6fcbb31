import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageMessages } from '../../src/shared/domain/stages';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 32 (decision 066), the admin's inbox: a two-stage program set up through the API (stage 2
 * published only after the inbox has said why it cannot invite yet), three applicants submit stage 1
 * and are reviewed; the admin filters the inbox (Score ≥ 80, Decision: shortlist), invites the two
 * matching with a message, sees each row's state, withdraws one invitation and reads the funnel per
 * stage on the dashboard. Axe on each state; the inbox and the dashboard at 375 px too.
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

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const NAME = 'Lakeside Residency';
const STAGE = 'Full proposal';

describe('inviting to the next stage from the inbox', () => {
  it('filters, invites two of three with a message, shows their states, withdraws one, counts the funnel', async () => {
    const headers = { Origin: app.url };
    const admin = await pageAs('admin@demo.test', 1280);
    const call = async (method: 'post' | 'put' | 'get', path: string, data?: unknown, as: Page = admin) => {
      const res = await as.request[method](`${app.url}${path}`, { headers, data });
      expect(res.status(), `${method} ${path}`).toBeLessThan(300);
      return res.json();
    };
    const publish = async (id: string, questions: unknown[]) => {
      const editor = await call('get', `/api/programs/${id}/editor`);
      const done = await call('post', `/api/programs/${id}/publish`, {
        form: { ...editor.form, questions },
        version: editor.version,
        editor: 'org',
      });
      expect(done.outcome).toBe('published');
    };
    const title = { key: 'q_title', type: 'short_text', label: 'Project title', required: true };
    const stage1 = (await call('post', '/api/orgs/riverside-arts/programs', { name: NAME })).id as string;
    await publish(stage1, [title]);
    await call('put', `/api/programs/${stage1}/review-form`, {
      show_score: true,
      show_comments: true,
      show_decision: true,
      decision_options: ['shortlist', 'reject'],
    });
    const stage2 = (await call('post', `/api/programs/${stage1}/stages`, { name: STAGE })).id as string;
    const reviews: [string, number, string][] = [
      ['jordan.lee@demo.test', 90, 'shortlist'],
      ['maya.patel@demo.test', 85, 'shortlist'],
      ['priya.nair@demo.test', 40, 'reject'],
    ];
    for (const [email, score, decision] of reviews) {
      const p = await pageAs(email, 1280);
      const { id } = await call('post', `/api/programs/${stage1}/applications`, undefined, p);
      const mine = await call('get', `/api/applications/${id}`, undefined, p);
      await call(
        'post',
        `/api/applications/${id}/submit`,
        { answers: { q_title: email }, version: mine.version },
        p,
      );
      await p.context().close();
      const review = await call('get', `/api/applications/${id}/review`);
      await call('put', `/api/applications/${id}/review`, {
        version: review.review?.version ?? 0,
        score,
        ratings: { decision },
        finalize: true,
      });
    }

    try {
      // The program's inbox: stage 2 exists but is not published, so the inbox says so.
      await admin.goto('/org/riverside-arts/admin/reviews');
      await admin.getByRole('combobox', { name: 'Program' }).selectOption({ label: NAME });
      const stageSelect = admin.getByRole('combobox', { name: 'Stage' });
      await expect
        .poll(() => stageSelect.locator('option').allTextContents())
        .toEqual([`Stage 1 · ${NAME}`, `Stage 2 · ${STAGE}`]);
      await admin.getByText(stageMessages.nextStageNotLive, { exact: false }).waitFor();
      expect(await admin.getByRole('button', { name: /^Invite/ }).count()).toBe(0);
      await expectNoAxeViolations(admin);

      await publish(stage2, [
        title,
        { key: 'q_plan', type: 'long_text', label: 'Project plan', required: true },
      ]);
      await admin.reload();
      const table = admin.getByRole('group', { name: 'Reviews' });
      const applicants = table.getByRole('rowheader');
      await expect.poll(() => applicants.count()).toBe(3);

      // Score ≥ 80 and Decision: shortlist.
      await admin.getByRole('spinbutton', { name: 'Minimum score' }).fill('80');
      await expect.poll(() => applicants.count()).toBe(2);
      await admin.getByRole('combobox', { name: 'Decision' }).selectOption('shortlist');
      await admin.waitForURL(/decision=shortlist/);
      await expect
        .poll(() => applicants.allTextContents())
        .toEqual(expect.arrayContaining([expect.stringMatching(/Jordan/), expect.stringMatching(/Maya/)]));
      expect(await applicants.count()).toBe(2);
      await expectNoAxeViolations(admin);

      await admin.getByRole('button', { name: 'Invite all 2 matching this filter' }).click();
      const dialog = admin.getByRole('dialog', { name: `Invite to ${STAGE}` });
      await dialog
        .getByText(`All 2 applications matching this filter (Score ≥ 80 · Decision: shortlist) of ${NAME}.`)
        .waitFor();
      await dialog.getByText(`Their answers to ${NAME} become read-only.`).waitFor();
      await dialog
        .getByRole('textbox', { name: 'Message to the applicants' })
        .fill('Please send us your full proposal.');
      await expectNoAxeViolations(admin);
      await dialog.getByRole('button', { name: 'Send invitations' }).click();
      await dialog.waitFor({ state: 'detached' });
      await admin
        .getByRole('region', { name: `Invite to ${STAGE}` })
        .getByRole('status')
        .getByText(`2 applicants invited to ${STAGE}.`)
        .waitFor();
      await expect.poll(() => table.getByText(`Invited to ${STAGE}`).count()).toBe(2);

      // All three again: the third can still be invited from its row; the two show their state.
      await admin.getByRole('spinbutton', { name: 'Minimum score' }).fill('');
      await admin.getByRole('combobox', { name: 'Decision' }).selectOption('');
      await expect.poll(() => applicants.count()).toBe(3);
      // (Rows cached from before the invitation may show until the list is fetched again.)
      await expect
        .poll(() => table.getByRole('button', { name: /^Withdraw the invitation of/ }).count())
        .toBe(2);
      await table.getByRole('button', { name: /^Invite Priya .* to the next stage$/ }).waitFor();
      expect(await table.getByRole('button', { name: /^Invite / }).count()).toBe(1);
      await expectNoAxeViolations(admin);

      // Withdraw Maya's invitation.
      await table.getByRole('button', { name: /^Withdraw the invitation of Maya/ }).click();
      const confirm = admin.getByRole('dialog', { name: 'Withdraw the invitation?' });
      await confirm.getByText(`draft of ${STAGE} is withdrawn`, { exact: false }).waitFor();
      await expectNoAxeViolations(admin);
      await confirm.getByRole('button', { name: 'Withdraw invitation' }).click();
      await confirm.waitFor({ state: 'detached' });
      await table.getByText('Invitation withdrawn').waitFor();
      expect(await table.getByText(`Invited to ${STAGE}`).count()).toBe(1);
      expect(await table.getByRole('button', { name: /^Withdraw the invitation of/ }).count()).toBe(1);

      // Its toast goes before the next page is checked (one half faded would fail the contrast rule).
      const toast = admin
        .locator('[data-sonner-toast]')
        .filter({ hasText: `Invitation to ${STAGE} withdrawn.` });
      await toast.waitFor();
      await toast.waitFor({ state: 'detached', timeout: 15_000 });

      // The funnel per stage, on stage 1's dashboard.
      await admin.goto(`/org/riverside-arts/admin/programs/${stage1}/dashboard`);
      const funnel = admin.getByRole('group', { name: 'Funnel per stage' });
      const row = (n: number) =>
        funnel
          .getByRole('row')
          .filter({ has: admin.getByRole('rowheader', { name: new RegExp(`^Stage ${n} ·`) }) });
      await row(1).waitFor();
      const cells = async (n: number) =>
        (await row(n).getByRole('cell').allInnerTexts()).map((t) => t.trim());
      expect(await cells(1)).toEqual(['Open to all', '3', '3', '1']);
      expect(await cells(2)).toEqual(['1\n1 withdrawn', '0', '0', 'Last stage']);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }

    // At 375 px: the filtered inbox and the later stage's dashboard.
    const phone = await pageAs('admin@demo.test', 375);
    try {
      await phone.goto(`/org/riverside-arts/admin/reviews?program=${stage1}&min_score=80`);
      await phone.getByRole('region', { name: `Invite to ${STAGE}` }).waitFor();
      await phone.getByText('Invitation withdrawn').waitFor();
      await phone.getByText(`Invited to ${STAGE}`).waitFor();
      expect(await noOverflow(phone)).toBe(true);
      await expectNoAxeViolations(phone);
      await phone.goto(`/org/riverside-arts/admin/programs/${stage2}/dashboard`);
      await phone.getByRole('group', { name: 'Funnel per stage' }).getByText('This dashboard').waitFor();
      expect(await noOverflow(phone)).toBe(true);
      await expectNoAxeViolations(phone);
    } finally {
      await phone.context().close();
    }
  });
});

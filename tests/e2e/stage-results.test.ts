import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicantFiles } from '../../src/server/db/seed/demo-files';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 32 (decision 066), the review screen and results per stage. A two-stage program set up
 * through the API: three applicants submit stage 1 (a letter of intent), two are invited, one submits
 * the full proposal. At 375 px a reviewer of stage 2 only reads stage 1's answers in a tab beside the
 * full proposal (by keyboard), with its score and decision and its file openable. The admin publishes
 * stage 1's not-shortlisted outcome while stage 2 runs; the uninvited applicant sees it under
 * Results, the invited one does not. Axe on each page.
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

describe('results per stage', () => {
  it('shows stage 1 on the review screen of stage 2, and publishes stage 1’s outcome to the uninvited only', async () => {
    const NAME = 'Lighthouse Commission';
    const STAGE = 'Full proposal';
    const MESSAGE = 'Thank you for your letter: this year it was not shortlisted.';
    const headers = { Origin: app.url };
    const call = async (as: Page, method: 'post' | 'put' | 'get', path: string, data?: unknown) => {
      const res = await as.request[method](`${app.url}${path}`, { headers, data });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    };
    const admin = await pageAs('admin@demo.test', 1280);
    const publish = async (id: string, questions: unknown[]) => {
      const editor = await call(admin, 'get', `/api/programs/${id}/editor`);
      const done = await call(admin, 'post', `/api/programs/${id}/publish`, {
        form: { ...editor.form, questions },
        version: editor.version,
        editor: 'org',
      });
      expect(done.outcome).toBe('published');
    };
    const title = { key: 'q_title', type: 'short_text', label: 'Project title', required: true };
    const stage1 = (await call(admin, 'post', '/api/orgs/riverside-arts/programs', { name: NAME }))
      .id as string;
    await publish(stage1, [title, { key: 'q_sketch', type: 'file', label: 'Sketch', required: false }]);
    await call(admin, 'put', `/api/programs/${stage1}/review-form`, {
      show_score: true,
      show_comments: true,
      show_decision: true,
      decision_options: ['shortlist', 'reject'],
    });
    const stage2 = (
      await call(admin, 'post', `/api/programs/${stage1}/stages`, { name: STAGE, show_previous_scores: true })
    ).id as string;
    await publish(stage2, [
      title,
      { key: 'q_plan', type: 'long_text', label: 'Project plan', required: true },
    ]);
    // A reviewer of stage 2 only.
    await call(admin, 'post', `/api/programs/${stage2}/reviewers`, { email: 'sofia.rossi@demo.test' });

    // Three applicants submit stage 1; Jordan attaches a sketch.
    const submitted: Record<string, string> = {};
    for (const [email, answer] of [
      ['jordan.lee@demo.test', 'Jordan’s lighthouse'],
      ['maya.patel@demo.test', 'Maya’s lighthouse'],
      ['priya.nair@demo.test', 'Priya’s lighthouse'],
    ]) {
      const p = await pageAs(email, 1280);
      const { id } = await call(p, 'post', `/api/programs/${stage1}/applications`);
      const answers: Record<string, unknown> = { q_title: answer };
      if (email.startsWith('jordan')) {
        const upload = await p.request.post(
          `${app.url}/api/files?purpose=answer&application_id=${id}&field_key=q_sketch`,
          {
            headers: { ...headers, 'content-type': 'application/pdf', 'x-file-name': 'sketch.pdf' },
            data: demoApplicantFiles('Jordan Lee').resume.bytes,
          },
        );
        expect(upload.status()).toBe(200);
        answers.q_sketch = await upload.json();
      }
      const mine = await call(p, 'get', `/api/applications/${id}`);
      await call(p, 'post', `/api/applications/${id}/submit`, { answers, version: mine.version });
      submitted[email] = id;
      await p.context().close();
    }
    // The admin reviews stage 1 and shortlists two.
    for (const [email, score, decision] of [
      ['jordan.lee@demo.test', 92, 'shortlist'],
      ['maya.patel@demo.test', 85, 'shortlist'],
      ['priya.nair@demo.test', 41, 'reject'],
    ] as const) {
      await call(admin, 'put', `/api/applications/${submitted[email]}/review`, {
        version: 0,
        score,
        comments: 'Panel-only note: strong draft.',
        ratings: { decision },
        finalize: true,
      });
    }
    const invited = await call(admin, 'post', `/api/programs/${stage1}/invitations`, {
      filter: { view: 'all', decision: 'shortlist' },
      message: 'Please send us your full proposal.',
    });
    expect(invited.invited).toBe(2);

    // Jordan submits the full proposal.
    const jordanApi = await pageAs('jordan.lee@demo.test', 1280);
    const stage2App = (await call(jordanApi, 'post', `/api/programs/${stage2}/applications`)).id as string;
    const draft = await call(jordanApi, 'get', `/api/applications/${stage2App}`);
    await call(jordanApi, 'post', `/api/applications/${stage2App}/submit`, {
      answers: { ...draft.answers, q_plan: 'A lantern walk along the pier.' },
      version: draft.version,
    });
    await jordanApi.context().close();

    // The stage-2 reviewer, at 375 px, reads stage 1 in a tab beside the full proposal.
    const sofia = await pageAs('sofia.rossi@demo.test', 375);
    try {
      await sofia.goto(`/review/app/${stage2App}`);
      const responses = sofia.getByRole('region', { name: 'Applicant Responses' });
      const stages = responses.getByRole('tablist', { name: 'Stages' });
      const current = stages.getByRole('tab', { name: `${STAGE} (stage 2)` });
      const previous = stages.getByRole('tab', { name: `${NAME} (stage 1)` });
      await current.waitFor();
      expect(await current.getAttribute('aria-selected')).toBe('true');
      await responses.getByText('A lantern walk along the pier.').waitFor();
      await expectNoAxeViolations(sofia);
      // By keyboard: the arrow key moves to stage 1's tab and shows it.
      await current.focus();
      await sofia.keyboard.press('ArrowRight');
      await expect.poll(() => previous.getAttribute('aria-selected')).toBe('true');
      expect(await previous.evaluate((el) => el === document.activeElement)).toBe(true);
      const panel = responses.getByRole('tabpanel', { name: `${NAME} (stage 1)` });
      await panel.getByText('Jordan’s lighthouse').waitFor();
      expect(await panel.getByRole('term').allTextContents()).toEqual([
        'Score',
        'Decision',
        'Project title',
        'Sketch',
      ]);
      await panel.getByText('92', { exact: true }).waitFor();
      await panel.getByText('Shortlist', { exact: true }).waitFor();
      // Never the stage-1 reviews' comments.
      expect(await sofia.locator('body').textContent()).not.toContain('Panel-only note');
      // Stage 1's file opens for them (signed through the later application).
      const download = panel.getByRole('link', { name: /Download/ });
      await download.waitFor();
      const href = (await download.getAttribute('href'))!;
      const opened = await sofia.evaluate(async (url) => {
        const res = await fetch(url);
        return { status: res.status, type: res.headers.get('content-type') ?? '' };
      }, href);
      expect(opened).toEqual({ status: 200, type: expect.stringContaining('application/pdf') });
      await expectNoAxeViolations(sofia);
      expect(await noOverflow(sofia)).toBe(true);
      await sofia.screenshot({ path: '/tmp/stage-results-review-375.png', fullPage: true });
    } finally {
      await sofia.context().close();
    }

    // The admin publishes stage 1's not-shortlisted outcome while stage 2 runs.
    try {
      await admin.goto(`/org/riverside-arts/admin/programs/${stage1}/publish`);
      await admin.getByRole('heading', { level: 1, name: NAME }).waitFor();
      await admin
        .getByText(`Stage 1 of ${NAME}. 2 applicants invited to ${STAGE} get their result from that stage`, {
          exact: false,
        })
        .waitFor();
      const queue = admin.getByRole('group', { name: 'Finalized results' });
      await queue.getByRole('rowheader', { name: 'Priya Nair' }).waitFor();
      expect(await queue.getByRole('rowheader').allTextContents()).toEqual(['Priya Nair']);
      await admin.getByRole('textbox', { name: /Custom message/ }).fill(MESSAGE);
      await expectNoAxeViolations(admin);
      await admin.screenshot({ path: '/tmp/stage-results-publish-1280.png', fullPage: true });
      await admin.getByRole('button', { name: 'Publish all finalized results' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Publish to 1 applicant?' });
      await confirm.getByText('As Priya Nair will receive it.', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Publish' }).click();
      await admin.getByRole('status').filter({ hasText: 'Published 1 finalized result(s).' }).waitFor();
      await admin.getByText('Every finalized result is published.').waitFor();
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }

    // The uninvited applicant sees it; the invited one does not.
    const priya = await pageAs('priya.nair@demo.test', 375);
    try {
      await priya.goto('/my-submissions?tab=results');
      const results = priya.getByRole('list', { name: 'Results' });
      const card = results.getByRole('listitem').filter({ has: priya.getByRole('heading', { name: NAME }) });
      await card.getByText(MESSAGE).waitFor();
      await card.getByText('Not selected', { exact: true }).waitFor();
      await expectNoAxeViolations(priya);
      expect(await noOverflow(priya)).toBe(true);
    } finally {
      await priya.context().close();
    }
    const maya = await pageAs('maya.patel@demo.test', 375);
    try {
      await maya.goto('/my-submissions?tab=results');
      const tab = maya.getByRole('tabpanel', { name: 'Results' });
      // Loaded: her other results, or none at all.
      await tab.getByRole('list', { name: 'Results' }).or(tab.getByText('No results at this time')).waitFor();
      expect(await tab.getByRole('heading', { name: NAME }).count()).toBe(0);
      expect(await tab.getByText(MESSAGE).count()).toBe(0);
      await expectNoAxeViolations(maya);
    } finally {
      await maya.context().close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageMessages } from '../../src/shared/domain/stages';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 32's journey (decision 066), end to end through the screens, one server and one browser:
 * the admin builds a two-stage program in the builder (stage 2 copies stage 1's title question, so
 * it is prefilled) and gives stage 2 its own reviewer; three applicants submit stage 1 (one through
 * the program page and the form); the admin invites two in bulk from the inbox filtered by decision;
 * at 375 px the invited one finds the later stage on the program's one card in My Submissions,
 * continues into it prefilled and submits it; the stage-2 reviewer reads both stages on the review
 * screen; the third applicant sees only stage 1 and cannot start stage 2, the admin publishes
 * stage 1's outcome at 375 px, and she reads it. Axe on each new screen and state. The steps'
 * details are in stage-builder, stage-inbox and stage-results.test.ts; this checks that they join up.
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

const ORG = 'riverside-arts';
const NAME = 'Harbor Mural Grant';
const STAGE = 'Full proposal';
const MESSAGE = 'Thank you for your letter of intent: this year it was not shortlisted.';
const headers = () => ({ Origin: app.url });

async function pageAs(email: string, width: number): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

async function call(as: Page, method: 'post' | 'put' | 'get', path: string, data?: unknown) {
  const res = await as.request[method](`${app.url}${path}`, { headers: headers(), data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Polls wait for what the server sends, bounded (vitest's default is 1 s, short on a busy CI). */
const settle = { timeout: 10_000 };
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const builderId = (url: string) => /programs\/([0-9a-f-]{36})\/builder/.exec(url)?.[1] ?? '';
const question = (page: Page, n: number) => page.locator('li[data-question-key]').nth(n);

/** Filled in as the journey goes. */
let stage1 = '';
let stage2 = '';
const submitted: Record<string, string> = {};
let stage2App = '';
/** The key of stage 1's title question (the builder made it), shared by its copy in stage 2. */
let titleKey = '';

describe('programs in stages, end to end', () => {
  it('the admin builds a two-stage program in the builder and gives stage 2 its own reviewer', async () => {
    const admin = await pageAs('admin@demo.test', 1280);
    try {
      await admin.goto(`/org/${ORG}/admin/programs`);
      await admin.getByRole('textbox', { name: 'Program name' }).fill(NAME);
      await admin.getByRole('button', { name: 'Create draft' }).click();
      await admin.waitForURL((url) => builderId(url.pathname) !== '');
      stage1 = builderId(new URL(admin.url()).pathname);
      await admin.getByRole('heading', { level: 1, name: new RegExp(`^${NAME}`) }).waitFor();

      // Stage 1: one required question; reviewers decide shortlist or reject.
      await admin.getByRole('button', { name: 'Add Short text question' }).click();
      await admin.keyboard.type('Project title');
      await question(admin, 0)
        .getByRole('checkbox', { name: /^Required/ })
        .click();
      await admin.getByRole('checkbox', { name: 'Show decision' }).click();
      await admin.getByRole('textbox', { name: 'Decision option 1' }).fill('shortlist');
      await admin.getByRole('button', { name: 'Remove decision option waitlist' }).click();
      await admin.getByRole('button', { name: 'Save reviewer form' }).click();
      await admin.getByText('Reviewer form saved successfully').waitFor();
      await admin.getByRole('button', { name: 'Publish', exact: true }).click();
      await admin
        .getByRole('dialog', { name: 'Publish this program?' })
        .getByRole('button', { name: 'Publish now' })
        .click();
      await admin.getByRole('dialog', { name: 'Your program is live' }).waitFor();
      await admin.keyboard.press('Escape');

      // Stage 2, added from stage 1's builder; its reviewers see stage 1's score and decision.
      await admin.getByRole('button', { name: 'Add stage' }).click();
      const add = admin.getByRole('dialog', { name: 'Add a stage' });
      await add.getByRole('textbox', { name: /^Name/ }).fill(STAGE);
      await add.getByRole('checkbox', { name: 'Copy the reviewer form of the previous stage' }).click();
      await add
        .getByRole('checkbox', {
          name: "Show reviewers of this stage the previous stage's score and decision",
        })
        .click();
      await add.getByRole('button', { name: 'Add stage' }).click();
      await admin.waitForURL((url) => ![stage1, ''].includes(builderId(url.pathname)));
      stage2 = builderId(new URL(admin.url()).pathname);
      await admin.getByRole('heading', { level: 1, name: new RegExp(`^${STAGE}`) }).waitFor();

      // Its form: stage 1's title question, copied (so it is prefilled), and a new one.
      const copy = admin.getByRole('group', { name: `Copy a question from ${NAME}` });
      const pick = copy.getByRole('combobox', { name: 'Question to copy' });
      await expect
        .poll(() => pick.locator('option').allTextContents(), settle)
        .toEqual(['Project title (Short text)']);
      await expectNoAxeViolations(admin);
      await copy.getByRole('button', { name: 'Copy question' }).click();
      await copy.getByText(`Every question of ${NAME} is in this form.`).waitFor();
      expect(
        await question(admin, 0)
          .getByRole('textbox', { name: /Label$/ })
          .inputValue(),
      ).toBe('Project title');
      await admin.getByRole('button', { name: 'Add Long text question' }).click();
      await admin.keyboard.type('Project plan');
      await question(admin, 1)
        .getByRole('checkbox', { name: /^Required/ })
        .click();
      await admin.getByRole('button', { name: 'Publish', exact: true }).click();
      await admin
        .getByRole('dialog', { name: 'Publish this stage?' })
        .getByRole('button', { name: 'Publish now' })
        .click();
      await admin
        .getByRole('dialog', { name: 'Stage 2 is live' })
        .getByText(stageMessages.stagePublished)
        .waitFor();
      await admin.keyboard.press('Escape');
      // Invited applicants have ten days.
      const closes = await admin.evaluate(() => {
        const d = new Date(Date.now() + 10 * 86_400_000);
        d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
        return d.toISOString().slice(0, 16);
      });
      await admin.getByRole('textbox', { name: 'Closes' }).fill(closes);
      await admin.getByRole('button', { name: 'Save dates and reminders' }).click();
      await admin.getByText('Dates and reminders saved.').waitFor();
      expect((await call(admin, 'get', `/api/programs/${stage2}/schedule`)).close_at).not.toBeNull();

      // What was built: the copy shares the key that prefills, the reviewer form came along.
      const [one, two] = await Promise.all(
        [stage1, stage2].map((id) => call(admin, 'get', `/api/programs/${id}/editor`)),
      );
      expect(one).toMatchObject({ published: true, parent_program_id: null });
      expect(two).toMatchObject({ published: true, parent_program_id: stage1, stage_number: 2 });
      titleKey = one.form.questions[0].key;
      expect(two.form.questions.map((q: { key: string; label: string }) => [q.key, q.label])).toEqual([
        [titleKey, 'Project title'],
        [expect.not.stringMatching(titleKey), 'Project plan'],
      ]);
      expect((await call(admin, 'get', `/api/programs/${stage2}/review-form`)).decision_options).toEqual([
        'shortlist',
        'reject',
      ]);

      // Stage 2's own reviewer, in Manage Reviewers: the stage is listed under its program.
      await admin.goto(`/org/${ORG}/admin/reviewers`);
      const program = admin.getByRole('button', { name: new RegExp(`^${STAGE}.*Stage 2 of ${NAME}`) });
      await program.click();
      await admin.getByRole('heading', { name: 'Reviewers (0)' }).waitFor();
      await admin.getByRole('button', { name: 'Add Reviewer', expanded: false }).click();
      const form = admin.getByRole('form', { name: 'Add Reviewer' });
      await form.getByRole('textbox', { name: 'Email Address' }).fill('sofia.rossi@demo.test');
      await form.getByRole('button', { name: 'Add Reviewer' }).click();
      await admin.getByRole('status').filter({ hasText: 'Reviewer added successfully!' }).waitFor();
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }
  });

  it('three applicants submit stage 1, one through the program page and the form', async () => {
    expect(stage2).not.toBe('');
    const jordan = await pageAs('jordan.lee@demo.test', 1280);
    try {
      await jordan.goto(`/programs/${stage1}`);
      await jordan.getByRole('link', { name: 'Start / Continue Application' }).click();
      await jordan.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      submitted.jordan = /applications\/([0-9a-f-]{36})/.exec(jordan.url())![1]!;
      await jordan.getByRole('textbox', { name: /^Project title/ }).fill('Jordan’s mural');
      await jordan.getByRole('button', { name: 'Submit Application' }).click();
      await jordan.getByText('Application submitted!').waitFor();
      await jordan.waitForURL(`**/applications/${submitted.jordan}/submitted`);
    } finally {
      await jordan.context().close();
    }
    for (const [who, email, answer] of [
      ['maya', 'maya.patel@demo.test', 'Maya’s mural'],
      ['priya', 'priya.nair@demo.test', 'Priya’s mural'],
    ] as const) {
      const p = await pageAs(email, 1280);
      const { id } = await call(p, 'post', `/api/programs/${stage1}/applications`);
      const mine = await call(p, 'get', `/api/applications/${id}`);
      await call(p, 'post', `/api/applications/${id}/submit`, {
        answers: { [titleKey]: answer },
        version: mine.version,
      });
      submitted[who] = id;
      await p.context().close();
    }
  });

  it('the admin invites two in bulk from the inbox filtered by decision', async () => {
    expect(Object.keys(submitted)).toHaveLength(3);
    const admin = await pageAs('admin@demo.test', 1280);
    try {
      // Stage 1's reviews (the review screen's own journeys are review.test.ts).
      for (const [who, score, decision] of [
        ['jordan', 92, 'shortlist'],
        ['maya', 85, 'shortlist'],
        ['priya', 41, 'reject'],
      ] as const) {
        await call(admin, 'put', `/api/applications/${submitted[who]}/review`, {
          version: 0,
          score,
          comments: 'Panel-only note: strong draft.',
          ratings: { decision },
          finalize: true,
        });
      }
      await admin.goto(`/org/${ORG}/admin/reviews`);
      await admin.getByRole('combobox', { name: 'Program' }).selectOption({ label: NAME });
      const table = admin.getByRole('group', { name: 'Reviews' });
      const applicants = table.getByRole('rowheader');
      await expect.poll(() => applicants.count(), settle).toBe(3);
      await admin.getByRole('combobox', { name: 'Decision' }).selectOption('shortlist');
      await admin.waitForURL(/decision=shortlist/);
      await expect
        .poll(() => applicants.allTextContents(), settle)
        .toEqual([expect.stringMatching(/Jordan|Maya/), expect.stringMatching(/Jordan|Maya/)]);
      await admin.getByRole('button', { name: 'Invite all 2 matching this filter' }).click();
      const dialog = admin.getByRole('dialog', { name: `Invite to ${STAGE}` });
      await dialog
        .getByRole('textbox', { name: 'Message to the applicants' })
        .fill('Please send us your full proposal.');
      await dialog.getByRole('button', { name: 'Send invitations' }).click();
      await dialog.waitFor({ state: 'detached' });
      await admin
        .getByRole('region', { name: `Invite to ${STAGE}` })
        .getByRole('status')
        .getByText(`2 applicants invited to ${STAGE}.`)
        .waitFor();
      await expect.poll(() => table.getByText(`Invited to ${STAGE}`).count(), settle).toBe(2);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
    }
  });

  it('at 375 px the invited applicant finds stage 2 on the program’s card, prefilled, and submits it', async () => {
    const jordan = await pageAs('jordan.lee@demo.test', 375);
    try {
      await jordan.goto('/my-submissions');
      const applications = jordan.getByRole('tabpanel', { name: 'Applications' });
      const stages = applications.getByRole('list', { name: `Later stages of ${NAME}` });
      await stages.getByText(`${STAGE} — Invited, due`, { exact: false }).waitFor();
      // One card per program: the stage is a line on it, not a card of its own.
      expect(await applications.getByRole('heading', { name: NAME }).count()).toBe(1);
      expect(await applications.getByRole('heading', { name: STAGE }).count()).toBe(0);
      await expectNoAxeViolations(jordan);
      expect(await noOverflow(jordan)).toBe(true);

      // Stage 1 is read-only now, and says why.
      await jordan.goto(`/applications/${submitted.jordan}`);
      await jordan.getByRole('status').filter({ hasText: stageMessages.lockedByStage }).waitFor();
      expect(await jordan.getByRole('textbox', { name: /^Project title/ }).isDisabled()).toBe(true);
      expect(await jordan.getByRole('button', { name: 'Edit Application' }).count()).toBe(0);
      await expectNoAxeViolations(jordan);
      expect(await noOverflow(jordan)).toBe(true);
      await jordan.goBack();

      await stages.getByRole('link', { name: `Continue: ${STAGE}` }).click();
      await jordan.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      stage2App = /applications\/([0-9a-f-]{36})/.exec(jordan.url())![1]!;
      expect(stage2App).not.toBe(submitted.jordan);
      await jordan.getByRole('heading', { level: 1, name: STAGE }).waitFor();
      // Prefilled from stage 1 (the copied question); the new question is empty.
      await expect
        .poll(() => jordan.getByRole('textbox', { name: /^Project title/ }).inputValue(), settle)
        .toBe('Jordan’s mural');
      const plan = jordan.getByRole('textbox', { name: /^Project plan/ });
      expect(await plan.inputValue()).toBe('');
      await expectNoAxeViolations(jordan);
      expect(await noOverflow(jordan)).toBe(true);
      await plan.fill('A tide-line mural along the harbour wall, painted with the school.');
      await jordan.getByRole('button', { name: 'Submit Application' }).click();
      await jordan.getByText('Application submitted!').waitFor();
      await jordan.waitForURL(`**/applications/${stage2App}/submitted`);

      await jordan.goto('/my-submissions');
      await stages.getByText(`${STAGE} — Submitted`).waitFor();
      await stages.getByRole('link', { name: `View: ${STAGE}` }).waitFor();
      expect(await noOverflow(jordan)).toBe(true);
    } finally {
      await jordan.context().close();
    }
  });

  it('the stage-2 reviewer reads both stages on the review screen', async () => {
    expect(stage2App).not.toBe('');
    const sofia = await pageAs('sofia.rossi@demo.test', 1280);
    try {
      await sofia.goto('/review');
      await sofia.getByRole('link', { name: new RegExp(`^${STAGE}`) }).click();
      await sofia.getByRole('link', { name: 'Open the application of Jordan Lee' }).click();
      await sofia.waitForURL(`**/review/app/${stage2App}`);
      const responses = sofia.getByRole('region', { name: 'Applicant Responses' });
      const tabs = responses.getByRole('tablist', { name: 'Stages' });
      await tabs.getByRole('tab', { name: `${STAGE} (stage 2)`, selected: true }).waitFor();
      await responses.getByText('A tide-line mural along the harbour wall', { exact: false }).waitFor();
      await tabs.getByRole('tab', { name: `${NAME} (stage 1)` }).click();
      const panel = responses.getByRole('tabpanel', { name: `${NAME} (stage 1)` });
      await panel.getByText('Jordan’s mural').waitFor();
      // The stage shows its reviewers stage 1's score and decision, never its reviews' comments.
      await panel.getByText('92', { exact: true }).waitFor();
      await panel.getByText('Shortlist', { exact: true }).waitFor();
      expect(await sofia.locator('body').textContent()).not.toContain('Panel-only note');
      await expectNoAxeViolations(sofia);
    } finally {
      await sofia.context().close();
    }
  });

  it('the third applicant sees only stage 1 and, once the admin publishes it at 375 px, its result', async () => {
    const priya = await pageAs('priya.nair@demo.test', 375);
    const admin = await pageAs('admin@demo.test', 375);
    try {
      await priya.goto('/my-submissions');
      const applications = priya.getByRole('tabpanel', { name: 'Applications' });
      await applications.getByRole('heading', { name: NAME }).waitFor();
      expect(await applications.getByRole('list', { name: `Later stages of ${NAME}` }).count()).toBe(0);
      await expectNoAxeViolations(priya);
      const refused = await priya.request.post(`${app.url}/api/programs/${stage2}/applications`, {
        headers: headers(),
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.message).toBe(stageMessages.invitationOnly);
      // The stage has no public page either.
      expect((await priya.request.get(`${app.url}/api/programs/${stage2}`)).status()).toBe(404);

      // Stage 1's not-shortlisted outcome, published while stage 2 runs.
      await admin.goto(`/org/${ORG}/admin/publish-results`);
      // The gallery names the later stage by its place; at this width it does not overflow.
      await admin
        .getByRole('heading', { name: STAGE })
        .locator('xpath=..')
        .getByText(`Stage 2 of ${NAME}`)
        .waitFor();
      expect(await noOverflow(admin)).toBe(true);
      await expectNoAxeViolations(admin);
      await admin.getByRole('link', { name: `Publish results for ${NAME}` }).click();
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
      expect(await noOverflow(admin)).toBe(true);
      await admin.getByRole('button', { name: 'Publish all finalized results' }).click();
      await admin
        .getByRole('dialog', { name: 'Publish to 1 applicant?' })
        .getByRole('button', { name: 'Publish' })
        .click();
      await admin.getByRole('status').filter({ hasText: 'Published 1 finalized result(s).' }).waitFor();

      await priya.getByRole('tab', { name: 'Results' }).click();
      const card = priya
        .getByRole('list', { name: 'Results' })
        .getByRole('listitem')
        .filter({ has: priya.getByRole('heading', { name: NAME }) });
      await card.getByText(MESSAGE).waitFor();
      await card.getByText('Not selected', { exact: true }).waitFor();
      await expectNoAxeViolations(priya);
      expect(await noOverflow(priya)).toBe(true);
    } finally {
      await priya.context().close();
      await admin.context().close();
    }
  });
});

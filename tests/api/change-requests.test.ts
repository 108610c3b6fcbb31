import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  applicationVersions,
  auditLog,
  user,
  webhookDeliveries,
} from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { closeTransport } from '../../src/server/mail/transport';
import { changeRequestMessages } from '../../src/shared/domain/change-requests';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  reviewApplication,
  startApplication,
  submittedApplication,
  uploadFile,
} from '../support/factory';
import { assign, scoreSheet, setScoring } from '../support/scoring';
import { TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, type World } from '../support/world';

/**
 * Issue 31 item 1 (decision 063): an admin requests changes of one question or the whole
 * application by a due date; the applicant may change only the unlocked questions (the server
 * refuses the others, the autosave fast path included) and resubmits as version 2; reviewers see
 * the difference and that it changed since they scored; after the due date it is submitted as it was.
 */
let smtp: TestSmtp;
let receiver: WebhookReceiver;
let t: TestApp;
let world: World;
let runner: JobRunner | null = null;
let admin: string;
let reviewer: string;
const MIN = 60_000;
const HOUR = 60 * MIN;
let programId = '';
let closeAt: Date;
let dueAt: Date;
type Person = { cookie: string; id: string };
const p: Record<'ada' | 'bo' | 'cy' | 'dee', Person> = {} as never;

const form = {
  sections: [
    { key: 's1', title: 'About you' },
    { key: 's2', title: 'Money' },
  ],
  questions: [
    { key: 'essay', type: 'long_text', label: 'Essay', required: true, section: 's1' },
    { key: 'budget', type: 'number', label: 'Budget', unit: 'USD', section: 's2' },
    { key: 'city', type: 'short_text', label: 'City', section: 's2' },
    { key: 'letter', type: 'file', label: 'Letter', section: 's2' },
  ],
};

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  receiver = await new WebhookReceiver().start();
  t = await createTestApp({
    config: {
      mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } },
      webhooks: { allowPrivate: true, ports: 'any', timeoutMs: 2_000 },
    },
  });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  reviewer = world.cookies.reviewer as string;
  const now = t.clock.now();
  closeAt = new Date(now.getTime() + 10 * HOUR);
  dueAt = new Date(closeAt.getTime() + 48 * HOUR);
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    {
      name: 'Summer Strings Fellowship',
      open_at: new Date(now.getTime() - 24 * HOUR).toISOString(),
      close_at: closeAt.toISOString(),
    },
    form,
  );
  for (const who of ['ada', 'bo', 'cy', 'dee'] as const)
    p[who] = await submittedApplication(t, `${who}@changes.test`, programId, {
      answers: { essay: `Essay of ${who}`, budget: 100, city: 'Lyon' },
    });
  const hook = await t.json('POST', `/api/orgs/${world.slugs.org}/webhooks`, {
    as: admin,
    body: {
      url: receiver.url('/changes'),
      events: ['application.changes_requested', 'application.resubmitted'],
    },
  });
  expect(hook.status).toBe(201);
  // The reviewer saved a review of Ada's application before any change.
  await reviewApplication(t, reviewer, p.ada.id, { score: 4, finalize: false });
});
afterAll(async () => {
  await runner?.stop();
  await closeTransport(t.deps.config);
  await smtp?.stop();
  await receiver?.stop();
  await t?.close();
});

async function delivered() {
  runner ??= await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
  await runner.drained();
  return smtp.received;
}
const request = (body: Record<string, unknown>, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${programId}/change-requests`, { as, body });
const body = (ids: string[], scope: unknown = { question_keys: ['budget'], section_keys: [] }) => ({
  application_ids: ids,
  message: 'Please give your budget in dollars.',
  due_at: dueAt.toISOString(),
  scope,
});
const appOf = (who: Person, as = who.cookie) => t.json<any>('GET', `/api/applications/${who.id}`, { as });
const save = (who: Person, answers: Record<string, unknown>, version: number) =>
  t.json<any>('PUT', `/api/applications/${who.id}/answers`, { as: who.cookie, body: { answers, version } });
const rowOf = async (id: string) =>
  (await t.deps.db.select().from(applications).where(eq(applications.id, id)))[0];
const hooks = async (type: string, id: string) =>
  (await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, type))).filter(
    (h) => h.payload.includes(id),
  );
const audits = (action: string, id: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

describe('POST /api/programs/{id}/change-requests', () => {
  it('is refused to reviewers, applicants, other organizations and visitors; bad input 422', async () => {
    expect((await request(body([p.ada.id]), reviewer)).status).toBe(403);
    expect((await request(body([p.ada.id]), world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await request(body([p.ada.id]), p.ada.cookie)).status).toBe(404);
    expect((await request(body([p.ada.id]), null)).status).toBe(401);
    const past = await request({
      ...body([p.ada.id]),
      due_at: new Date(t.clock.now().getTime() - MIN).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(past.body.error.message).toBe(changeRequestMessages.mustBeFuture);
    expect((await request(body([p.ada.id], { question_keys: ['nope'], section_keys: [] }))).status).toBe(422);
    expect((await request(body([p.ada.id], { question_keys: [], section_keys: [] }))).status).toBe(422);
    const foreign = await request(body([p.ada.id, world.ids.publishedProgram]));
    expect(foreign.status).toBe(422);
    expect((await rowOf(p.ada.id)).changesDueAt).toBeNull();
    expect(await audits('application.changes_requested', p.ada.id)).toHaveLength(0);
  });

  it('an org admin asks several applicants at once: audited, one webhook each, shown as changes requested', async () => {
    const res = await request(body([p.ada.id, p.bo.id]));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    const mine = await appOf(p.ada);
    expect(mine.body.status).toBe('submitted');
    expect(mine.body.editable).toBe(true);
    expect(mine.body.change_request).toMatchObject({
      organization_name: 'Riverside Arts Center',
      message: 'Please give your budget in dollars.',
      due_at: dueAt.toISOString(),
      unlocked: ['budget'],
    });
    const list = await t.json<any>('GET', '/api/me/applications', { as: p.ada.cookie });
    expect(list.body.items[0].change_request).toMatchObject({ due_at: dueAt.toISOString() });
    const inbox = await t.json<any>(
      'GET',
      `/api/orgs/${world.slugs.org}/reviews?status=all&program_id=${programId}`,
      {
        as: admin,
      },
    );
    expect(inbox.status).toBe(200);
    const rows = inbox.body.items.filter((r: any) => r.changes_due_at === dueAt.toISOString());
    expect(rows.map((r: any) => r.application_id).sort()).toEqual([p.ada.id, p.bo.id].sort());
    for (const id of [p.ada.id, p.bo.id]) {
      expect(await audits('application.changes_requested', id)).toHaveLength(1);
      expect(await hooks('application.changes_requested', id)).toHaveLength(1);
    }
    // The dashboard and the export show it too.
    const dash = await t.json<any>('GET', `/api/programs/${programId}/dashboard`, { as: admin });
    expect(dash.body.funnel.changes_requested).toBe(2);
    expect((await t.request('POST', '/api/me/personal-data-notice', { as: admin })).status).toBe(200);
    const csv = await t.request('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    const lines = (await csv.text()).split(/\r?\n/);
    const status = lines[0].split(',').indexOf('Status');
    expect(lines.find((l) => l.startsWith(p.ada.id))?.split(',')[status]).toBe('changes_requested');
    expect(lines.find((l) => l.startsWith(p.cy.id))?.split(',')[status]).toBe('submitted');
    // Version 1 is what was submitted.
    const versions = await t.deps.db
      .select()
      .from(applicationVersions)
      .where(eq(applicationVersions.applicationId, p.ada.id));
    expect(versions.map((v) => [v.number, v.answers.budget])).toEqual([[1, 100]]);
  });

  it('the Applications Inbox has a Changes requested view: the open requests with their due date', async () => {
    const inbox = (status: string, as = admin) =>
      t.json<any>('GET', `/api/orgs/${world.slugs.org}/reviews?status=${status}&program_id=${programId}`, {
        as,
      });
    const view = await inbox('changes_requested');
    expect(view.status).toBe(200);
    expect(view.body.items.map((r: any) => [r.application_id, r.changes_due_at]).sort()).toEqual(
      [
        [p.ada.id, dueAt.toISOString()],
        [p.bo.id, dueAt.toISOString()],
      ].sort(),
    );
    expect(view.body.counts.changes_requested).toBe(2);
    expect(view.body.counts.all).toBe(4);
    // Every view carries the count, whichever is shown.
    expect((await inbox('all')).body.counts.changes_requested).toBe(2);
    expect((await inbox('changes_requested', reviewer)).status).toBe(403);
    // The view downloads like the others.
    const csv = await t.request(
      'GET',
      `/api/orgs/${world.slugs.org}/exports/inbox?format=csv&status=changes_requested`,
      { as: admin },
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split(/\r?\n/).filter(Boolean);
    expect(lines).toHaveLength(3);
  });

  it('only the unlocked questions change (the autosave fast path too); a locked one is refused, not stored', async () => {
    // The program is still open: the fast path would take any save of a submitted application.
    const mine = (await appOf(p.ada)).body;
    const locked = await save(
      p.ada,
      { ...mine.answers, essay: 'Rewritten essay', budget: 150 },
      mine.version,
    );
    expect(locked.status).toBe(422);
    expect(locked.body.error.message).toContain('Essay');
    let row = await rowOf(p.ada.id);
    expect(row.answers).toMatchObject({ essay: 'Essay of ada', budget: 100 });
    expect(row.changesAnswers).toMatchObject({ essay: 'Essay of ada', budget: 100 });
    const ok = await save(p.ada, { ...mine.answers, budget: 150 }, mine.version);
    expect(ok.status).toBe(200);
    row = await rowOf(p.ada.id);
    // The submitted answers stay as they were for everyone else until the applicant resubmits.
    expect(row.answers.budget).toBe(100);
    expect(row.changesAnswers?.budget).toBe(150);
    expect((await appOf(p.ada)).body.answers.budget).toBe(150);
    expect((await appOf(p.ada, admin)).body.answers.budget).toBe(100);
    // A file cannot go to a locked question either.
    await expect(
      uploadFile(t, p.ada.cookie, 'answer', { applicationId: p.ada.id, fieldKey: 'letter' }),
    ).rejects.toThrow(/422.*Letter/);
    const bo = (await appOf(p.bo)).body;
    expect((await save(p.bo, { ...bo.answers, budget: 175 }, bo.version)).status).toBe(200);
  });

  it('after close, the applicant still edits the unlocked question and resubmits: version 2, told once', async () => {
    t.clock.set(new Date(closeAt.getTime() + HOUR));
    const mine = (await appOf(p.ada)).body;
    expect(mine.editable).toBe(true);
    const saved = await save(p.ada, { ...mine.answers, budget: 200 }, mine.version);
    expect(saved.status).toBe(200);
    const sent = await t.json<any>('POST', `/api/applications/${p.ada.id}/submit`, {
      as: p.ada.cookie,
      body: { answers: saved.body.answers, version: saved.body.version },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('submitted');
    const row = await rowOf(p.ada.id);
    expect(row.submissionVersion).toBe(2);
    expect(row.answers.budget).toBe(200);
    expect(row.changesDueAt).toBeNull();
    const versions = await t.deps.db
      .select()
      .from(applicationVersions)
      .where(eq(applicationVersions.applicationId, p.ada.id));
    expect(versions.map((v) => [v.number, v.answers.budget]).sort()).toEqual([
      [1, 100],
      [2, 200],
    ]);
    const seen = await t.json<any>('GET', `/api/applications/${p.ada.id}/versions`, { as: reviewer });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ current: 2, total: 2, changed_since_scored: true });
    expect(seen.body.diff.questions).toEqual([
      {
        key: 'budget',
        label: 'Budget',
        type: 'number',
        change: 'changed',
        parts: [
          { kind: 'removed', text: '100 USD' },
          { kind: 'added', text: '200 USD' },
        ],
      },
    ]);
    const queue = await t.json<any>('GET', `/api/review/programs/${programId}/queue`, { as: reviewer });
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((r: any) => r.application_id === p.ada.id);
    expect(item).toMatchObject({ changed_since_scored: true, submission_version: 2 });
    expect(queue.body.items.find((r: any) => r.application_id === p.dee.id).changed_since_scored).toBe(false);
    expect(
      (await t.json('GET', `/api/applications/${p.ada.id}/versions`, { as: world.cookies.otherReviewer }))
        .status,
    ).toBe(404);
    expect(await audits('application.resubmitted', p.ada.id)).toHaveLength(1);
    expect(await hooks('application.resubmitted', p.ada.id)).toHaveLength(1);
    // The request is answered: the application is closed again like everyone else's.
    const after = (await appOf(p.ada)).body;
    expect(after.change_request).toBeNull();
    expect(after.editable).toBe(false);
    expect((await save(p.ada, { ...after.answers, budget: 300 }, after.version)).status).toBe(409);
    // Scoring again clears "changed since you scored".
    await reviewApplication(t, reviewer, p.ada.id, { score: 5, finalize: false });
    const again = await t.json<any>('GET', `/api/applications/${p.ada.id}/versions`, { as: reviewer });
    expect(again.body.changed_since_scored).toBe(false);
  });

  it('a due date passed unanswered: submitted as it was, and further edits refused', async () => {
    t.clock.set(new Date(dueAt.getTime() + MIN));
    const bo = (await appOf(p.bo)).body;
    expect(bo.change_request).toBeNull();
    expect(bo.editable).toBe(false);
    expect(bo.answers.budget).toBe(100);
    expect((await save(p.bo, { ...bo.answers, budget: 500 }, bo.version)).status).toBe(409);
    const refused = await t.json<any>('POST', `/api/applications/${p.bo.id}/submit`, {
      as: p.bo.cookie,
      body: { answers: bo.answers, version: bo.version },
    });
    expect(refused.status).toBe(409);
    const row = await rowOf(p.bo.id);
    expect(row.answers.budget).toBe(100);
    expect(row.submissionVersion).toBe(1);
    expect((await appOf(p.bo, admin)).body.answers.budget).toBe(100);
    // Answered (Ada) or past due (Bo): the Changes requested view is empty again.
    const view = await t.json<any>(
      'GET',
      `/api/orgs/${world.slugs.org}/reviews?status=changes_requested&program_id=${programId}`,
      { as: admin },
    );
    expect(view.body.items).toEqual([]);
    expect(view.body.counts.changes_requested).toBe(0);
  });

  it('versions read through the gate: questions hidden from reviewers stay hidden in the difference', async () => {
    await setScoring(t, admin, programId, { mode: 'shared', blind: true, hidden_questions: ['budget'] });
    const theirs = await t.json<any>('GET', `/api/applications/${p.ada.id}/versions`, { as: reviewer });
    expect(theirs.status).toBe(200);
    expect(theirs.body.current).toBe(2);
    expect(theirs.body.diff.questions).toEqual([]);
    const mine = await t.json<any>('GET', `/api/applications/${p.ada.id}/versions`, { as: admin });
    expect(mine.body.diff.questions.map((q: any) => q.key)).toEqual(['budget']);
    expect((await t.json('GET', `/api/applications/${p.ada.id}/versions`, { as: p.ada.cookie })).status).toBe(
      200,
    );
    expect((await t.json('GET', `/api/applications/${p.ada.id}/versions`, { as: p.bo.cookie })).status).toBe(
      404,
    );
    await setScoring(t, admin, programId, { mode: 'shared', blind: false, hidden_questions: [] });
  });

  it('withdrawn, draft and published applications are refused', async () => {
    dueAt = new Date(t.clock.now().getTime() + 24 * HOUR);
    expect(
      (await t.json('POST', `/api/applications/${p.cy.id}/withdraw`, { as: p.cy.cookie, body: {} })).status,
    ).toBe(200);
    const withdrawn = await request(body([p.cy.id]));
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.error.message).toBe(changeRequestMessages.onlySubmitted);
    const { cookie } = await onboardedUser(t, 'eve@changes.test');
    await completeProfile(t, cookie);
    // Drafts cannot be started after close: the program is reopened for the test's draft.
    t.clock.set(new Date(closeAt.getTime() - HOUR));
    const draft = await startApplication(t, cookie, programId);
    t.clock.set(new Date(dueAt.getTime() - HOUR));
    expect((await request(body([draft]))).status).toBe(409);
    await reviewApplication(t, admin, p.dee.id, { score: 5 });
    await okBody(
      t.json('POST', `/api/programs/${programId}/publish-results`, {
        as: admin,
        body: { mode: 'all_finalized', visibility: { decision: true } },
      }),
    );
    const published = await request(body([p.dee.id]));
    expect(published.status).toBe(409);
    expect(published.body.error.message).toBe(changeRequestMessages.published);
    // Nothing of a refused bulk request is kept.
    expect((await request(body([p.bo.id, p.dee.id]))).status).toBe(409);
    expect((await rowOf(p.bo.id)).changesDueAt?.getTime()).not.toBe(dueAt.getTime());
  });

  it('emails: changes requested to each applicant and resubmitted to the admins, each exactly once', async () => {
    const mail = await delivered();
    const asked = mail.filter((r) => r.mail.subject === 'Changes requested: Summer Strings Fellowship');
    expect(asked.map((r) => r.envelopeTo[0]).sort()).toEqual(['ada@changes.test', 'bo@changes.test']);
    expect(asked[0].mail.text).toContain('Please give your budget in dollars.');
    expect(asked[0].mail.text).toContain(`/applications/`);
    const resubmitted = mail.filter(
      (r) => r.mail.subject === 'Application resubmitted: Summer Strings Fellowship',
    );
    const to = resubmitted.map((r) => r.envelopeTo[0]);
    expect(to).toContain('admin@demo.test');
    expect(new Set(to).size).toBe(to.length);
    expect(resubmitted[0].mail.text).toContain('Version 2');
    const receipts = mail.filter(
      (r) => r.envelopeTo[0] === 'ada@changes.test' && r.mail.subject?.startsWith('Application received'),
    );
    expect(receipts.map((r) => r.mail.subject).sort()).toEqual([
      'Application received: Summer Strings Fellowship',
      'Application received: Summer Strings Fellowship (version 2)',
    ]);
    expect(receipts.find((r) => r.mail.subject?.endsWith('(version 2)'))?.mail.text).toContain('Version 2');
  });
});

describe('independent scoring: changed since you scored', () => {
  it('tells only a reviewer whose own sheet was saved before the resubmission; saving it again clears it', async () => {
    const now = t.clock.now().getTime();
    const prog = await programWithForm(
      t,
      admin,
      world.slugs.org,
      {
        name: 'Independent Changes Prize',
        open_at: new Date(now - 24 * HOUR).toISOString(),
        close_at: new Date(now + 240 * HOUR).toISOString(),
      },
      form,
    );
    await setScoring(t, admin, prog, { mode: 'independent', blind: false });
    t.clock.advance(3_000);
    const judge = await onboardedUser(t, 'judge@changes.test');
    expect(
      (
        await t.json('POST', `/api/programs/${prog}/reviewers`, {
          as: admin,
          body: { email: 'judge@changes.test' },
        })
      ).status,
    ).toBe(200);
    t.clock.advance(3_000);
    const eve = await submittedApplication(t, 'eve.independent@changes.test', prog, {
      answers: { essay: 'Essay of eve', budget: 100, city: 'Lyon' },
    });
    const [{ id: reviewerId }] = await t.deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'reviewer@demo.test'));
    await assign(t, admin, prog, [eve.id], [reviewerId, judge.id]);
    // The reviewer began their sheet; the judge is assigned but has not started.
    await scoreSheet(t, reviewer, eve.id, { tone: 4, rhythm: 7, callback: 1 }, { submit: false });
    t.clock.advance(60_000);
    const asked = await t.json<any>('POST', `/api/programs/${prog}/change-requests`, {
      as: admin,
      body: {
        application_ids: [eve.id],
        message: 'Please check the budget.',
        due_at: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
        scope: { question_keys: ['budget'], section_keys: [] },
      },
    });
    expect(asked.status).toBe(200);
    const mine = (await appOf(eve)).body;
    const saved = await save(eve, { ...mine.answers, budget: 120 }, mine.version);
    expect(saved.status).toBe(200);
    const sent = await t.json<any>('POST', `/api/applications/${eve.id}/submit`, {
      as: eve.cookie,
      body: { answers: saved.body.answers, version: saved.body.version },
    });
    expect(sent.status).toBe(200);

    const versions = async (as: string) =>
      (await t.json<any>('GET', `/api/applications/${eve.id}/versions`, { as })).body;
    const queueRow = async (as: string) =>
      (await t.json<any>('GET', `/api/review/programs/${prog}/queue`, { as })).body.items.find(
        (r: { application_id: string }) => r.application_id === eve.id,
      );
    expect(await versions(reviewer)).toMatchObject({ current: 2, total: 2, changed_since_scored: true });
    expect((await versions(judge.cookie)).changed_since_scored).toBe(false);
    expect((await queueRow(reviewer)).changed_since_scored).toBe(true);
    expect((await queueRow(judge.cookie)).changed_since_scored).toBe(false);
    // The reviewer scores again, now of version 2.
    t.clock.advance(60_000);
    await scoreSheet(t, reviewer, eve.id, { tone: 5, rhythm: 8, callback: 1 });
    expect((await versions(reviewer)).changed_since_scored).toBe(false);
    expect((await queueRow(reviewer)).changed_since_scored).toBe(false);
  });
});

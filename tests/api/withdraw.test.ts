import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailMessages, publications, user, webhookDeliveries } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { withdrawMessages } from '../../src/shared/domain/applications';
import {
  onboardedUser,
  programWithForm,
  reviewApplication,
  startApplication,
  submittedApplication,
  uploadFile,
} from '../support/factory';
import { assign, setScoring } from '../support/scoring';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Withdraw and reinstate (issue 31 item 5) on Youth Orchestra Auditions (riverside-arts, open). */
const program = demoProgramId(1);
let t: TestApp;
let world: World;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, ports: 'any', timeoutMs: 2_000 } } });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  reviewer = world.cookies.reviewer as string;
  const hook = await t.json('POST', '/api/orgs/riverside-arts/webhooks', {
    as: admin,
    body: { url: 'http://127.0.0.1:9/hook', events: ['application.withdrawn', 'application.reinstated'] },
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const withdraw = (id: string, as: string | null, body: unknown = {}) =>
  t.json<any>('POST', `/api/applications/${id}/withdraw`, { as, body });
const reinstate = (id: string, as: string | null) =>
  t.json<any>('POST', `/api/applications/${id}/reinstate`, { as });
const queueIds = async (as: string) => {
  const res = await t.json<any>('GET', `/api/review/programs/${program}/queue`, { as });
  expect(res.status).toBe(200);
  return res.body.items.map((r: { application_id: string }) => r.application_id) as string[];
};

describe('POST /api/applications/{id}/withdraw', () => {
  it('withdraws: out of the reviewers queue and reads, kept for admins, no more edits; audit and webhook', async () => {
    const app = await submittedApplication(t, 'withdraw.one@example.test', program);
    expect(await queueIds(reviewer)).toContain(app.id);

    const res = await withdraw(app.id, app.cookie, { reason: 'I accepted another offer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: app.id, status: 'withdrawn' });

    const mine = await t.json<any>('GET', `/api/applications/${app.id}`, { as: app.cookie });
    expect(mine.body).toMatchObject({ status: 'withdrawn', editable: false });
    const save = await t.json('PUT', `/api/applications/${app.id}/answers`, {
      as: app.cookie,
      body: { answers: mine.body.answers, version: mine.body.version },
    });
    expect(save.status).toBe(409);
    const fileKey = mine.body.program.form.questions.find((q: { type: string }) => q.type === 'file').key;
    await expect(
      uploadFile(t, app.cookie, 'answer', { applicationId: app.id, fieldKey: fileKey }),
    ).rejects.toThrow(/upload answer: 409/);
    const list = await t.json<any>('GET', '/api/me/applications', { as: app.cookie });
    expect(list.body.items.find((i: { id: string }) => i.id === app.id).status).toBe('withdrawn');

    // Reviewers no longer see it; the org admin does, as Withdrawn.
    expect(await queueIds(reviewer)).not.toContain(app.id);
    expect((await t.json('GET', `/api/applications/${app.id}`, { as: reviewer })).status).toBe(404);
    const seen = await t.json<any>('GET', `/api/applications/${app.id}`, { as: admin });
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe('withdrawn');
    // Kept for the record: the inbox's All view and the export show it as withdrawn; the review-state views leave it out.
    const inbox = async (status: string) =>
      (
        await t.json<any>('GET', `/api/orgs/riverside-arts/reviews?status=${status}&program_id=${program}`, {
          as: admin,
        })
      ).body.items.find((r: { application_id: string }) => r.application_id === app.id);
    expect((await inbox('all'))?.application_status).toBe('withdrawn');
    expect(await inbox('not_started')).toBeUndefined();
    expect((await t.request('POST', '/api/me/personal-data-notice', { as: admin })).status).toBe(200);
    const csv = await t.request('GET', `/api/programs/${program}/exports/applications?format=csv`, {
      as: admin,
    });
    const lines = (await csv.text()).split(/\r?\n/);
    const statusColumn = lines[0].split(',').indexOf('Status');
    expect(lines.find((l) => l.startsWith(app.id))?.split(',')[statusColumn]).toBe('withdrawn');

    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.withdrawn'), eq(auditLog.targetId, app.id)));
    expect(entry).toMatchObject({ targetType: 'application', organizationId: world.ids.riversideOrg });
    const hooks = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'application.withdrawn'));
    expect(hooks.filter((h) => JSON.stringify(h.payload).includes(app.id))).toHaveLength(1);

    // Twice: refused.
    const again = await withdraw(app.id, app.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(withdrawMessages.onlySubmitted);
  });

  it('refuses a draft, somebody else, and signed-out callers', async () => {
    const { cookie } = await onboardedUser(t, 'withdraw.draft@example.test');
    const draft = await startApplication(t, cookie, program);
    expect((await withdraw(draft, cookie)).status).toBe(409);
    const app = await submittedApplication(t, 'withdraw.two@example.test', program);
    expect((await withdraw(app.id, reviewer)).status).toBe(404);
    expect((await withdraw(app.id, admin)).status).toBe(404);
    expect((await withdraw(app.id, null)).status).toBe(401);
    const mine = await t.json<any>('GET', `/api/applications/${app.id}`, { as: app.cookie });
    expect(mine.body.status).toBe('submitted');
  });

  it('is refused once the result is published; a withdrawn application is skipped by publish', async () => {
    const kept = await submittedApplication(t, 'withdraw.kept@example.test', program);
    const gone = await submittedApplication(t, 'withdraw.gone@example.test', program);
    for (const id of [kept.id, gone.id]) await reviewApplication(t, admin, id, { decision: 'accept' });
    expect((await withdraw(gone.id, gone.cookie)).status).toBe(200);

    const published = await t.json<any>('POST', `/api/programs/${program}/publish-results`, {
      as: admin,
      body: { mode: 'all_finalized', visibility: { decision: true } },
    });
    expect(published.status).toBe(200);
    const rows = await t.deps.db.select().from(publications).where(eq(publications.programId, program));
    const ids = rows.map((r) => r.applicationId);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);

    const late = await withdraw(kept.id, kept.cookie);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(withdrawMessages.published);
  });
});

describe('POST /api/applications/{id}/reinstate', () => {
  it('an org admin puts it back in the queue; reviewers and the applicant may not', async () => {
    const app = await submittedApplication(t, 'withdraw.back@example.test', program);
    expect((await reinstate(app.id, admin)).status).toBe(409); // not withdrawn
    await withdraw(app.id, app.cookie);
    expect((await reinstate(app.id, reviewer)).status).toBe(404);
    expect((await reinstate(app.id, app.cookie)).status).toBe(404);
    expect((await reinstate(app.id, world.cookies.otherOrgAdmin)).status).toBe(404);
    const res = await reinstate(app.id, admin);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('submitted');
    expect(await queueIds(reviewer)).toContain(app.id);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.reinstated'), eq(auditLog.targetId, app.id)));
    expect(entry).toBeTruthy();
    const hooks = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'application.reinstated'));
    expect(hooks.filter((h) => JSON.stringify(h.payload).includes(app.id))).toHaveLength(1);
  });
});

describe('a withdrawn application leaves the reviewers’ loads', () => {
  it('independent scoring: next to score, remaining, progress and reminders count it no more; reinstating brings it back', async () => {
    const now = t.clock.now().getTime();
    const scored = await programWithForm(
      t,
      admin,
      world.slugs.org,
      {
        name: 'Withdrawn Loads Fellowship',
        open_at: new Date(now - 86_400_000).toISOString(),
        close_at: new Date(now + 10 * 86_400_000).toISOString(),
      },
      { questions: [{ key: 'essay', type: 'long_text', label: 'Essay', required: true }] },
    );
    await setScoring(t, admin, scored, { mode: 'independent', blind: false });
    const first = await submittedApplication(t, 'loads.first@example.test', scored, {
      answers: { essay: 'First' },
    });
    t.clock.advance(60_000);
    const second = await submittedApplication(t, 'loads.second@example.test', scored, {
      answers: { essay: 'Second' },
    });
    const [{ id: reviewerId }] = await t.deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'reviewer@demo.test'));
    await assign(t, admin, scored, [first.id, second.id], [reviewerId]);

    const next = async () =>
      (await t.json<any>('GET', `/api/review/programs/${scored}/next`, { as: reviewer })).body;
    const progress = async () =>
      (await t.json<any>('GET', `/api/programs/${scored}/reviewer-progress`, { as: admin })).body.items.find(
        (r: { user_id: string }) => r.user_id === reviewerId,
      );
    const toScore = async () =>
      (await t.json<any>('GET', '/api/review/pending-counts', { as: reviewer })).body.items.find(
        (r: { program_id: string }) => r.program_id === scored,
      )?.to_score;
    const dashboard = async () =>
      (await t.json<any>('GET', `/api/programs/${scored}/dashboard`, { as: admin })).body.reviewers.find(
        (r: { user_id: string }) => r.user_id === reviewerId,
      );
    expect(await next()).toEqual({ application_id: first.id, remaining: 2 });
    expect(await progress()).toMatchObject({ assigned: 2, remaining: 2 });
    expect(await toScore()).toBe(2);
    expect((await dashboard()).assigned).toBe(2);

    expect((await withdraw(first.id, first.cookie)).status).toBe(200);
    // Never sent to an application they can no longer open.
    expect(await next()).toEqual({ application_id: second.id, remaining: 1 });
    expect(await progress()).toMatchObject({ assigned: 1, remaining: 1 });
    expect((await dashboard()).assigned).toBe(1);
    const queue = await t.json<any>('GET', `/api/review/programs/${scored}/queue`, { as: reviewer });
    expect(queue.body.items.map((r: { application_id: string }) => r.application_id)).toEqual([second.id]);
    // With reviewers in the threads, a message on the withdrawn application is emailed to no reviewer.
    const settings = await t.json('PUT', `/api/programs/${scored}/message-settings`, {
      as: admin,
      body: { reviewers_may_write: true },
    });
    expect(settings.status).toBe(200);
    const toReviewer = async (applicationId: string) =>
      (
        await t.deps.db
          .select()
          .from(mailMessages)
          .where(
            and(eq(mailMessages.kind, 'message_received'), eq(mailMessages.toAddress, 'reviewer@demo.test')),
          )
      ).filter((m) => m.data.applicationId === applicationId).length;
    for (const who of [first, second]) {
      t.clock.advance(60_000);
      const wrote = await t.json('POST', `/api/applications/${who.id}/messages`, {
        as: who.cookie,
        body: { body: 'A question about my audition.' },
      });
      expect(wrote.status).toBe(200);
    }
    expect(await toReviewer(first.id)).toBe(0);
    expect(await toReviewer(second.id)).toBe(1);

    expect((await withdraw(second.id, second.cookie)).status).toBe(200);
    expect(await next()).toEqual({ application_id: null, remaining: 0 });
    expect((await toScore()) ?? 0).toBe(0);
    const remind = await t.json<any>(
      'POST',
      `/api/programs/${scored}/reviewer-progress/${reviewerId}/remind`,
      { as: admin },
    );
    expect(remind.status).toBe(409);

    expect((await reinstate(first.id, admin)).status).toBe(200);
    expect(await next()).toEqual({ application_id: first.id, remaining: 1 });
    expect(await progress()).toMatchObject({ assigned: 1, remaining: 1 });
  });
});

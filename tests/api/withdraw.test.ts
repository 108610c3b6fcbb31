import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, publications, webhookDeliveries } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { withdrawMessages } from '../../src/shared/domain/applications';
import {
  onboardedUser,
  reviewApplication,
  startApplication,
  submittedApplication,
  uploadFile,
} from '../support/factory';
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
    body: { url: 'http://127.0.0.1:9/hook', events: ['application.withdrawn'] },
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
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, lateLinks, webhookDeliveries } from '../../src/server/db/schema';
import { lateLinkMessages } from '../../src/shared/domain/late-links';
import { completeAnswers, completeProfile, onboardedUser, startApplication } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * Issue 31 item 4 (decision 064): late-submission links let one person or a named group start or
 * finish an application after the close, until the link expires; used up, expired, revoked and
 * someone else's links are refused.
 */
let t: TestApp;
let world: World;
let admin: string;
const MIN = 60_000;
const HOUR = 60 * MIN;
let programId = '';
let closeAt: Date;
type Person = { cookie: string; id: string };
const people: Record<'ada' | 'bo' | 'cy' | 'dee' | 'eve' | 'fay', Person> = {} as never;
let eveApp = '';
let fayApp = '';

beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, ports: 'any', timeoutMs: 2_000 } } });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  const now = t.clock.now();
  closeAt = new Date(now.getTime() + 10 * HOUR);
  const created = await t.json<any>('POST', `/api/orgs/${world.slugs.org}/programs`, {
    as: admin,
    body: {
      name: 'Spring Choir Residency',
      open_at: new Date(now.getTime() - 24 * HOUR).toISOString(),
      close_at: closeAt.toISOString(),
    },
  });
  programId = created.body.id;
  const editor = (await t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin })).body;
  const published = await t.json<any>('POST', `/api/programs/${programId}/publish`, {
    as: admin,
    body: { form: editor.form, version: editor.version, editor: 'org' },
  });
  expect(published.body.outcome).toBe('published');
  for (const who of ['ada', 'bo', 'cy', 'dee', 'eve', 'fay'] as const) {
    people[who] = await onboardedUser(t, `${who}@late-links.test`);
    await completeProfile(t, people[who].cookie);
  }
  // Eve starts before the close and has no link; Fay submits on time.
  eveApp = await startApplication(t, people.eve.cookie, programId);
  fayApp = await startApplication(t, people.fay.cookie, programId);
  const fay = await t.json('POST', `/api/applications/${fayApp}/submit`, {
    as: people.fay.cookie,
    body: await completeAnswers(t, people.fay.cookie, fayApp),
  });
  expect(fay.status).toBe(200);
  const hook = await t.json('POST', `/api/orgs/${world.slugs.org}/webhooks`, {
    as: admin,
    body: { url: 'http://127.0.0.1:9/hook', events: ['deadline.extended'] },
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const create = (body: unknown, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${programId}/late-links`, { as, body });
const list = (as: string | null = admin) =>
  t.json<any>('GET', `/api/programs/${programId}/late-links`, { as });
const revoke = (id: string, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${programId}/late-links/${id}/revoke`, { as });
const redeem = (token: string, as: string | null) =>
  t.json<any>('POST', '/api/late-links/redeem', { as, body: { token } });
const submit = async (p: Person, app: string) =>
  t.json<any>('POST', `/api/applications/${app}/submit`, {
    as: p.cookie,
    body: await completeAnswers(t, p.cookie, app),
  });
const expiresIn = (hours: number) => new Date(closeAt.getTime() + hours * HOUR).toISOString();

let single: { id: string; token: string };
let group: { id: string; token: string };
let short: { id: string; token: string };
let revoked: { id: string; token: string };

describe('create, list and revoke (program admins)', () => {
  it('refuses reviewers (403), others (404), signed-out callers (401) and bad input', async () => {
    const body = { email: 'ada@late-links.test', max_uses: 1, expires_at: expiresIn(24) };
    expect((await create(body, world.cookies.reviewer)).status).toBe(403);
    expect((await create(body, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await create(body, people.ada.cookie)).status).toBe(404);
    expect((await create(body, null)).status).toBe(401);
    expect((await list(world.cookies.reviewer)).status).toBe(403);
    expect((await list(people.ada.cookie)).status).toBe(404);
    const past = await create({ ...body, expires_at: new Date(t.clock.now().getTime() - MIN).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.error.message).toBe(lateLinkMessages.mustBeFuture);
    const nobody = await create({ max_uses: 1, expires_at: expiresIn(24) });
    expect(nobody.status).toBeGreaterThanOrEqual(400);
    expect(nobody.status).toBeLessThan(500);
    expect((await list()).body.items).toEqual([]);
  });

  it('creates links; the token is shown once and only its hash is stored', async () => {
    const a = await create({ email: 'Ada@Late-Links.test', max_uses: 5, expires_at: expiresIn(24) });
    expect(a.status).toBe(200);
    expect(a.body.link).toMatchObject({ email: 'ada@late-links.test', label: null, max_uses: 1, uses: 0 });
    expect(a.body.link.status).toBe('active');
    expect(a.body.url).toBe(`http://localhost:3000/late/${a.body.token}`);
    single = { id: a.body.link.id, token: a.body.token };
    const g = await create({ label: 'Choir school', max_uses: 2, expires_at: expiresIn(24) });
    expect(g.body.link).toMatchObject({ email: null, label: 'Choir school', max_uses: 2 });
    group = { id: g.body.link.id, token: g.body.token };
    const s = await create({ label: 'Short one', max_uses: 3, expires_at: expiresIn(2) });
    short = { id: s.body.link.id, token: s.body.token };
    const r = await create({ label: 'Revoked one', max_uses: 3, expires_at: expiresIn(24) });
    revoked = { id: r.body.link.id, token: r.body.token };

    const rows = await t.deps.db.select().from(lateLinks).where(eq(lateLinks.programId, programId));
    expect(rows).toHaveLength(4);
    for (const row of rows)
      expect(JSON.stringify(row)).not.toContain(row.id === single.id ? single.token : group.token);
    const shown = await list();
    expect(shown.body.items).toHaveLength(4);
    expect(JSON.stringify(shown.body)).not.toContain(single.token);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'late_link.created'), eq(auditLog.targetId, programId)));
    expect(entries).toHaveLength(4);
    expect(entries.map((e) => e.summary).join(' ')).not.toContain('ada@late-links.test');
  });

  it('revokes (reviewers 403, others 404); a second revoke is refused', async () => {
    expect((await revoke(revoked.id, world.cookies.reviewer)).status).toBe(403);
    expect((await revoke(revoked.id, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await revoke(revoked.id, people.ada.cookie)).status).toBe(404);
    const res = await revoke(revoked.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('revoked');
    expect((await revoke(revoked.id)).status).toBe(409);
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'late_link.revoked'));
    expect(entry).toMatchObject({ targetId: programId });
  });
});

describe('redeem after the close', () => {
  it('refuses unknown, revoked and someone else’s links, and signed-out callers', async () => {
    t.clock.set(new Date(closeAt.getTime() + HOUR));
    expect((await redeem('not-a-token', people.ada.cookie)).status).toBe(404);
    expect((await redeem(single.token, null)).status).toBe(401);
    const wrong = await redeem(single.token, people.bo.cookie);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toBe(lateLinkMessages.wrongPerson);
    const gone = await redeem(revoked.token, people.bo.cookie);
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(lateLinkMessages.refused.revoked);
  });

  it('starts an application for the redeemer, who submits after the close (late); others stay closed', async () => {
    // Without a link nobody starts after the close.
    expect(
      (await t.json('POST', `/api/programs/${programId}/applications`, { as: people.ada.cookie })).status,
    ).not.toBe(200);
    const res = await redeem(single.token, people.ada.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ program_id: programId, expires_at: expiresIn(24) });
    const app = res.body.application_id as string;
    // Opening it again is free and gives the same application.
    expect((await redeem(single.token, people.ada.cookie)).body.application_id).toBe(app);
    const seen = await t.json<any>('GET', `/api/applications/${app}`, { as: people.ada.cookie });
    expect(seen.body.editable).toBe(true);
    expect(seen.body.deadline).toMatchObject({ link: true, grace_until: expiresIn(24) });
    const ok = await submit(people.ada, app);
    expect(ok.status).toBe(200);
    const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, app));
    expect(row).toMatchObject({ status: 'submitted', late: true });

    // Eve started before the close, has no link: refused.
    const eve = await submit(people.eve, eveApp);
    expect(eve.status).toBe(409);
    // Fay submitted on time: the link does not reopen it.
    const fay = await create({ email: 'fay@late-links.test', max_uses: 1, expires_at: expiresIn(24) });
    const again = await redeem(fay.body.token, people.fay.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(lateLinkMessages.alreadySubmitted);

    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'late_link.redeemed'), eq(auditLog.targetId, app)));
    expect(entry).toBeTruthy();
    const hooks = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'deadline.extended'));
    expect(hooks.filter((h) => h.payload.includes(app) && h.payload.includes(single.id))).toHaveLength(1);
  });

  it('counts the uses of a group link and refuses once it is used up', async () => {
    const eve = await redeem(group.token, people.eve.cookie);
    expect(eve.status).toBe(200);
    expect(eve.body.application_id).toBe(eveApp); // her own draft, started before the close
    expect((await submit(people.eve, eveApp)).status).toBe(200);
    expect((await redeem(group.token, people.bo.cookie)).status).toBe(200);
    const cy = await redeem(group.token, people.cy.cookie);
    expect(cy.status).toBe(409);
    expect(cy.body.error.message).toBe(lateLinkMessages.refused.used_up);
    // Those who opened it keep it.
    expect((await redeem(group.token, people.bo.cookie)).status).toBe(200);
    const g = (await list()).body.items.find((l: { id: string }) => l.id === group.id);
    expect(g).toMatchObject({ uses: 2, max_uses: 2, status: 'used_up' });
  });

  it('refuses an expired link; its window ends at the expiry', async () => {
    const dee = await redeem(short.token, people.dee.cookie);
    expect(dee.status).toBe(200);
    t.clock.set(new Date(closeAt.getTime() + 3 * HOUR));
    const cy = await redeem(short.token, people.cy.cookie);
    expect(cy.status).toBe(409);
    expect(cy.body.error.message).toBe(lateLinkMessages.refused.expired);
    expect((await submit(people.dee, dee.body.application_id)).status).toBe(409);
  });

  it('a revoked link ends the window of whoever opened it and has not submitted', async () => {
    const bo = (await redeem(group.token, people.bo.cookie)).body.application_id as string;
    const before = await t.json<any>('GET', `/api/applications/${bo}`, { as: people.bo.cookie });
    expect(before.body.editable).toBe(true);
    expect((await revoke(group.id)).status).toBe(200);
    expect((await submit(people.bo, bo)).status).toBe(409);
    expect((await redeem(group.token, people.bo.cookie)).status).toBe(409);
    // Eve submitted through it before: her application stays as it is.
    const [eve] = await t.deps.db.select().from(applications).where(eq(applications.id, eveApp));
    expect(eve).toMatchObject({ status: 'submitted', late: true });
  });
});

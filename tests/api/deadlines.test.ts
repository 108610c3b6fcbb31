import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMessages } from '../../src/server/applications/start';
import { applications, auditLog, webhookDeliveries } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { closeTransport } from '../../src/server/mail/transport';
import { deadlineMessages } from '../../src/shared/domain/deadlines';
import { completeAnswers, completeProfile, onboardedUser, startApplication } from '../support/factory';
import { TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, type World } from '../support/world';

/**
 * Issue 31 item 3: a personal deadline lets one applicant save and submit after close while everyone
 * else is closed; a program-wide grace period accepts drafts already started, marked late. Emails go
 * to a real SMTP server.
 */
let smtp: TestSmtp;
let receiver: WebhookReceiver;
let t: TestApp;
let world: World;
let runner: JobRunner | null = null;
let admin: string;
const MIN = 60_000;
const HOUR = 60 * MIN;
let programId = '';
let closeAt: Date;
type Person = { cookie: string; id: string; app: string };
const people: Record<'ada' | 'bo' | 'cy' | 'dee', Person> = {} as never;

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
  const now = t.clock.now();
  closeAt = new Date(now.getTime() + 10 * HOUR);
  const created = await t.json<any>('POST', `/api/orgs/${world.slugs.org}/programs`, {
    as: admin,
    body: {
      name: 'Winter Brass Intensive',
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
  for (const who of ['ada', 'bo', 'cy', 'dee'] as const) {
    const u = await onboardedUser(t, `${who}@deadlines.test`);
    await completeProfile(t, u.cookie);
    people[who] = { ...u, app: await startApplication(t, u.cookie, programId) };
  }
  const hook = await t.json('POST', `/api/orgs/${world.slugs.org}/webhooks`, {
    as: admin,
    body: { url: receiver.url('/deadline'), events: ['deadline.extended'] },
  });
  expect(hook.status).toBe(201);
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
  return smtp.received.filter((r) => r.envelopeTo[0].endsWith('@deadlines.test'));
}
const setDeadline = (body: unknown, as: string | null = admin, id = programId) =>
  t.json<any>('POST', `/api/programs/${id}/personal-deadlines`, { as, body });
const submit = async (p: Person) =>
  t.json<any>('POST', `/api/applications/${p.app}/submit`, {
    as: p.cookie,
    body: await completeAnswers(t, p.cookie, p.app),
  });
const appOf = (p: Person) => t.json<any>('GET', `/api/applications/${p.app}`, { as: p.cookie });

describe('personal deadline', () => {
  it('is refused to reviewers, other admins, past times and ids of another program', async () => {
    const personal = new Date(closeAt.getTime() + 48 * HOUR).toISOString();
    const body = { application_ids: [people.ada.app], close_at: personal };
    expect((await setDeadline(body, world.cookies.reviewer)).status).toBe(403);
    expect((await setDeadline(body, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await setDeadline(body, people.ada.cookie)).status).toBe(404);
    expect((await setDeadline(body, null)).status).toBe(401);
    const past = await setDeadline({
      ...body,
      close_at: new Date(t.clock.now().getTime() - MIN).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(past.body.error.message).toBe(deadlineMessages.mustBeFuture);
    const foreign = await setDeadline({
      ...body,
      application_ids: [people.ada.app, world.ids.publishedProgram],
    });
    expect(foreign.status).toBe(422);
    const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, people.ada.app));
    expect(row.personalCloseAt).toBeNull();
  });

  it('lets that applicant save and submit after close while everyone else is closed; emailed once', async () => {
    const personal = new Date(closeAt.getTime() + 48 * HOUR);
    const res = await setDeadline({
      application_ids: [people.ada.app],
      close_at: personal.toISOString(),
      note: 'Sorry about the power cut',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1 });

    t.clock.set(new Date(closeAt.getTime() + HOUR));
    const mine = await appOf(people.ada);
    expect(mine.body.deadline).toMatchObject({
      close_at: personal.toISOString(),
      personal: true,
      note: 'Sorry about the power cut',
    });
    expect(mine.body.editable).toBe(true);
    expect(mine.body.program.window).toBe('open');
    const saved = await t.json('PUT', `/api/applications/${people.ada.app}/answers`, {
      as: people.ada.cookie,
      body: { answers: mine.body.answers, version: mine.body.version },
    });
    expect(saved.status).toBe(200);
    const ok = await submit(people.ada);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('submitted');

    const refused = await submit(people.bo);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Cannot submit - deadline has passed');
    const bo = await appOf(people.bo);
    expect(bo.body.editable).toBe(false);
    expect(bo.body.deadline.personal).toBe(false);

    const [ada] = await t.deps.db.select().from(applications).where(eq(applications.id, people.ada.app));
    expect(ada.late).toBe(false);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deadline.extended'), eq(auditLog.targetId, people.ada.app)));
    expect(entries).toHaveLength(1);
    const hooks = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'deadline.extended'));
    expect(hooks.filter((h) => h.payload.includes(people.ada.app))).toHaveLength(1);

    const mail = (await delivered()).filter(
      (r) => r.mail.subject === 'Your deadline: Winter Brass Intensive',
    );
    expect(mail.map((r) => r.envelopeTo[0])).toEqual(['ada@deadlines.test']);
    expect(mail[0].mail.text).toContain('Sorry about the power cut');
  });
});

describe('grace period', () => {
  it('accepts drafts already started for N minutes after close, marked late; then closes', async () => {
    // Back before close: the admin turns a 15-minute grace period on; Dee submits on time.
    t.clock.set(new Date(closeAt.getTime() - HOUR));
    expect((await submit(people.dee)).status).toBe(200);
    expect(
      (
        await t.json('PUT', `/api/programs/${programId}/grace-period`, {
          as: world.cookies.reviewer,
          body: { minutes: 15 },
        })
      ).status,
    ).toBe(403);
    const set = await t.json<any>('PUT', `/api/programs/${programId}/grace-period`, {
      as: admin,
      body: { minutes: 15 },
    });
    expect(set.status).toBe(200);
    expect((await t.json<any>('GET', `/api/programs/${programId}/grace-period`, { as: admin })).body).toEqual(
      {
        minutes: 15,
      },
    );

    t.clock.set(new Date(closeAt.getTime() + 10 * MIN));
    // Only drafts already started: nobody starts a new application in the grace period.
    const newcomer = await onboardedUser(t, 'eve@deadlines.test');
    const started = await t.json<any>('POST', `/api/programs/${programId}/applications`, {
      as: newcomer.cookie,
    });
    expect(started.status).toBe(409);
    expect(started.body.error.message).toBe(startMessages.closed);
    const cy = await appOf(people.cy);
    expect(cy.body.editable).toBe(true);
    expect(cy.body.deadline.grace_until).toBe(new Date(closeAt.getTime() + 15 * MIN).toISOString());
    // A submitted application is not reopened by the grace period.
    const dee = await appOf(people.dee);
    expect(dee.body.editable).toBe(false);
    const deeSave = await t.json('PUT', `/api/applications/${people.dee.app}/answers`, {
      as: people.dee.cookie,
      body: { answers: dee.body.answers, version: dee.body.version },
    });
    expect(deeSave.status).toBe(409);

    expect((await submit(people.cy)).status).toBe(200);
    const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, people.cy.app));
    expect(row.late).toBe(true);
    expect((await appOf(people.cy)).body.deadline.late).toBe(true);
    // The export says which submissions were late.
    expect((await t.request('POST', '/api/me/personal-data-notice', { as: admin })).status).toBe(200);
    const csv = await t.request('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split(/\r?\n/);
    const header = lines[0].split(',');
    const late = header.indexOf('Late');
    expect(late).toBeGreaterThan(-1);
    const cyLine = lines.find((l) => l.startsWith(people.cy.app));
    const deeLine = lines.find((l) => l.startsWith(people.dee.app));
    expect(cyLine?.split(',')[late]).toBe('late');
    expect(deeLine?.split(',')[late]).toBe('');

    t.clock.set(new Date(closeAt.getTime() + 16 * MIN));
    expect((await submit(people.bo)).status).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { queueDueReminders } from '../../src/server/mail/reminders';
import { closeTransport } from '../../src/server/mail/transport';
import { completeProfile, onboardedUser, startApplication } from '../support/factory';
import { type Received, TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * Deadline reminders follow the applicant's own deadline (issue 31 item 3, decision 064): a drafter
 * with a personal close time is reminded before it, not before the program's close; delivered to a
 * real SMTP server, each once.
 */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner | null = null;
const HOUR = 3_600_000;
let programId = '';
let closeAt: Date;
let personalAt: Date;
const people: Record<'ada' | 'bo', { cookie: string; id: string; app: string }> = {} as never;

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } } },
  });
  world = await buildWorld(t);
  const admin = world.cookies.orgAdmin as string;
  const now = t.clock.now();
  closeAt = new Date(now.getTime() + 10 * HOUR);
  personalAt = new Date(closeAt.getTime() + 100 * HOUR);
  const created = await t.json('POST', `/api/orgs/${world.slugs.org}/programs`, {
    as: admin,
    body: {
      name: 'Autumn Brass Week',
      open_at: new Date(now.getTime() - 24 * HOUR).toISOString(),
      close_at: closeAt.toISOString(),
    },
  });
  programId = created.body.id;
  const editor = (await t.json('GET', `/api/programs/${programId}/editor`, { as: admin })).body;
  const published = await t.json('POST', `/api/programs/${programId}/publish`, {
    as: admin,
    body: { form: editor.form, version: editor.version, editor: 'org' },
  });
  expect(published.body.outcome).toBe('published');
  for (const who of ['ada', 'bo'] as const) {
    const u = await onboardedUser(t, `${who}@personal-reminders.test`);
    await completeProfile(t, u.cookie);
    people[who] = { ...u, app: await startApplication(t, u.cookie, programId) };
  }
  const set = await t.json('POST', `/api/programs/${programId}/personal-deadlines`, {
    as: admin,
    body: { application_ids: [people.ada.app], close_at: personalAt.toISOString() },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await runner?.stop();
  await closeTransport(t.deps.config);
  await smtp?.stop();
  await t?.close();
});

async function deliver(): Promise<Received[]> {
  const before = smtp.received.length;
  runner ??= await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
  await runner.drained();
  return smtp.received
    .slice(before)
    .filter((r) => r.envelopeTo[0].endsWith('@personal-reminders.test'))
    .filter((r) => r.mail.subject?.startsWith('Reminder'));
}
const sweep = async () => {
  await queueDueReminders(t.deps.db, t.clock.now());
  return deliver();
};

describe('deadline reminders with a personal deadline', () => {
  it('before the program closes: only the drafter without a personal deadline is reminded', async () => {
    await deliver(); // the personal deadline notice to Ada
    t.clock.set(new Date(closeAt.getTime() - 9 * HOUR));
    const got = await sweep();
    expect(got.map((r) => [r.envelopeTo[0], r.mail.subject])).toEqual([
      ['bo@personal-reminders.test', 'Reminder: Autumn Brass Week closes in 1 day'],
    ]);
    expect(await sweep()).toEqual([]);
  });

  it('after the program closed: the drafter with a personal deadline is reminded before theirs, once', async () => {
    t.clock.set(new Date(personalAt.getTime() - 80 * HOUR));
    expect(await sweep()).toEqual([]);
    t.clock.set(new Date(personalAt.getTime() - 71 * HOUR));
    const got = await sweep();
    expect(got.map((r) => [r.envelopeTo[0], r.mail.subject])).toEqual([
      ['ada@personal-reminders.test', 'Reminder: your deadline for Autumn Brass Week is in 3 days'],
    ]);
    expect(got[0].mail.text).toContain('Your personal deadline is in about 3 days.');
    expect(got[0].mail.text).toContain('Your deadline');
    expect(await sweep()).toEqual([]);
    t.clock.set(new Date(personalAt.getTime() - 23 * HOUR));
    expect((await sweep()).map((r) => [r.envelopeTo[0], r.mail.subject])).toEqual([
      ['ada@personal-reminders.test', 'Reminder: your deadline for Autumn Brass Week is in 1 day'],
    ]);
    expect(await sweep()).toEqual([]);
  });

  it('nothing after the personal deadline either', async () => {
    t.clock.set(new Date(personalAt.getTime() + HOUR));
    expect(await sweep()).toEqual([]);
  });
});

describe('the program’s deadline extended, with a personal deadline', () => {
  it('tells only the drafters whose deadline it is; one with a later personal deadline hears of it once it passes theirs', async () => {
    const admin = world.cookies.orgAdmin as string;
    const now = t.clock.now();
    const close = new Date(now.getTime() + 10 * HOUR);
    const personal = new Date(close.getTime() + 48 * HOUR);
    const created = await t.json('POST', `/api/orgs/${world.slugs.org}/programs`, {
      as: admin,
      body: {
        name: 'Spring Reed Days',
        open_at: new Date(now.getTime() - HOUR).toISOString(),
        close_at: close.toISOString(),
      },
    });
    const id = created.body.id as string;
    const editor = (await t.json('GET', `/api/programs/${id}/editor`, { as: admin })).body;
    await t.json('POST', `/api/programs/${id}/publish`, {
      as: admin,
      body: { form: editor.form, version: editor.version, editor: 'org' },
    });
    const apps: Record<'cy' | 'dee', string> = {} as never;
    for (const who of ['cy', 'dee'] as const) {
      t.clock.advance(3_000);
      const u = await onboardedUser(t, `${who}@personal-reminders.test`);
      apps[who] = await startApplication(t, u.cookie, id);
    }
    const set = await t.json('POST', `/api/programs/${id}/personal-deadlines`, {
      as: admin,
      body: { application_ids: [apps.cy], close_at: personal.toISOString() },
    });
    expect(set.status).toBe(200);
    const extend = async (to: Date) => {
      const before = smtp.received.length;
      const schedule = (await t.json('GET', `/api/programs/${id}/schedule`, { as: admin })).body;
      const saved = await t.json('PUT', `/api/programs/${id}/schedule`, {
        as: admin,
        body: { ...schedule, close_at: to.toISOString() },
      });
      expect(saved.status).toBe(200);
      runner ??= await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
      await runner.drained();
      return smtp.received
        .slice(before)
        .filter((r) => r.mail.subject === 'Deadline extended: Spring Reed Days')
        .map((r) => r.envelopeTo[0]);
    };
    // A day later for everyone: still before Cy's own deadline, which did not change.
    expect(await extend(new Date(close.getTime() + 24 * HOUR))).toEqual(['dee@personal-reminders.test']);
    // Past Cy's personal deadline: now the program's close is theirs too.
    const later = new Date(personal.getTime() + 24 * HOUR);
    const told = await extend(later);
    expect(told.sort()).toEqual(['cy@personal-reminders.test', 'dee@personal-reminders.test']);
  });
});

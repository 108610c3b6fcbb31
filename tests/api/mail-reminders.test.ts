import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { NOT_DUE, queueDueReminders } from '../../src/server/mail/reminders';
import { closeTransport } from '../../src/server/mail/transport';
import { completeProfile, onboardedUser, startApplication, submitApplication } from '../support/factory';
import { type Received, TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Deadline reminders and extension notices, on the test clock, delivered to a real SMTP server. */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner | null = null;
let admin: string;
const HOUR = 3_600_000;
let programId = '';
let closeAt: Date;
const people: Record<'ada' | 'bo' | 'cy' | 'eli', { cookie: string; id: string; app: string }> = {} as never;

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } } },
  });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  const now = t.clock.now();
  closeAt = new Date(now.getTime() + 100 * HOUR);
  const created = await t.json('POST', `/api/orgs/${world.slugs.org}/programs`, {
    as: admin,
    body: {
      name: 'Summer Strings Camp',
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
  for (const who of ['ada', 'bo', 'cy', 'eli'] as const) {
    const u = await onboardedUser(t, `${who}@reminders.test`);
    await completeProfile(t, u.cookie);
    people[who] = { ...u, app: await startApplication(t, u.cookie, programId) };
  }
  // Bo submits; Cy turns reminders off; Ada and Eli keep drafts.
  await submitApplication(t, people.bo.cookie, people.bo.app);
  await t.json('PUT', '/api/me/mail-preferences', { as: people.cy.cookie, body: { reminders: false } });
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
  return smtp.received.slice(before).filter((r) => r.envelopeTo[0].endsWith('@reminders.test'));
}
const sweep = async () => {
  await queueDueReminders(t.deps.db, t.clock.now());
  return deliver();
};
const hoursBefore = (h: number) => t.clock.set(new Date(closeAt.getTime() - h * HOUR));
const schedule = async (body: Record<string, unknown>) => {
  const current = (await t.json('GET', `/api/programs/${programId}/schedule`, { as: admin })).body;
  const res = await t.json('PUT', `/api/programs/${programId}/schedule`, {
    as: admin,
    body: {
      open_at: current.open_at,
      close_at: current.close_at,
      reminder_hours: current.reminder_hours,
      ...body,
      version: current.version,
    },
  });
  expect(res.status).toBe(200);
  return res.body;
};

describe('deadline reminders', () => {
  it('sends nothing before the first reminder time', async () => {
    await deliver(); // Bo's receipt
    hoursBefore(80);
    expect(await sweep()).toEqual([]);
  });

  it('72 h before: one reminder to each drafter who wants them, with a link and one-click unsubscribe', async () => {
    hoursBefore(71);
    const got = await sweep();
    expect(got.map((r) => r.envelopeTo[0]).sort()).toEqual(['ada@reminders.test', 'eli@reminders.test']);
    const ada = got.find((r) => r.envelopeTo[0] === 'ada@reminders.test')!;
    expect(ada.mail.subject).toBe('Reminder: Summer Strings Camp closes in 3 days');
    expect(ada.mail.html).toContain(`href="http://localhost:3000/applications/${people.ada.app}"`);
    expect(ada.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    // The sweep runs every five minutes: the same reminder is never sent twice.
    hoursBefore(70);
    expect(await sweep()).toEqual([]);
  });

  it('24 h before: the second reminder; never to someone who submitted meanwhile', async () => {
    hoursBefore(23);
    runner && (await runner.stop());
    runner = null;
    await queueDueReminders(t.deps.db, t.clock.now());
    // Eli submits after the reminder was queued, before it goes out: it is skipped.
    await submitApplication(t, people.eli.cookie, people.eli.app);
    const got = await deliver();
    expect(got.filter((r) => r.mail.subject?.startsWith('Reminder')).map((r) => r.envelopeTo[0])).toEqual([
      'ada@reminders.test',
    ]);
    expect(got.find((r) => r.envelopeTo[0] === 'ada@reminders.test')?.mail.subject).toBe(
      'Reminder: Summer Strings Camp closes in 1 day',
    );
    const [skipped] = await t.deps.db
      .select({ status: mailMessages.status, error: mailMessages.error })
      .from(mailMessages)
      .where(
        eq(
          mailMessages.key,
          `deadline_reminder:${people.eli.id}:${people.eli.app}@${closeAt.toISOString()}:v24h`,
        ),
      );
    expect(skipped).toEqual({ status: 'skipped', error: NOT_DUE.submitted });
  });

  it('tells drafters when the deadline is extended, and reminds them again before the new one', async () => {
    const later = new Date(closeAt.getTime() + 7 * 24 * HOUR);
    const saved = await schedule({ close_at: later.toISOString() });
    expect(saved.notified).toBe(1); // Ada (Cy turned reminders off; Bo and Eli submitted)
    const got = await deliver();
    expect(got.map((r) => [r.envelopeTo[0], r.mail.subject])).toEqual([
      ['ada@reminders.test', 'Deadline extended: Summer Strings Camp'],
    ]);
    expect(got[0].mail.text).toContain('New deadline:');
    closeAt = later;
    hoursBefore(60);
    expect((await sweep()).map((r) => r.mail.subject)).toEqual([
      'Reminder: Summer Strings Camp closes in 3 days',
    ]);
  });

  it('follows the program’s own reminder times; none when turned off', async () => {
    await schedule({ reminder_hours: [48] });
    hoursBefore(47);
    expect((await sweep()).map((r) => r.mail.subject)).toEqual([
      'Reminder: Summer Strings Camp closes in 2 days',
    ]);
    await schedule({ reminder_hours: [] });
    hoursBefore(10);
    expect(await sweep()).toEqual([]);
  });

  it('never reminds about a closed or unpublished program', async () => {
    await schedule({ reminder_hours: [72, 24] });
    hoursBefore(-1);
    expect(await sweep()).toEqual([]);
    hoursBefore(20);
    await t.json('POST', `/api/programs/${programId}/request-changes`, {
      as: world.cookies.superAdmin,
      body: { note: 'Unpublished for a moment.' },
    });
    expect(await sweep()).toEqual([]);
  });
});

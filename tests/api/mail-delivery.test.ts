import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, mailMessages, organizations } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { INVALID_ADDRESS, type OutgoingEmail, queueEmail, queueEmails } from '../../src/server/mail';
import { deliverMail } from '../../src/server/mail/deliver';
import { messageIdFor, messageIdLocal } from '../../src/server/mail/keys';
import { MAIL_OFF } from '../../src/server/mail/settings';
import { closeTransport } from '../../src/server/mail/transport';
import { onboardedUser } from '../support/factory';
import { TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Delivery through a real SMTP server started here (smtp-server, parsed with mailparser). */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner;
let ana: { id: string; cookie: string };
const FROM = 'no-reply@applyhub.test';

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: FROM } } },
  });
  world = await buildWorld(t);
  ana = await onboardedUser(t, 'ana@mail.test', 'Ana Ortiz');
  await t.deps.db
    .update(organizations)
    .set({ contactEmail: 'hello@riverside.test' })
    .where(eq(organizations.id, world.ids.riversideOrg));
  // Retries a second apart (not 15 s, doubling) so the outage test stays short.
  runner = await startJobs(t.deps, {
    pollingIntervalSeconds: 0.5,
    overrides: { 'mail.send': { retryDelaySeconds: 1, retryBackoff: false, retryLimit: 30 } },
  });
});
afterAll(async () => {
  await runner?.stop();
  await closeTransport(t.deps.config);
  await smtp?.stop();
  await t?.close();
});

const receipt = (
  over: Partial<OutgoingEmail<'submission_receipt'>> = {},
): OutgoingEmail<'submission_receipt'> => ({
  kind: 'submission_receipt',
  to: { email: 'ana@mail.test', userId: ana.id },
  about: { entity: 'app-1' },
  organizationId: world.ids.riversideOrg,
  programId: world.ids.publishedProgram,
  data: {
    name: 'Ana Ortiz',
    programName: 'Youth Orchestra Auditions',
    orgName: 'Riverside Arts',
    submittedAt: '2026-06-01T12:00:00.000Z',
    applicationId: '00000000-0000-4000-8000-000000000001',
  },
  ...over,
});

const queue = (emails: OutgoingEmail[]) => t.deps.db.transaction((tx) => queueEmails(tx, emails));
const statusOf = async (key: string) =>
  (
    await t.deps.db
      .select()
      .from(mailMessages)
      .where(sql`${mailMessages.key} like ${`%${key}%`}`)
  )[0];

describe('queueing', () => {
  it('queues inside the caller’s transaction: nothing when it rolls back', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        await queueEmail(tx, receipt({ about: { entity: 'rolled-back' } }));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await statusOf('rolled-back')).toBeUndefined();
  });

  it('queues a key once: the same kind, recipient, entity and version twice is one email', async () => {
    expect(await queue([receipt({ about: { entity: 'once' } })])).toBe(1);
    expect(
      await queue([receipt({ about: { entity: 'once' } }), receipt({ about: { entity: 'once' } })]),
    ).toBe(0);
    await runner.drained();
    expect(smtp.received.filter((r) => r.mail.text?.includes('Youth Orchestra'))).toHaveLength(1);
  });
});

describe('delivery over SMTP', () => {
  it('arrives with the organization as sender name, its contact as reply-to and a Message-ID from the key', async () => {
    const before = smtp.received.length;
    await queue([receipt({ about: { entity: 'sender' } })]);
    await runner.drained();
    const [got] = smtp.received.slice(before);
    expect(got.envelopeTo).toEqual(['ana@mail.test']);
    expect(got.mail.from?.value).toEqual([{ name: 'Riverside Arts Center', address: FROM }]);
    expect(got.mail.replyTo?.value[0].address).toBe('hello@riverside.test');
    expect(got.mail.subject).toBe('Application received: Youth Orchestra Auditions');
    const row = await statusOf('sender');
    expect(got.mail.messageId).toBe(messageIdFor(messageIdLocal(row.key), FROM));
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    // HTML and text parts, both with the link to the submission.
    const link = 'http://localhost:3000/applications/00000000-0000-4000-8000-000000000001';
    expect(got.mail.html).toContain(`href="${link}"`);
    expect(got.mail.text).toContain(link);
    // Essential mail has no unsubscribe headers.
    expect(got.mail.headers.get('list-unsubscribe')).toBeUndefined();
  });

  it('records an address that cannot be delivered as failed, without a job and without an error', async () => {
    const n = await queue([
      receipt({ to: { email: 'not an address\r\nBcc: x@evil.test' }, about: { entity: 'bad' } }),
    ]);
    expect(n).toBe(1);
    const row = await statusOf('bad');
    expect(row.status).toBe('failed');
    expect(row.error).toBe(INVALID_ADDRESS);
  });

  it('fails a refused recipient (550) for good with the server’s answer, after one attempt', async () => {
    smtp.refuse.add('gone@mail.test');
    await queue([receipt({ to: { email: 'gone@mail.test' }, about: { entity: 'refused' } })]);
    await runner.drained();
    const row = await statusOf('refused');
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.error).toMatch(/550/);
    expect(row.error).toMatch(/No such user/);
  });

  it('keeps messages while the SMTP server is down and delivers all of them when it is back', async () => {
    await smtp.stop();
    const before = smtp.received.length;
    const emails = Array.from({ length: 12 }, (_, i) =>
      receipt({ to: { email: `down${i}@mail.test` }, about: { entity: 'outage' } }),
    );
    await queue(emails);
    // Every message is tried and fails while the server is down: none is lost, none is final.
    await expect
      .poll(
        async () => {
          const rows = await t.deps.db
            .select({
              attempts: mailMessages.attempts,
              status: mailMessages.status,
              error: mailMessages.error,
            })
            .from(mailMessages)
            .where(sql`${mailMessages.key} like '%outage%'`);
          return rows.every(
            (r) =>
              r.status === 'pending' && r.attempts >= 2 && /ECONNREFUSED|ECONNECTION/.test(r.error ?? ''),
          );
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await smtp.start();
    await runner.drained({ timeoutMs: 30_000 });
    const arrived = smtp.received.slice(before).flatMap((r) => r.envelopeTo);
    expect(arrived.sort()).toEqual(emails.map((e) => e.to.email).sort());
    const rows = await t.deps.db
      .select({ status: mailMessages.status })
      .from(mailMessages)
      .where(sql`${mailMessages.key} like '%outage%'`);
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('sent'));
  });
});

describe('bad input', () => {
  it('cannot inject headers through a name or subject; escapes every user text in HTML', async () => {
    await t.deps.db
      .update(organizations)
      .set({ name: 'Evil Org\r\nBcc: victim@evil.test' })
      .where(eq(organizations.id, world.ids.riversideOrg));
    const before = smtp.received.length;
    await queue([
      receipt({
        about: { entity: 'inject' },
        data: {
          name: '<img src=x onerror=alert(1)>',
          programName: 'Gala\r\nBcc: victim@evil.test\r\n\r\n<b>bold</b>',
          orgName: '"><script>alert(1)</script>',
          submittedAt: '2026-06-01T12:00:00.000Z',
          applicationId: '00000000-0000-4000-8000-000000000002',
        },
      }),
    ]);
    await runner.drained();
    await t.deps.db
      .update(organizations)
      .set({ name: 'Riverside Arts Center' })
      .where(eq(organizations.id, world.ids.riversideOrg));
    const [got] = smtp.received.slice(before);
    expect(got.envelopeTo).toEqual(['ana@mail.test']);
    const headers = got.raw.split('\r\n\r\n')[0];
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(got.mail.text).not.toMatch(/^Bcc:/im);
    expect(got.mail.bcc).toBeUndefined();
    expect(got.mail.subject).toBe('Application received: Gala Bcc: victim@evil.test <b>bold</b>');
    expect(got.mail.from?.value[0].name).toBe('Evil Org Bcc: victim@evil.test');
    expect(got.mail.html).not.toContain('<script>');
    expect(got.mail.html).not.toContain('<img src=x');
    expect(got.mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(got.mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('sends a valid email for a 500-character program name with emoji', async () => {
    const long = `🎻 ${'Très long programme 🎶 '.repeat(25)}`.slice(0, 500);
    const before = smtp.received.length;
    await queue([receipt({ about: { entity: 'long' }, data: { ...receipt().data, programName: long } })]);
    await runner.drained();
    const [got] = smtp.received.slice(before);
    expect(got.mail.subject?.startsWith('Application received: 🎻 Très long programme 🎶')).toBe(true);
    expect(got.mail.html).toContain(long.replaceAll('&', '&amp;'));
    // No header line over the 998 characters SMTP allows.
    for (const line of got.raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  });
});

describe('the built-in mailbox (no SMTP_URL)', () => {
  it('stores each delivered email once per Message-ID, even when delivered again', async () => {
    // A second app on the same database, without SMTP_URL: its deliveries go to the mailbox.
    const demo = await createTestApp({
      database: t.database,
      config: { mail: { smtpUrl: null, from: { name: 'ApplyHub', address: FROM } } },
    });
    await runner.stop();
    try {
      await queue([receipt({ about: { entity: 'mailbox' } })]);
      const row = await statusOf('mailbox');
      const job = { id: 'x', name: 'mail.send' as const, data: { id: row.id }, attempt: 1, attempts: 1 };
      await deliverMail(job, demo.deps);
      // A crash after delivery but before the row said so: delivered again, same Message-ID.
      await t.deps.db.update(mailMessages).set({ status: 'pending' }).where(eq(mailMessages.id, row.id));
      await deliverMail(job, demo.deps);
      const stored = await t.deps.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.messageId, messageIdFor(row.messageId, FROM)));
      expect(stored).toHaveLength(1);
      expect(stored[0].toAddress).toBe('ana@mail.test');
      expect(stored[0].fromHeader).toBe(`Riverside Arts Center <${FROM}>`);
      expect(stored[0].subject).toBe('Application received: Youth Orchestra Auditions');
      expect(stored[0].html).toContain('Youth Orchestra Auditions');
      expect(stored[0].text).toContain('Youth Orchestra Auditions');
      expect((await statusOf('mailbox')).status).toBe('sent');
    } finally {
      await demo.deps.notifier.stop();
      runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
    }
  });
});

describe('mail is off (issue 33 item 8: MAIL=off, or no SMTP_URL outside demo mode)', () => {
  it('records every email as not sent, delivers it nowhere, and says so to the web and the admin', async () => {
    // A second app on the same database with mail off: nothing reaches the SMTP server or the mailbox.
    const off = await createTestApp({
      database: t.database,
      config: {
        demoMode: false,
        mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: FROM }, off: true },
      },
    });
    await runner.stop();
    try {
      const before = smtp.received.length;
      await queue([
        { ...receipt(), kind: 'results_published', about: { entity: 'mail-off' } } as OutgoingEmail,
      ]);
      const row = await statusOf('mail-off');
      await deliverMail(
        { id: 'x', name: 'mail.send', data: { id: row.id }, attempt: 1, attempts: 1 },
        off.deps,
      );
      const after = await statusOf('mail-off');
      expect(after.status).toBe('skipped');
      expect(after.error).toBe(MAIL_OFF);
      expect(after.sentAt).toBeNull();
      expect(smtp.received.length).toBe(before);
      const stored = await t.deps.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.messageId, messageIdFor(row.messageId, FROM)));
      expect(stored).toHaveLength(0);

      // The web is told, so the screens that promise an email can warn before the action.
      expect((await off.json('GET', '/api/config')).body.mail_off).toBe(true);
      expect((await t.json('GET', '/api/config')).body.mail_off).toBe(false);
      // The program's delivery status counts it as not sent, never as sent.
      const delivery = await off.json('GET', `/api/programs/${world.ids.publishedProgram}/mail-delivery`, {
        as: world.cookies.orgAdmin ?? '',
      });
      expect(delivery.status).toBe(200);
      expect(delivery.body.mail_off).toBe(true);
      expect(delivery.body.not_sent).toBeGreaterThanOrEqual(1);
    } finally {
      await off.deps.notifier.stop();
      runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
    }
  });
});

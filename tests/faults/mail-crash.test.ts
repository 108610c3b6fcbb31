import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFinalizedResults } from '../../bench/generate';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { TestSmtp } from '../support/smtp';
import { POSTGRES_URL, type RunningServer, startServer } from './support/server';

/**
 * Issue 19: kill -9 of the server while 1,000 result emails are pending → after a restart each
 * applicant has exactly one email. The real server (one process, PostgreSQL) sends to a real SMTP
 * server started here (smtp-server, each message parsed with mailparser) that answers a little
 * slowly, so the kill lands in the middle of the delivery.
 */
const APPLICANTS = 1_000;
const PROGRAM = demoProgramId(3);

let smtp: TestSmtp;
let server: RunningServer | null = null;
let db: pg.Client | null = null;

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  smtp.delayMs = 15;
}, 30_000);
afterAll(async () => {
  await db?.end();
  await server?.stop();
  await smtp?.stop();
});

const env = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'ApplyHub <no-reply@crash.test>' });

async function adminHeaders(url: string) {
  const res = await fetch(`${url}/api/demo/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'admin@demo.test' }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { 'content-type': 'application/json', origin: url, cookie };
}

async function statuses(): Promise<Record<string, number>> {
  const { rows } = await db!.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from mail_messages
     where program_id = $1 and kind = 'results_published' group by status`,
    [PROGRAM],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe('mail and a crash', () => {
  it('kill -9 while 1,000 result emails are pending: after a restart each applicant has exactly one email', async () => {
    server = await startServer(env());
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${server.database}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await generateFinalizedResults(db, { programId: PROGRAM, count: APPLICANTS, emailPrefix: 'crash' });

    // Publishing queues one email per applicant in its transaction; the worker starts at once.
    const publish = await fetch(`${server.url}/api/programs/${PROGRAM}/publish-results`, {
      method: 'POST',
      headers: await adminHeaders(server.url),
      body: JSON.stringify({
        mode: 'all_finalized',
        visibility: { decision: true, score: false, comments: false, customMessage: null },
      }),
    });
    expect(publish.status, await publish.clone().text()).toBe(200);
    expect((await publish.json()).published).toBe(APPLICANTS);

    // Mid-delivery: kill -9.
    await smtp.waitFor(100, 60_000);
    await server.crash();
    const atCrash = smtp.received.length;
    const left = await statuses();
    expect(atCrash).toBeLessThan(APPLICANTS);
    expect(left.pending).toBeGreaterThan(0);

    // A restart on the same database (its job leases of the dead process run out, then the jobs run again).
    server = await startServer(env(), { database: server.database });
    await smtp.waitFor(APPLICANTS, 180_000);
    // The SMTP server may already hold every address (the dead process sent some it never marked
    // sent): those jobs run again only once their lease runs out and their retry is due.
    await expect
      .poll(async () => (await statuses()).sent, { timeout: 150_000, interval: 500 })
      .toBe(APPLICANTS);

    // Every applicant: one email (one Message-ID). A message the SMTP server accepted just before the
    // kill, but whose "sent" the dead process never wrote, is sent again as the same email (the same
    // Message-ID, which receiving systems fold): at most the messages the process had in hand.
    const byRecipient = new Map<string, Set<string>>();
    for (const r of smtp.received) {
      for (const to of r.envelopeTo) {
        const ids = byRecipient.get(to) ?? new Set<string>();
        ids.add(r.mail.messageId ?? '');
        byRecipient.set(to, ids);
      }
    }
    const recipients = [...byRecipient.keys()].filter((a) => a.startsWith('crash-'));
    expect(recipients.length).toBe(APPLICANTS);
    expect(recipients.filter((a) => byRecipient.get(a)!.size !== 1)).toEqual([]);
    expect(smtp.received.every((r) => r.mail.messageId?.endsWith('@crash.test>'))).toBe(true);
    const repeated = smtp.received.length - APPLICANTS;
    // The worker has at most 10 messages in hand (its concurrency), 5 of them on SMTP connections.
    expect(repeated).toBeLessThanOrEqual(10);
    console.log(
      `kill -9 after ${atCrash} of ${APPLICANTS} emails (${left.pending} pending); after the restart all ${APPLICANTS} applicants have one email; repeated deliveries of the same Message-ID: ${repeated}`,
    );
    expect(await statuses()).toEqual({ sent: APPLICANTS });
  }, 360_000);
});

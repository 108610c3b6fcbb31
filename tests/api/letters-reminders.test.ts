import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterRequests, mailMessages } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/jobs';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { letterUnsubscribeToken } from '../../src/server/letters/keys';
import { queueDueLetterReminders } from '../../src/server/letters/reminders';
import { hashLetterToken } from '../../src/server/letters/service';
import { LETTER_REMINDER_NOT_DUE } from '../../src/server/letters/still-due';
import { letterUnsubscribeWords, letterWords } from '../../src/shared/domain/letters';
import { UNSUBSCRIBE_LINK_DAYS } from '../../src/shared/domain/unsubscribe';
import type { LetterPage, MyLetterRequests, StaffLetters } from '../../src/shared/schemas/letters';
import {
  completeProfile,
  onboardedUser,
  programWithForm,
  startApplication,
  submitApplication,
} from '../support/factory';
import { letterTokenIn, mailTestApp, stopMailTestApp } from '../support/mail-app';
import type { Received, TestSmtp } from '../support/smtp';
import { TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * Reminders to recommenders (issue 30 item 4, decision 065) on the test clock, delivered to a real
 * SMTP server: 7 days after the request, 3 days before the letter deadline, each once; never after
 * submit, decline, cancel, unsubscribe or withdrawal; the per-request "Stop reminders" link.
 */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner | null = null;
let admin: string;
let program: string;
let t0: Date;
let deadline: Date;
const DAY = 24 * 60 * 60 * 1000;
const ana = { cookie: '', app: '' };
const bo = { cookie: '', app: '' };
/** Cy starts a draft and asks for no letter before the close; an admin then gives Cy more time. */
const cy = { cookie: '', app: '' };
const DOMAIN = '@refs.test';

const at = (days: number) => t.clock.set(new Date(t0.getTime() + days * DAY));
const mine = () =>
  t.json<MyLetterRequests>('GET', `/api/applications/${ana.app}/letter-requests`, { as: ana.cookie });
const request = (who: { cookie: string; app: string }, name: string, email: string, key = 'refs') =>
  t.json('POST', `/api/applications/${who.app}/letter-requests`, {
    as: who.cookie,
    body: { question_key: key, name, email },
  });
const idOf = async (email: string) => (await mine()).body.items.find((r) => r.email === email)!.id;

async function deliver(): Promise<Received[]> {
  const before = smtp.received.length;
  runner ??= await startJobs(t.deps, { pollingIntervalSeconds: 0.3 });
  await runner.drained();
  return smtp.received.slice(before).filter((r) => r.envelopeTo[0].endsWith(DOMAIN));
}
const sweep = async () => {
  await queueDueLetterReminders(t.deps.db, t.clock.now(), t.deps.config.authSecret);
  return deliver();
};
const reminders = (got: Received[]) =>
  got
    .filter((r) => r.mail.subject?.startsWith('Reminder: reference letter'))
    .map((r) => r.envelopeTo[0])
    .sort();
/** Every email ever received by `address`. */
const to = (address: string) => smtp.received.filter((r) => r.envelopeTo.includes(address));
/** The letter link's token in an email. */
function linkIn(mail: Received): string {
  const token = letterTokenIn(mail.mail.text);
  if (!token) throw new Error('no letter link in the email');
  return token;
}
/** The "Stop reminders" token in an email's footer. */
function stopTokenIn(mail: Received): string {
  const m = /\/letters\/unsubscribe\?token=([^\s"&]+)/.exec(mail.mail.text ?? '');
  if (!m) throw new Error('no stop-reminders link in the email');
  return decodeURIComponent(m[1]);
}
const pageOf = (token: string) => t.json<LetterPage>('GET', `/api/letters/${token}`);

beforeAll(async () => {
  ({ t, smtp } = await mailTestApp());
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  t0 = t.clock.now();
  deadline = new Date(t0.getTime() + 30 * DAY);
  program = await programWithForm(
    t,
    admin,
    world.slugs.org,
    {
      name: 'Cello Prize',
      type: 'scholarship',
      open_at: new Date(t0.getTime() - DAY).toISOString(),
      close_at: deadline.toISOString(),
    },
    {
      questions: [
        {
          key: 'refs',
          type: 'reference_letter',
          label: 'References',
          required: false,
          minLetters: 1,
          maxLetters: 5,
          provides: 'either',
          submitBeforeLetters: true,
        },
        // A second letter (up to 5 per question: Ana's sixth recommender writes this one).
        {
          key: 'more',
          type: 'reference_letter',
          label: 'Another reference',
          required: false,
          minLetters: 1,
          maxLetters: 1,
          provides: 'either',
          submitBeforeLetters: true,
        },
      ],
    },
  );
  for (const [who, email, name] of [
    [ana, 'ana@apply.test', 'Ana Ortiz'],
    [bo, 'bo@apply.test', 'Bo Lund'],
    [cy, 'cy@apply.test', 'Cy Park'],
  ] as const) {
    const u = await onboardedUser(t, email, name);
    await completeProfile(t, u.cookie);
    who.cookie = u.cookie;
    who.app = await startApplication(t, u.cookie, program);
  }
  // Ana asks six people at once (five for one letter question, one for the other); Bo asks two, then withdraws.
  for (const name of ['Bell', 'Chen', 'Dee', 'Eve', 'Fay'])
    expect((await request(ana, name, `${name.toLowerCase()}${DOMAIN}`)).status).toBe(200);
  expect((await request(ana, 'Gus', `gus${DOMAIN}`, 'more')).status).toBe(200);
  expect((await request(bo, 'Hal', `hal${DOMAIN}`)).status).toBe(200);
  expect((await request(bo, 'Kim', `kim${DOMAIN}`, 'more')).status).toBe(200);
  // Submitted, so the program's staff read its letters (the letters follow).
  await submitApplication(t, ana.cookie, ana.app);
  await submitApplication(t, bo.cookie, bo.app);
  const withdrawn = await t.json('POST', `/api/applications/${bo.app}/withdraw`, {
    as: bo.cookie,
    body: { reason: 'Another offer' },
  });
  expect(withdrawn.status).toBe(200);
}, 120_000);
afterAll(() => stopMailTestApp(t, smtp, runner));

describe('the request email', () => {
  it('carries a "Stop reminders about this request" link and a one-click List-Unsubscribe for it', async () => {
    const got = await deliver();
    expect(got.map((r) => r.envelopeTo[0]).sort()).toEqual(
      ['bell', 'chen', 'dee', 'eve', 'fay', 'gus', 'hal', 'kim'].map((n) => `${n}${DOMAIN}`),
    );
    const bell = to(`bell${DOMAIN}`)[0];
    expect(bell.mail.text).toContain(
      'Stop reminders about this request: http://localhost:3000/letters/unsubscribe?token=',
    );
    expect(bell.mail.html).toContain('Stop reminders about this request</a>');
    const id = await idOf(`bell${DOMAIN}`);
    expect(stopTokenIn(bell).startsWith(`${id}.`)).toBe(true);
    expect(bell.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/letter-reminders\/unsubscribe\?token=/m,
    );
    expect(bell.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });

  it('the link stays hashed at rest: the row keeps its hash and a sealed copy, never the token', async () => {
    const token = linkIn(to(`bell${DOMAIN}`)[0]);
    const [row] = await t.deps.db
      .select()
      .from(letterRequests)
      .where(eq(letterRequests.email, `bell${DOMAIN}`));
    expect(row.tokenHash).toBe(hashLetterToken(token));
    expect(row.tokenSealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe('before the first reminder', () => {
  it('Chen submits, Dee declines, Ana cancels Eve’s request, Fay stops reminders, Ana resends Gus’s on day 4', async () => {
    at(1);
    expect(
      (
        await t.json('POST', `/api/letters/${linkIn(to(`chen${DOMAIN}`)[0])}/submit`, {
          body: { text: 'Yes.' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.json('POST', `/api/letters/${linkIn(to(`dee${DOMAIN}`)[0])}/decline`, {
          body: { reason: '' },
        })
      ).status,
    ).toBe(200);
    const eve = await idOf(`eve${DOMAIN}`);
    expect(
      (await t.json('POST', `/api/applications/${ana.app}/letter-requests/${eve}/cancel`, { as: ana.cookie }))
        .status,
    ).toBe(200);
    const stop = stopTokenIn(to(`fay${DOMAIN}`)[0]);
    const info = await t.json('GET', `/api/letter-reminders/unsubscribe?token=${encodeURIComponent(stop)}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      applicant_name: 'Ana Ortiz',
      program_name: 'Cello Prize',
      org_name: 'Riverside Arts Center',
      email: 'f•••@refs.test',
      subscribed: true,
      pending: true,
    });
    // One-click: a mail client's POST, no session, no Origin.
    const off = await t.app.request(
      `${TEST_ORIGIN}/api/letter-reminders/unsubscribe?token=${encodeURIComponent(stop)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(off.status).toBe(200);
    expect((await off.json()).subscribed).toBe(false);
    at(4);
    const gus = await idOf(`gus${DOMAIN}`);
    expect(
      (await t.json('POST', `/api/applications/${ana.app}/letter-requests/${gus}/resend`, { as: ana.cookie }))
        .status,
    ).toBe(200);
    await deliver();
  });

  it('sends nothing before 7 days', async () => {
    at(6.9);
    expect(reminders(await sweep())).toEqual([]);
  });
});

describe('7 days after the request', () => {
  it('one reminder to Bell only, with the link Bell already has; the job run twice (and at once) sends nothing more', async () => {
    at(7);
    const got = await sweep();
    expect(reminders(got)).toEqual([`bell${DOMAIN}`]);
    const mail = got.find((r) => r.envelopeTo[0] === `bell${DOMAIN}`)!;
    expect(mail.mail.subject).toBe('Reminder: reference letter for Ana Ortiz');
    expect(mail.mail.text).toContain('The link is the same as in the first email');
    expect(mail.mail.text).toContain('Letters are due by');
    const first = linkIn(to(`bell${DOMAIN}`)[0]);
    expect(linkIn(mail)).toBe(first);
    expect((await pageOf(first)).body.status).toBe('open');
    expect(stopTokenIn(mail).startsWith(`${await idOf(`bell${DOMAIN}`)}.`)).toBe(true);
    // Twice, and two at once (two workers): each reminder is claimed once.
    await Promise.all([
      queueDueLetterReminders(t.deps.db, t.clock.now(), t.deps.config.authSecret),
      queueDueLetterReminders(t.deps.db, t.clock.now(), t.deps.config.authSecret),
    ]);
    expect(reminders(await sweep())).toEqual([]);
    at(8);
    expect(reminders(await sweep())).toEqual([]);
    expect(to(`bell${DOMAIN}`)).toHaveLength(2);
  });

  it('never to Chen (submitted), Dee (declined), Eve (cancelled), Fay (stopped) or Hal (application withdrawn)', async () => {
    for (const n of ['chen', 'dee', 'eve', 'fay', 'hal', 'kim'])
      expect(to(`${n}${DOMAIN}`).filter((r) => r.mail.subject?.startsWith('Reminder'))).toEqual([]);
    // Not even queued (and skipped at delivery): the job itself leaves them out.
    const queued = await t.deps.db
      .select({ to: mailMessages.toAddress })
      .from(mailMessages)
      .where(sql`${mailMessages.kind} = 'letter_request' and ${mailMessages.data}->>'reminder' = 'true'`);
    expect(queued.map((m) => m.to)).toEqual([`bell${DOMAIN}`]);
    // Fay's letter link still works after she stopped the reminders.
    expect((await pageOf(linkIn(to(`fay${DOMAIN}`)[0]))).body.status).toBe('open');
  });

  it('the applicant sees when the last reminder went; so does the program’s admin', async () => {
    const list = (await mine()).body.items;
    expect(list.find((r) => r.email === `bell${DOMAIN}`)?.last_reminder_at).toBe(
      new Date(t0.getTime() + 7 * DAY).toISOString(),
    );
    expect(list.find((r) => r.email === `gus${DOMAIN}`)?.last_reminder_at).toBeNull();
    const staff = await t.json<StaffLetters>('GET', `/api/applications/${ana.app}/letters`, { as: admin });
    const bell = staff.body.items.find((l) => l.email === `bell${DOMAIN}`)!;
    expect(bell.last_reminder_at).toBe(new Date(t0.getTime() + 7 * DAY).toISOString());
    expect(staff.body.items.find((l) => l.email === `fay${DOMAIN}`)?.reminders_off).toBe(true);
    expect(bell.reminders_off).toBe(false);
  });

  it('a resend moved Gus’s reminder to 7 days after it (day 11), with the resent link', async () => {
    at(10.9);
    expect(reminders(await sweep())).toEqual([]);
    at(11);
    const got = await sweep();
    expect(reminders(got)).toEqual([`gus${DOMAIN}`]);
    const resent = to(`gus${DOMAIN}`)[1];
    expect(resent.mail.subject).toBe('Reference letter request: Ana Ortiz');
    expect(linkIn(got[0])).toBe(linkIn(resent));
  });
});

describe('3 days before the letter deadline', () => {
  it('one more reminder to Bell and Gus (through the scheduled job’s queue), naming the deadline; never again', async () => {
    at(26.9);
    expect(reminders(await sweep())).toEqual([]);
    at(27);
    // The job itself, as its cron enqueues it.
    await t.deps.db.transaction((tx) => enqueueJob(tx, 'letters.reminders', {}, { key: 'test-day-27' }));
    const got = await deliver();
    expect(reminders(got)).toEqual([`bell${DOMAIN}`, `gus${DOMAIN}`]);
    expect(got[0].mail.text).toContain('Letters are due by');
    expect(got[0].mail.text).toContain(
      deadline.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' }),
    );
    at(28);
    expect(reminders(await sweep())).toEqual([]);
    expect(to(`bell${DOMAIN}`).filter((r) => r.mail.subject?.startsWith('Reminder'))).toHaveLength(2);
  });

  it('nothing after the deadline', async () => {
    at(31);
    expect(reminders(await sweep())).toEqual([]);
  });
});

describe('after the letter deadline (the close: letters may not arrive after it)', () => {
  it('the link takes no letter and says so; no resend, by the applicant or an admin', async () => {
    at(31);
    const bell = linkIn(to(`bell${DOMAIN}`)[0]);
    expect((await pageOf(bell)).body).toMatchObject({
      status: 'closed',
      message: letterWords.closed,
      draft: null,
      questions: [],
    });
    for (const [method, path, body] of [
      ['PUT', 'draft', { text: 'Late.' }],
      ['POST', 'submit', { text: 'Late.' }],
    ] as const) {
      const res = await t.json(method, `/api/letters/${bell}/${path}`, { body });
      expect(res.status, path).toBe(409);
      expect(res.body.error.message).toBe(letterWords.closed);
    }
    const id = await idOf(`bell${DOMAIN}`);
    for (const who of [ana.cookie, admin]) {
      const resent = await t.json('POST', `/api/applications/${ana.app}/letter-requests/${id}/resend`, {
        as: who,
      });
      expect(resent.status).toBe(409);
      expect(resent.body.error.message).toBe(letterWords.closed);
    }
    expect((await mine()).body.items.find((r) => r.id === id)?.state).toBe('opened');
  });

  it('a withdrawn application’s link shows a clear page and takes nothing', async () => {
    const hal = linkIn(to(`hal${DOMAIN}`)[0]);
    expect((await pageOf(hal)).body).toMatchObject({ status: 'withdrawn', message: letterWords.withdrawn });
    const res = await t.json('POST', `/api/letters/${hal}/submit`, { body: { text: 'Late.' } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(letterWords.withdrawn);
  });

  it('an applicant given a personal deadline may still ask, and their letter may still come, until it', async () => {
    const address = `ivo${DOMAIN}`;
    expect((await request(cy, 'Ivo', address)).status).toBe(409);
    const personal = new Date(t0.getTime() + 40 * DAY);
    const extended = await t.json('POST', `/api/programs/${program}/personal-deadlines`, {
      as: admin,
      body: { application_ids: [cy.app], close_at: personal.toISOString() },
    });
    expect(extended.status).toBe(200);
    expect((await request(cy, 'Ivo', address)).status).toBe(200);
    await deliver();
    const mail = to(address).find((r) => r.mail.subject?.startsWith('Reference letter request'))!;
    expect(mail.mail.text).toContain('Letters are due by');
    const link = linkIn(mail);
    expect((await pageOf(link)).body).toMatchObject({ status: 'open', deadline: personal.toISOString() });
    expect((await t.json('POST', `/api/letters/${link}/submit`, { body: { text: 'In time.' } })).status).toBe(
      200,
    );
  });

  it('the link opens (to say so) until the deadline + 7 days, then has expired', async () => {
    const bell = linkIn(to(`bell${DOMAIN}`)[0]);
    at(36.9);
    expect((await pageOf(bell)).body.status).toBe('closed');
    at(37);
    expect((await pageOf(bell)).body).toMatchObject({ status: 'expired', message: letterWords.linkExpired });
    expect((await t.json('POST', `/api/letters/${bell}/submit`, { body: { text: 'x' } })).status).toBe(409);
  });
});

describe('checked again before delivery', () => {
  it('a reminder queued before its recommender submits is skipped, with the reason kept', async () => {
    // A second program round: Ivy is asked on a new application with no deadline.
    const open = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Open Fund', type: 'scholarship' },
      { questions: [{ key: 'refs', type: 'reference_letter', label: 'References', required: false }] },
    );
    const ivyApp = await startApplication(t, ana.cookie, open);
    at(40);
    const made = await t.json('POST', `/api/applications/${ivyApp}/letter-requests`, {
      as: ana.cookie,
      body: { question_key: 'refs', name: 'Ivy', email: `ivy${DOMAIN}` },
    });
    expect(made.status).toBe(200);
    await deliver();
    await runner?.stop();
    runner = null;
    at(47);
    expect(await queueDueLetterReminders(t.deps.db, t.clock.now(), t.deps.config.authSecret)).toBe(1);
    const token = linkIn(to(`ivy${DOMAIN}`)[0]);
    expect((await t.json('POST', `/api/letters/${token}/submit`, { body: { text: 'Gladly.' } })).status).toBe(
      200,
    );
    const got = await deliver();
    expect(reminders(got)).toEqual([]);
    const [row] = await t.deps.db
      .select({ status: mailMessages.status, error: mailMessages.error })
      .from(mailMessages)
      .where(
        eq(
          mailMessages.key,
          `letter_request:ivy${DOMAIN}:letter_request:${made.body.request.id}:vreminder-after_request`,
        ),
      );
    expect(row).toEqual({ status: 'skipped', error: LETTER_REMINDER_NOT_DUE.notPending });
  });

  it('a request without a sealed link (made before reminders) gets a new link, and the email says so', async () => {
    const open2 = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Open Fund Two', type: 'scholarship' },
      { questions: [{ key: 'refs', type: 'reference_letter', label: 'References', required: false }] },
    );
    const app = await startApplication(t, ana.cookie, open2);
    at(50);
    const made = await t.json('POST', `/api/applications/${app}/letter-requests`, {
      as: ana.cookie,
      body: { question_key: 'refs', name: 'Jo', email: `jo${DOMAIN}` },
    });
    expect(made.status).toBe(200);
    await deliver();
    await t.deps.db
      .update(letterRequests)
      .set({ tokenSealed: null })
      .where(eq(letterRequests.id, made.body.request.id));
    const old = linkIn(to(`jo${DOMAIN}`)[0]);
    at(57);
    const got = await sweep();
    expect(reminders(got)).toEqual([`jo${DOMAIN}`]);
    expect(got[0].mail.text).toContain(
      'This email has a new link: the link in earlier emails no longer works.',
    );
    expect(linkIn(got[0])).not.toBe(old);
    expect((await pageOf(old)).status).toBe(404);
    expect((await pageOf(linkIn(got[0]))).body.status).toBe('open');
  });
});

describe('the "Stop reminders" link', () => {
  it('a tampered or foreign token is refused (422), and changes nothing', async () => {
    const stop = stopTokenIn(to(`bell${DOMAIN}`)[0]);
    const last = stop.slice(-1) === 'A' ? 'B' : 'A';
    for (const bad of [`${stop.slice(0, -1)}${last}`, 'nonsense', `${stop}.x`]) {
      const res = await t.json('POST', `/api/letter-reminders/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.error.message).toBe(letterUnsubscribeWords.invalid);
    }
    // Another request's id under Bell's signature.
    const [id, exp, sig] = stop.split('.');
    const gus = await idOf(`gus${DOMAIN}`);
    expect(gus).not.toBe(id);
    const swapped = await t.json('GET', `/api/letter-reminders/unsubscribe?token=${gus}.${exp}.${sig}`);
    expect(swapped.status).toBe(422);
    // A signature made with another secret.
    const foreign = letterUnsubscribeToken('another secret entirely', id, t.clock.now());
    expect((await t.json('GET', `/api/letter-reminders/unsubscribe?token=${foreign}`)).status).toBe(422);
    const staff = await t.json<StaffLetters>('GET', `/api/applications/${ana.app}/letters`, { as: admin });
    expect(staff.body.items.find((l) => l.email === `bell${DOMAIN}`)?.reminders_off).toBe(false);
  });

  it('works for 90 days after its email, then answers "expired"', async () => {
    const stop = letterUnsubscribeToken(t.deps.config.authSecret, await idOf(`bell${DOMAIN}`), t.clock.now());
    t.clock.advance(UNSUBSCRIBE_LINK_DAYS * DAY - 60_000);
    const still = await t.json('GET', `/api/letter-reminders/unsubscribe?token=${stop}`);
    expect(still.status).toBe(200);
    // Bell's request is past its deadline now: the page says no reminders will come.
    expect(still.body).toMatchObject({ subscribed: true, pending: false });
    t.clock.advance(120_000);
    const expired = await t.json('POST', `/api/letter-reminders/unsubscribe?token=${stop}`);
    expect(expired.status).toBe(422);
    expect(expired.body.error).toMatchObject({
      message: letterUnsubscribeWords.expired,
      fields: { token: 'expired' },
    });
  });

  it('is idempotent: a second POST answers the same', async () => {
    const stop = letterUnsubscribeToken(t.deps.config.authSecret, await idOf(`bell${DOMAIN}`), t.clock.now());
    for (let i = 0; i < 2; i++) {
      const res = await t.json('POST', `/api/letter-reminders/unsubscribe?token=${stop}`);
      expect(res.status).toBe(200);
      expect(res.body.subscribed).toBe(false);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { queueDueLetterReminders } from '../../src/server/letters/reminders';
import type { LetterPage } from '../../src/shared/schemas/letters';
import { completeProfile, onboardedUser, programWithForm, startApplication } from '../support/factory';
import { letterTokenIn, mailTestApp, stopMailTestApp } from '../support/mail-app';
import type { Received, TestSmtp } from '../support/smtp';
import type { TestApp } from '../support/test-app';
import { buildWorld } from '../support/world';

/**
 * A letter deadline moved later after the request went (decision 065): the link keeps working past the
 * expiry stored when it was sent, and the reminders follow the new deadline too — the one before it
 * goes, naming the link's new expiry, and is delivered (the check before delivery uses the same rule).
 */
let smtp: TestSmtp;
let t: TestApp;
let runner: JobRunner | null = null;
let t0: Date;
let app = '';
let cookie = '';
let admin = '';
let program = '';
const DAY = 24 * 60 * 60 * 1000;
const BELL = 'bell@moved.test';

const at = (days: number) => t.clock.set(new Date(t0.getTime() + days * DAY));
const utcDay = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

async function sweep(): Promise<Received[]> {
  const before = smtp.received.length;
  await queueDueLetterReminders(t.deps.db, t.clock.now(), t.deps.config.authSecret);
  runner ??= await startJobs(t.deps, { pollingIntervalSeconds: 0.3 });
  await runner.drained();
  return smtp.received.slice(before).filter((r) => r.envelopeTo[0] === BELL);
}
function linkIn(mail: Received): string {
  const token = letterTokenIn(mail.mail.text);
  if (!token) throw new Error('no letter link in the email');
  return token;
}

beforeAll(async () => {
  ({ t, smtp } = await mailTestApp());
  const world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  t0 = t.clock.now();
  program = await programWithForm(
    t,
    admin,
    world.slugs.org,
    {
      name: 'Viola Prize',
      type: 'scholarship',
      open_at: new Date(t0.getTime() - DAY).toISOString(),
      close_at: new Date(t0.getTime() + 30 * DAY).toISOString(),
    },
    {
      questions: [
        {
          key: 'refs',
          type: 'reference_letter',
          label: 'References',
          required: false,
          minLetters: 1,
          maxLetters: 2,
          provides: 'either',
          submitBeforeLetters: true,
        },
      ],
    },
  );
  const u = await onboardedUser(t, 'vi@apply.test', 'Vi Ortiz');
  await completeProfile(t, u.cookie);
  cookie = u.cookie;
  app = await startApplication(t, cookie, program);
}, 120_000);
afterAll(() => stopMailTestApp(t, smtp, runner));

describe('a letter deadline moved later after the request went', () => {
  it('keeps the link and its reminders going until the new deadline', async () => {
    // Sent on day 0 with the letters due on day 30: the link was stored as expiring on day 37.
    const asked = await t.json('POST', `/api/applications/${app}/letter-requests`, {
      as: cookie,
      body: { question_key: 'refs', name: 'Bell', email: BELL },
    });
    expect(asked.status).toBe(200);
    const [request] = await sweep();
    expect(request.mail.subject).toMatch(/^Reference letter request/);
    expect(request.mail.text).toContain(`The link works until ${utcDay(new Date(t0.getTime() + 37 * DAY))}`);
    const link = linkIn(request);

    // The admin gives this applicant until day 60.
    const personal = new Date(t0.getTime() + 60 * DAY);
    const moved = await t.json('POST', `/api/programs/${program}/personal-deadlines`, {
      as: admin,
      body: { application_ids: [app], close_at: personal.toISOString() },
    });
    expect(moved.status).toBe(200);

    at(8);
    expect((await sweep()).map((r) => r.mail.subject)).toEqual([
      expect.stringMatching(/^Reminder: reference letter/),
    ]);

    // Past the stored expiry: the page still opens, and nothing is due yet.
    at(38);
    expect((await t.json<LetterPage>('GET', `/api/letters/${link}`)).body).toMatchObject({
      status: 'open',
      deadline: personal.toISOString(),
    });
    expect(await sweep()).toEqual([]);

    // Three days before the new deadline: the last reminder, naming the link's new expiry (day 67).
    at(57.5);
    const last = await sweep();
    expect(last).toHaveLength(1);
    expect(last[0].mail.subject).toMatch(/^Reminder: reference letter/);
    expect(last[0].mail.text).toContain(
      `The link works until ${utcDay(new Date(personal.getTime() + 7 * DAY))}`,
    );
    expect(linkIn(last[0])).toBe(link);
    expect(await sweep()).toEqual([]);
  });
});

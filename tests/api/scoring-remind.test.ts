import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { NOTHING_TO_SCORE } from '../../src/server/scoring/remind';
import { onboardedUser, submittedApplication } from '../support/factory';
import { mailTestApp, stopMailTestApp } from '../support/mail-app';
import { assign, auditionRubric, scoreSheet, setScoring } from '../support/scoring';
import type { TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';

/** 'Remind' (issue 20 item 7): the reviewer's email, delivered through a real SMTP server. */

const YOUTH = demoProgramId(1);
let smtp: TestSmtp;
let t: TestApp;
let runner: JobRunner;
let admin: string;
let judge: { cookie: string; id: string };
const subject = 'applications to score in Youth Orchestra Auditions';

beforeAll(async () => {
  ({ t, smtp } = await mailTestApp());
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
  admin = await t.signIn('admin@demo.test');
  await setScoring(t, admin, YOUTH, { criteria: auditionRubric });
  judge = await onboardedUser(t, 'remind.judge@example.test', 'Robin Judge');
  expect(
    (
      await t.json('POST', `/api/programs/${YOUTH}/reviewers`, {
        as: admin,
        body: { email: 'remind.judge@example.test' },
      })
    ).status,
  ).toBe(200);
  const apps = [];
  for (const n of [1, 2, 3]) {
    t.clock.advance(3_000);
    apps.push((await submittedApplication(t, `remind.app${n}@example.test`, YOUTH)).id);
  }
  await assign(t, admin, YOUTH, apps, [judge.id]);
  await scoreSheet(t, judge.cookie, apps[0], { tone: 3, rhythm: 5 });
}, 120_000);
afterAll(() => stopMailTestApp(t, smtp, runner));

const reminders = () => smtp.to('remind.judge@example.test').filter((r) => r.mail.subject?.includes(subject));
const remind = (as: string, userId = judge.id) =>
  t.json('POST', `/api/programs/${YOUTH}/reviewer-progress/${userId}/remind`, { as });

describe('Remind', () => {
  it('emails the reviewer their remaining count and a link to their queue, once a day', async () => {
    const progress = await t.json('GET', `/api/programs/${YOUTH}/reviewer-progress`, { as: admin });
    expect(progress.body.can_remind).toBe(true);
    const first = await remind(admin);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Reminder sent to Robin Judge.', sent: true });
    const deadline = Date.now() + 20_000;
    while (reminders().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const [mail] = reminders();
    expect(mail.mail.subject).toBe(`2 ${subject}`);
    expect(mail.mail.text).toContain('Hello Robin Judge,');
    expect(mail.mail.text).toContain(
      '2 applications in Youth Orchestra Auditions are waiting for your score',
    );
    expect(mail.mail.text).toContain(`/review/${YOUTH}`);

    const again = await remind(admin);
    expect(again.body.sent).toBe(false);
    // An email reaches SMTP only through the outbox: the second press queued nothing to send (read
    // at the source instead of waiting a while for an email that should not come).
    const queued = await t.deps.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'score_reminder'), eq(mailMessages.toUserId, judge.id)));
    expect(queued).toHaveLength(1);
    expect(reminders()).toHaveLength(1);
    // The next day, another reminder may go.
    t.clock.advance(24 * 3600_000);
    expect((await remind(admin)).body.sent).toBe(true);
  });

  it('refuses reviewers and strangers, and a reviewer with nothing left', async () => {
    expect((await remind(judge.cookie)).status).toBe(403);
    const stranger = await onboardedUser(t, 'remind.stranger@example.test');
    expect((await remind(stranger.cookie)).status).toBe(404);
    expect((await remind(admin, stranger.id)).status).toBe(404);
    const idle = await onboardedUser(t, 'remind.idle@example.test');
    await t.json('POST', `/api/programs/${YOUTH}/reviewers`, {
      as: admin,
      body: { email: 'remind.idle@example.test' },
    });
    const none = await remind(admin, idle.id);
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe(NOTHING_TO_SCORE);
  });

  it('with mail off, says no reminder was sent (issue 33 item 8)', async () => {
    // A second app on the same database with mail off (MAIL=off): its answer never claims a send.
    const off = await createTestApp({
      database: t.database,
      config: {
        mail: { smtpUrl: null, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' }, off: true },
      },
    });
    try {
      t.clock.advance(24 * 3600_000);
      off.clock.set(t.clock.now());
      const res = await off.json('POST', `/api/programs/${YOUTH}/reviewer-progress/${judge.id}/remind`, {
        as: admin,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Mail is off: no reminder was sent to Robin Judge.', sent: false });
    } finally {
      await off.deps.notifier.stop();
    }
  });
});

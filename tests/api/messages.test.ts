import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailMessages, user, webhookDeliveries } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { closeTransport } from '../../src/server/mail/transport';
import { messageWords } from '../../src/shared/domain/messages';
import type { MessageCounts, MessageThread } from '../../src/shared/schemas/messages';
import { onboardedUser, submittedApplication } from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { assign, setScoring } from '../support/scoring';
import { TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Messages on an application (issue 31 item 2): who reads and writes a thread, what each sees, and the emails. */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner;
let ana: { id: string; cookie: string; userId: string };
let admin: string;
let program: string;
const ORG = 'Riverside Arts Center';

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } } },
  });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  program = world.ids.publishedProgram;
  ana = await submittedApplication(t, 'ana@messages.test', program, { name: 'Ana Ortiz' });
  runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await runner?.stop();
  await closeTransport(t.deps.config);
  await smtp?.stop();
  await t?.close();
});

const thread = (cookie: string | null, id = ana.id) =>
  t.json<MessageThread>('GET', `/api/applications/${id}/messages`, { as: cookie });
const post = (cookie: string | null, body: Record<string, unknown>, id = ana.id) =>
  t.json('POST', `/api/applications/${id}/messages`, { as: cookie, body });
/** The message emails one address received (a receipt or other mail is not counted). */
const mailTo = (address: string) =>
  smtp.received.filter((r) => r.envelopeTo.includes(address) && r.mail.subject?.startsWith('New message:'));

describe('a thread between the applicant and the program’s staff', () => {
  it('the admin writes as the organization: the applicant reads it under the organization’s name, unread until read, emailed once with a link back', async () => {
    t.clock.advance(60_000);
    // Counted before the message: its email may arrive before the test asks for it.
    const sent = smtp.received.length;
    const res = await post(admin, { body: 'Could you send the score as a PDF?' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      author: 'You',
      mine: true,
      side: 'staff',
      as_organization: true,
    });

    const mine = await thread(ana.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.side).toBe('applicant');
    expect(mine.body.unread).toBe(1);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      author: ORG,
      mine: false,
      body: 'Could you send the score as a PDF?',
    });
    expect(JSON.stringify(mine.body)).not.toContain('Avery Admin');

    const counts = await t.json<MessageCounts>('GET', '/api/me/messages/counts', { as: ana.cookie });
    expect(counts.body.items).toEqual([{ application_id: ana.id, unread: 1, total: 1 }]);
    t.clock.advance(1_000);
    expect(
      (await t.json('POST', `/api/applications/${ana.id}/messages/read`, { as: ana.cookie })).status,
    ).toBe(200);
    const after = await t.json<MessageCounts>('GET', '/api/me/messages/counts', { as: ana.cookie });
    expect(after.body.items).toEqual([{ application_id: ana.id, unread: 0, total: 1 }]);

    await smtp.waitFor(sent + 1);
    await new Promise((r) => setTimeout(r, 1_500));
    const mails = mailTo('ana@messages.test');
    expect(mails).toHaveLength(1);
    expect(mails[0].mail.subject).toBe('New message: Youth Orchestra Auditions');
    expect(mails[0].mail.text).toContain('Could you send the score as a PDF?');
    expect(mails[0].mail.text).toContain(`/applications/${ana.id}`);
    expect(mails[0].mail.from?.text).toContain(ORG);
  });

  it('the applicant replies: the admin inbox counts it unread and the program’s admins are emailed once', async () => {
    t.clock.advance(60_000);
    const sent = smtp.received.length;
    const res = await post(ana.cookie, { body: 'Attached below, thank you!', as_organization: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ side: 'applicant', as_organization: false });

    const counts = await t.json<MessageCounts>('GET', `/api/programs/${program}/messages/counts`, {
      as: admin,
    });
    expect(counts.status).toBe(200);
    expect(counts.body.items.find((i) => i.application_id === ana.id)).toEqual({
      application_id: ana.id,
      unread: 1,
      total: 2,
    });
    const staff = await thread(admin);
    expect(staff.body.side).toBe('staff');
    expect(staff.body.items.map((m) => m.author)).toEqual(['You', 'Ana Ortiz']);

    await smtp.waitFor(sent + 1);
    await new Promise((r) => setTimeout(r, 1_500));
    const toAdmin = mailTo('admin@demo.test');
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0].mail.text).toContain(`/review/app/${ana.id}`);
    expect(toAdmin[0].mail.text).toContain('Attached below, thank you!');
    // Exactly once each: the two messages queued three emails at most (one per recipient and message).
    const rows = await t.deps.db
      .select({ key: mailMessages.key })
      .from(mailMessages)
      .where(eq(mailMessages.kind, 'message_received'));
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(mailTo('ana@messages.test')).toHaveLength(1);
  });

  it('each message is in the organization’s audit log', async () => {
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.created'), eq(auditLog.targetId, ana.id)));
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.organizationId === world.ids.riversideOrg)).toBe(true);
  });

  it('fires message.created to the organization’s subscribed endpoints', async () => {
    const created = await t.json('POST', '/api/orgs/riverside-arts/webhooks', {
      as: admin,
      body: { url: 'https://hooks.example.org/messages', events: ['message.created'] },
    });
    expect(created.status).toBe(201);
    t.clock.advance(60_000);
    const res = await post(admin, { body: 'Received, thanks.' });
    const deliveries = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'message.created'));
    expect(deliveries).toHaveLength(1);
    const payload = JSON.parse(deliveries[0].payload as unknown as string);
    expect(payload.data).toMatchObject({
      message_id: res.body.message.id,
      application_id: ana.id,
      from: 'staff',
    });
    expect(deliveries[0].payload).not.toContain('Received, thanks.');
  });

  it('a staff member who signs with their name is shown by name to the applicant', async () => {
    t.clock.advance(60_000);
    await post(admin, { body: 'Signed by me.', as_organization: false });
    const mine = await thread(ana.cookie);
    const last = mine.body.items.at(-1)!;
    expect(last).toMatchObject({ author: 'Avery Admin', as_organization: false });
    const staff = await thread(admin);
    expect(staff.body.items.at(-1)).toMatchObject({ author: 'You', as_organization: false });
  });
});

describe('realtime', () => {
  it('a new message is announced on the thread’s topic to its applicant', async () => {
    const res = await t.request('GET', `/api/events?topic=${encodeURIComponent(`messages:${ana.id}`)}`, {
      as: ana.cookie,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const heard = (async () => {
      while (!seen.includes('event: change')) {
        const chunk = await reader.read();
        if (chunk.done) break;
        seen += decoder.decode(chunk.value, { stream: true });
      }
      return seen;
    })();
    // Let the stream subscribe before the message is written.
    await new Promise((r) => setTimeout(r, 300));
    t.clock.advance(60_000);
    expect((await post(admin, { body: 'Live?' })).status).toBe(200);
    const text = await Promise.race([
      heard,
      new Promise<string>((r) => setTimeout(() => r('timed out'), 5_000)),
    ]);
    await reader.cancel();
    expect(text).toContain('event: change');
    expect(text).toContain(`messages:${ana.id}`);
  });
});

describe('who may read a thread', () => {
  it('another applicant, a reviewer of another program, an admin of another organization and a coalition manager do not find it (404)', async () => {
    const other = await onboardedUser(t, 'bo@messages.test', 'Bo Other');
    for (const cookie of [
      other.cookie,
      world.cookies.applicant,
      world.cookies.otherReviewer,
      world.cookies.otherOrgAdmin,
      world.cookies.coalitionManager,
    ]) {
      expect((await thread(cookie)).status).toBe(404);
      expect((await post(cookie, { body: 'hello' })).status).toBe(404);
    }
    expect((await thread(null)).status).toBe(401);
  });

  it('a draft’s thread is the applicant’s alone: staff do not find it', async () => {
    const cleo = await onboardedUser(t, 'cleo@messages.test', 'Cleo Draft');
    const started = await t.json('POST', `/api/programs/${program}/applications`, { as: cleo.cookie });
    expect((await thread(admin, started.body.id)).status).toBe(404);
    const own = await thread(cleo.cookie, started.body.id);
    expect(own.body).toMatchObject({ items: [], can_write: false });
    const refused = await post(cleo.cookie, { body: 'Anyone there?' }, started.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messageWords.draft);
  });

  it('the program’s reviewers only when the admin allows it (off by default); a blind program’s reviewer never sees the applicant’s name, nor does the applicant see the reviewer’s', async () => {
    const reviewer = world.cookies.reviewer!;
    const refused = await thread(reviewer);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { error: { message: string } }).error.message).toBe(
      messageWords.reviewersOff,
    );
    expect((await post(reviewer, { body: 'hi' })).status).toBe(403);
    // The realtime topic is checked by the same gate.
    const topic = `/api/events?topic=${encodeURIComponent(`messages:${ana.id}`)}`;
    expect((await t.request('GET', topic, { as: reviewer })).status).toBe(403);
    expect((await t.request('GET', topic, { as: world.cookies.applicant })).status).toBe(403);

    expect((await t.json('GET', `/api/programs/${program}/message-settings`, { as: admin })).body).toEqual({
      reviewers_may_write: false,
    });
    const on = await t.json('PUT', `/api/programs/${program}/message-settings`, {
      as: admin,
      body: { reviewers_may_write: true },
    });
    expect(on.body).toEqual({ reviewers_may_write: true });
    const logged = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.settings_changed'), eq(auditLog.targetId, program)));
    expect(logged.map((e) => e.summary)).toEqual(['reviewers_may_write: false → true']);
    expect(
      (
        await t.json('PUT', `/api/programs/${program}/message-settings`, {
          as: reviewer,
          body: { reviewers_may_write: true },
        })
      ).status,
    ).toBe(404);
    await setScoring(t, admin, program, { mode: 'shared', blind: true });

    const seen = await thread(reviewer);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain('Ana Ortiz');
    expect(seen.body.items.filter((m) => m.side === 'applicant').map((m) => m.author)).toEqual(['Applicant']);

    t.clock.advance(60_000);
    const written = await post(reviewer, { body: 'A question from the panel.', as_organization: false });
    expect(written.status).toBe(200);
    const mine = await thread(ana.cookie);
    const last = mine.body.items.at(-1)!;
    expect(last).toMatchObject({ body: 'A question from the panel.', author: ORG, as_organization: true });
    expect(JSON.stringify(mine.body)).not.toContain('Riley Reviewer');
    const sse = await t.request('GET', topic, { as: reviewer });
    expect(sse.status).toBe(200);
    await sse.body?.cancel();
  });

  it('with reviewers in the thread, an applicant’s message is emailed to the assigned reviewers once each; never to a recused or unassigned one; blind: "Applicant #N"', async () => {
    // (The previous test let reviewers write and made the program blind.) A second judge of the program.
    const judge = await onboardedUser(t, 'judge.two@messages.test', 'Jules Judge');
    const added = await t.json('POST', `/api/programs/${program}/reviewers`, {
      as: admin,
      body: { email: 'judge.two@messages.test' },
    });
    expect(added.status).toBe(200);
    const reviewerEmail = 'reviewer@demo.test';
    const JUDGE = 'judge.two@messages.test';
    const base = { reviewer: mailTo(reviewerEmail).length, admin: mailTo('admin@demo.test').length };
    const since = (address: string, from: number) => mailTo(address).slice(from);
    const postAndWait = async (body: string, expected: number) => {
      t.clock.advance(60_000);
      const sent = smtp.received.length;
      expect((await post(ana.cookie, { body })).status).toBe(200);
      await smtp.waitFor(sent + expected);
      await new Promise((r) => setTimeout(r, 1_500));
    };

    // Shared review, blind: every reviewer of the program, once each, and the applicant is a number.
    await postAndWait('My second piece is Ravel.', 3);
    const toReviewer = since(reviewerEmail, base.reviewer);
    expect(toReviewer).toHaveLength(1);
    expect(since(JUDGE, 0)).toHaveLength(1);
    expect(toReviewer[0].mail.text).toContain('My second piece is Ravel.');
    expect(toReviewer[0].mail.text).toMatch(/Applicant #\d+ wrote a message/);
    expect(toReviewer[0].mail.text).toContain(`/review/app/${ana.id}`);
    expect(toReviewer[0].mail.text).toContain('you review');
    for (const m of [...toReviewer, ...since(JUDGE, 0)])
      expect(`${m.mail.subject} ${m.mail.text} ${m.mail.html}`).not.toMatch(/Ana|Ortiz/);
    expect(mailTo('other.reviewer@example.test')).toHaveLength(0);
    expect(since('admin@demo.test', base.admin)).toHaveLength(1);

    // Independent scoring: only those with a score sheet of it (none yet) …
    await setScoring(t, admin, program, { mode: 'independent', blind: false });
    await postAndWait('And a Bach sarabande.', 1);
    expect(since(reviewerEmail, base.reviewer)).toHaveLength(1);
    expect(since(JUDGE, 0)).toHaveLength(1);
    // … then both assigned, the judge recuses: the assigned reviewer alone.
    const [{ id: reviewerId }] = await t.deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, reviewerEmail));
    await assign(t, admin, program, [ana.id], [reviewerId, judge.id]);
    const recused = await t.json('POST', `/api/applications/${ana.id}/recuse`, {
      as: judge.cookie,
      body: { note: 'I teach her' },
    });
    expect(recused.status).toBe(200);
    await postAndWait('Also a Paganini caprice.', 2);
    const now = since(reviewerEmail, base.reviewer);
    expect(now).toHaveLength(2);
    expect(now[1].mail.text).toContain('Ana Ortiz wrote a message');
    expect(since(JUDGE, 0)).toHaveLength(1);

    // Reviewers out of the thread again: they get nothing.
    await t.json('PUT', `/api/programs/${program}/message-settings`, {
      as: admin,
      body: { reviewers_may_write: false },
    });
    await postAndWait('Thank you all.', 1);
    expect(since(reviewerEmail, base.reviewer)).toHaveLength(2);
    // Exactly once each, by key.
    const rows = await t.deps.db
      .select({ key: mailMessages.key })
      .from(mailMessages)
      .where(eq(mailMessages.kind, 'message_received'));
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    await t.json('PUT', `/api/programs/${program}/message-settings`, {
      as: admin,
      body: { reviewers_may_write: true },
    });
    await setScoring(t, admin, program, { mode: 'shared', blind: true });
  });

  it('refuses an empty message before it is stored', async () => {
    const count = async () =>
      (
        (await t.deps.db.execute(sql`select count(*)::int as n from application_messages`)) as {
          rows: unknown[];
        }
      ).rows[0];
    const before = await count();
    const res = await post(ana.cookie, { body: '   ' });
    expect(res.status).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('the application PDF has the thread for admins only; a reviewer’s PDF has none', async () => {
    await t.request('POST', '/api/me/personal-data-notice', { as: admin });
    await t.request('POST', '/api/me/personal-data-notice', { as: world.cookies.reviewer });
    const pdf = async (cookie: string) => {
      const res = await t.request('GET', `/api/applications/${ana.id}/pdf`, { as: cookie });
      expect(res.status).toBe(200);
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    const forAdmin = await pdf(admin);
    expect(forAdmin).toContain('Messages');
    expect(forAdmin).toContain('Attached below, thank you!');
    expect(forAdmin).toContain('Ana Ortiz');
    const forReviewer = await pdf(world.cookies.reviewer!);
    expect(forReviewer).not.toContain('Attached below, thank you!');
  });

  it('the program dossier has the thread in the applicant’s PDF for admins; a coalition manager’s has none', async () => {
    for (const cookie of [admin, world.cookies.coalitionManager])
      await t.request('POST', '/api/me/personal-data-notice', { as: cookie });
    /** The dossier's application PDFs (one per applicant) that hold Ana's message. */
    const withMessage = async (cookie: string) => {
      const res = await t.request('GET', `/api/programs/${program}/dossier`, { as: cookie });
      expect(res.status).toBe(200);
      const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
      const pdfs = Object.keys(zip.files).filter((n) => n.endsWith('/application.pdf'));
      expect(pdfs.length).toBeGreaterThan(0);
      const texts = await Promise.all(pdfs.map(async (n) => pdfText(await zip.file(n)!.async('nodebuffer'))));
      return texts.filter((text) => text.includes('Attached below, thank you!'));
    };
    const forAdmin = await withMessage(admin);
    expect(forAdmin).toHaveLength(1);
    expect(forAdmin[0]).toContain('Messages');
    expect(await withMessage(world.cookies.coalitionManager!)).toHaveLength(0);
  });
});

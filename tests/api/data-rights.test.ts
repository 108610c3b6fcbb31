import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, mailMessages } from '../../src/server/db/schema';
import { queueEmail } from '../../src/server/mail/queue';
import type { DiskStorage } from '../../src/server/storage';
import { deletedApplicantLabel, privacyMessages } from '../../src/shared/domain/privacy';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  PDF,
  programWithForm,
  reviewApplication,
  saveAnswers,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { checkLogs } from '../support/log-check';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

let t: TestApp;
let world: World;
let admin: string;
let programId: string;
let draftProgramId: string;
let applicant: { cookie: string; id: string };
let appId: string;

// Words that name the person: none may survive the deletion anywhere.
const NAME = 'Zephyrine Quillfeather';
const EMAIL = 'zephyrine.quillfeather@rights.test';
const PROFILE_EMAIL = 'zq.contact@rights.test';
const FILE_NAMES = ['Zephyrine recital take.pdf', 'Quillfeather-CV-2026.pdf', 'zephyrine portfolio.pdf'];
const needles = [NAME, 'Zephyrine', 'Quillfeather', EMAIL, PROFILE_EMAIL, ...FILE_NAMES];

const questions: Question[] = [
  { key: 'q_piece', type: 'short_text', label: 'Audition piece', required: true },
  { key: 'q_rec', type: 'file', label: 'Recording', required: false },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Rights Strings', type: 'audition' },
    { questions, profile: { enabled: true, sections: { experience: true } } },
  );
  draftProgramId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Rights Winds', type: 'audition' },
    { questions },
  );
  applicant = await onboardedUser(t, EMAIL, NAME);
  await completeProfile(t, applicant.cookie, { email: PROFILE_EMAIL, given_name: 'Zeph' });
  // The resume under a telling name, and a portfolio file.
  await uploadFile(t, applicant.cookie, 'resume', { name: FILE_NAMES[1] });
  await uploadFile(t, applicant.cookie, 'portfolio', { name: FILE_NAMES[2] });
  appId = await startApplication(t, applicant.cookie, programId);
  const rec = await uploadFile(t, applicant.cookie, 'answer', {
    applicationId: appId,
    fieldKey: 'q_rec',
    name: FILE_NAMES[0],
    body: Buffer.concat([PDF, Buffer.alloc(2000, 0x20)]),
  });
  await submitApplication(t, applicant.cookie, appId, { q_piece: `${NAME} plays Bach`, q_rec: rec });
  // A message thread: each side writes once, naming the applicant; the admin signs with their own name.
  await okBody(
    t.json('POST', `/api/applications/${appId}/messages`, {
      as: applicant.cookie,
      body: { body: `Hello, this is ${NAME} (${EMAIL}) about my recording.` },
    }),
  );
  t.clock.advance(60_000);
  await okBody(
    t.json('POST', `/api/applications/${appId}/messages`, {
      as: admin,
      body: { body: `Thank you ${NAME}, we got ${FILE_NAMES[0]}.`, as_organization: false },
    }),
  );
  await okBody(t.json('POST', `/api/applications/${appId}/messages/read`, { as: applicant.cookie }));
  // Changes requested (decision 063): she resubmits version 2 naming herself, then a second request
  // is answered only in her copy (not yet resubmitted).
  const askChanges = (message: string) =>
    okBody(
      t.json('POST', `/api/programs/${programId}/change-requests`, {
        as: admin,
        body: {
          application_ids: [appId],
          message,
          due_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
          scope: { question_keys: ['q_piece'], section_keys: [] },
        },
      }),
    );
  await askChanges(`Please name the movement, ${NAME}.`);
  await submitApplication(t, applicant.cookie, appId, { q_piece: `${NAME} plays Bach, Partita 2` });
  await askChanges('Which edition?');
  await saveAnswers(t, applicant.cookie, appId, { q_piece: `${NAME} plays Bach, Bärenreiter`, q_rec: rec });
  // A draft elsewhere, with answers.
  const draft = await startApplication(t, applicant.cookie, draftProgramId);
  await saveAnswers(t, applicant.cookie, draft, { q_piece: 'Unfinished' });
  // The organization reviews (naming the applicant in its comments), finalizes and publishes.
  await okBody(
    t.json('PUT', `/api/programs/${programId}/review-form`, {
      as: admin,
      body: {
        show_score: true,
        show_comments: true,
        show_decision: true,
        decision_options: ['accept', 'reject'],
      },
    }),
  );
  await reviewApplication(t, admin, appId, {
    score: 8,
    decision: 'accept',
    comments: `${NAME} was superb; email ${EMAIL}. Zeph plays like Zephyrus winds.`,
  });
  await okBody(
    t.json('POST', `/api/programs/${programId}/publish-results`, {
      as: admin,
      body: {
        mode: 'selected',
        application_ids: [appId],
        visibility: { decision: true, score: true, comments: true },
      },
    }),
  );
  // The admin downloads the PDF (an audit entry that names the applicant).
  await t.request('POST', '/api/me/personal-data-notice', { as: admin });
  expect((await t.request('GET', `/api/applications/${appId}/pdf`, { as: admin })).status).toBe(200);
}, 180_000);
afterAll(() => t.close());

/** Every row of every table (all schemas of ours and the job queue's), as text. */
async function everyTableAsText(): Promise<{ table: string; text: string }[]> {
  const result = (await t.deps.db.execute(sql`
    select table_schema as s, table_name as n from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`)) as unknown as {
    rows: { s: string; n: string }[];
  };
  const out: { table: string; text: string }[] = [];
  for (const { s, n } of result.rows) {
    const rows = (await t.deps.db.execute(
      sql.raw(`select coalesce(string_agg(x::text, E'\\n'), '') as t from "${s}"."${n}" x`),
    )) as unknown as { rows: { t: string }[] };
    out.push({ table: `${s}.${n}`, text: rows.rows[0].t });
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const found = (text: string) => needles.filter((n) => text.toLowerCase().includes(n.toLowerCase()));

describe('download my data (issue 33 item 21)', () => {
  it('is a zip of JSON and every file the person uploaded, for the person alone', async () => {
    expect((await t.request('GET', '/api/me/data')).status).toBe(401);
    const res = await t.request('GET', '/api/me/data', { as: applicant.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="applyhub-my-data-\d{4}-\d\d-\d\d\.zip"/,
    );
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      [
        'README.txt',
        'data.json',
        'files/answer/Zephyrine recital take.pdf',
        'files/portfolio/zephyrine portfolio.pdf',
        'files/resume/Quillfeather-CV-2026.pdf',
      ].sort(),
    );
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    expect(data.account).toMatchObject({ name: NAME, email: EMAIL, sign_in_with: [] });
    expect(data.profile.email).toBe(PROFILE_EMAIL);
    expect(
      data.applications.map((a: { program: string; status: string }) => [a.program, a.status]).sort(),
    ).toEqual([
      ['Rights Strings', 'submitted'],
      ['Rights Winds', 'draft'],
    ]);
    expect(data.applications.find((a: { id: string }) => a.id === appId).answers.q_piece).toBe(
      `${NAME} plays Bach, Partita 2`,
    );
    expect(data.results).toHaveLength(1);
    expect(data.results[0].result.decision).toBeTruthy();
    // Every version she submitted, with her answers, and the change request, asked by the organization.
    expect(
      data.submitted_versions.map((v: { application_id: string; number: number; answers: any }) => [
        v.application_id,
        v.number,
        v.answers.q_piece,
      ]),
    ).toEqual([
      [appId, 1, `${NAME} plays Bach`],
      [appId, 2, `${NAME} plays Bach, Partita 2`],
    ]);
    expect(data.submitted_versions.every((v: { submitted_at: string }) => Date.parse(v.submitted_at))).toBe(
      true,
    );
    const mine = data.applications.find((a: { id: string }) => a.id === appId);
    expect(mine.submission_version).toBe(2);
    expect(mine.change_request).toMatchObject({
      requested_by: 'Riverside Arts Center',
      message: 'Which edition?',
      scope: { question_keys: ['q_piece'], section_keys: [] },
      your_changes_not_yet_resubmitted: { q_piece: `${NAME} plays Bach, Bärenreiter` },
    });
    expect(Date.parse(mine.change_request.due_at)).toBeGreaterThan(
      Date.parse(mine.change_request.requested_at),
    );
    expect(JSON.stringify(mine.change_request)).not.toContain('changes_requested_by');
    expect(data.applications.find((a: { id: string }) => a.id !== appId).change_request).toBeNull();
    // The thread, under the names the applicant sees on it, and how far they read it.
    expect(
      data.messages.map((m: { application_id: string; from: string; text: string }) => [
        m.application_id,
        m.from,
        m.text,
      ]),
    ).toEqual([
      [appId, 'You', `Hello, this is ${NAME} (${EMAIL}) about my recording.`],
      [appId, 'Avery Admin', `Thank you ${NAME}, we got ${FILE_NAMES[0]}.`],
    ]);
    expect(data.messages.every((m: { sent_at: string }) => !Number.isNaN(Date.parse(m.sent_at)))).toBe(true);
    expect(JSON.stringify(data.messages)).not.toContain('author_id');
    expect(data.messages_read_until.map((r: { application_id: string }) => r.application_id)).toEqual([
      appId,
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.emails.map((m: { kind: string }) => m.kind)).toContain('submission_receipt');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/"token"|token_hash|tokenHash|session_token/);
    // The uploaded bytes themselves.
    expect((await zip.file('files/answer/Zephyrine recital take.pdf')!.async('nodebuffer')).length).toBe(
      PDF.length + 2000,
    );
  });

  it('holds nothing of anyone else', async () => {
    const res = await t.request('GET', '/api/me/data', { as: admin });
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    // The emails the admin received about her messages are the admin's mail; nothing else names her.
    const { emails, ...rest } = data;
    expect(found(JSON.stringify(rest))).toEqual([]);
    const naming = emails.filter((m: unknown) => found(JSON.stringify(m)).length);
    expect(naming.map((m: { kind: string }) => m.kind).sort()).toEqual([
      'application_resubmitted',
      'message_received',
    ]);
    expect(data.messages).toEqual([]);
  });
});

describe('delete my account (issue 33 item 22)', () => {
  it('asks for the word, and refuses staff accounts', async () => {
    const wrong = await t.json('POST', '/api/me/account/delete', {
      as: applicant.cookie,
      body: { confirmation: 'delete' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe(privacyMessages.confirm);
    const staff = await t.json('POST', '/api/me/account/delete', {
      as: world.cookies.reviewer,
      body: { confirmation: 'DELETE' },
    });
    expect(staff.status).toBe(409);
    expect(staff.body.error.message).toBe(privacyMessages.staff);
    expect(
      (await t.json('POST', '/api/me/account/delete', { body: { confirmation: 'DELETE' } })).status,
    ).toBe(401);
  });

  it('erases every trace of the person; the organization keeps the decision under "Deleted applicant #N"', async () => {
    // An email still waiting to be sent when they delete: it must never leave.
    await t.deps.db.transaction((tx) =>
      queueEmail(tx, {
        kind: 'submission_receipt',
        to: { email: EMAIL, userId: applicant.id },
        about: { entity: `test:${appId}`, version: 9 },
        organizationId: world.ids.riversideOrg,
        programId,
        data: {
          name: NAME,
          programName: 'Rights Strings',
          orgName: 'Riverside Arts Center',
          submittedAt: t.clock.now().toISOString(),
          applicationId: appId,
        },
      }),
    );
    const before = await everyTableAsText();
    expect(before.filter((r) => found(r.text).length).length).toBeGreaterThan(3);
    const storageRoot = (t.deps.storage as DiskStorage).root;
    expect(filesUnder(storageRoot).length).toBeGreaterThanOrEqual(4);

    const res = await t.json('POST', '/api/me/account/delete', {
      as: applicant.cookie,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(privacyMessages.deleted);

    // Signed out everywhere; a second try finds no session.
    expect((await t.request('GET', '/api/me', { as: applicant.cookie })).status).toBe(401);

    // Every table, all columns as text.
    const leaks = (await everyTableAsText())
      .map((r) => ({ table: r.table, words: found(r.text) }))
      .filter((r) => r.words.length);
    expect(leaks).toEqual([]);

    // The thread stays for the staff: her words are gone, the admin's stay without her name.
    const thread = await okBody(t.json('GET', `/api/applications/${appId}/messages`, { as: admin }));
    expect(thread.items.map((m: { body: string }) => m.body)).toEqual([
      '(deleted)',
      expect.stringMatching(/^Thank you Deleted applicant #\d+, we got Deleted applicant #\d+\.$/),
    ]);
    const [{ n: marks }] = (
      (await t.deps.db.execute(
        sql`select count(*)::int as n from application_message_reads where user_id = ${applicant.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(marks).toBe(0);
    // Nor do the emails that told the staff about her message quote it.
    const mailText = (await everyTableAsText()).find((r) => r.table === 'public.mail_messages')!.text;
    expect(mailText).toContain('message_received');
    expect(mailText).not.toContain('about my recording');

    // Whole words only: her given name goes, a word that starts like it stays.
    const [review] = (
      (await t.deps.db.execute(
        sql`select comments from reviews where application_id = ${appId}`,
      )) as unknown as {
        rows: { comments: string }[];
      }
    ).rows;
    expect(review.comments).toMatch(
      /^Deleted applicant #\d+ was superb; email Deleted applicant #\d+\. Deleted applicant #\d+ plays like Zephyrus winds\.$/,
    );

    // The file store: no object of theirs, no name in any path or content.
    const left = filesUnder(storageRoot);
    for (const f of left) {
      expect(found(f)).toEqual([]);
      expect(found(readFileSync(f, 'latin1'))).toEqual([]);
    }
    const [{ n: stored }] = (
      (await t.deps.db.execute(
        sql`select count(*)::int as n from files where owner_id = ${applicant.id}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(stored).toBe(0);

    // The organization: the application, its score and decision stay, under the pseudonym.
    const label = await labelOf();
    expect(label).toMatch(/^Deleted applicant #\d+$/);
    const csv = await t.request('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    expect(csv.status).toBe(200);
    const csvText = await csv.text();
    expect(found(csvText)).toEqual([]);
    expect(csvText).toContain(label);
    const reviews = await t.request('GET', `/api/programs/${programId}/exports/reviews?format=csv`, {
      as: admin,
    });
    const reviewsText = await reviews.text();
    expect(found(reviewsText)).toEqual([]);
    expect(reviewsText).toMatch(/accept/i);
    const pdf = await t.request('GET', `/api/applications/${appId}/pdf`, { as: admin });
    expect(pdf.status).toBe(200);
    const pdfWords = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(found(pdfWords)).toEqual([]);
    expect(pdfWords).toContain(label);

    // The screens the organization reads it on.
    for (const path of [`/api/applications/${appId}/review`, `/api/reviews?program_id=${programId}`]) {
      const screen = await t.request('GET', path, { as: admin });
      expect(screen.status, path).toBe(200);
      const text = await screen.text();
      expect(found(text), path).toEqual([]);
      expect(text, path).toContain(label);
    }

    // The audit log says it happened, to the platform and to the organization, without details.
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'user.erased'));
    expect(entries.map((e) => e.organizationId).sort()).toEqual([null, world.ids.riversideOrg].sort());
    expect(entries.every((e) => e.targetLabel === label && e.actorEmail === null)).toBe(true);
    const orgLog = await okBody(t.json('GET', `/api/orgs/${world.slugs.org}/audit`, { as: admin }));
    expect(JSON.stringify(orgLog)).toContain(label);

    // Emails stop: what was waiting is skipped, and nothing new is queued for them.
    const theirs = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.toUserId, applicant.id));
    expect(theirs.filter((m) => m.status === 'pending')).toEqual([]);

    // A super admin cannot bring the account back: there is nothing left to restore.
    const restore = await t.json('POST', `/api/super/users/${applicant.id}/restore`, {
      as: world.cookies.superAdmin,
    });
    expect(restore.status).toBe(409);
    expect(restore.body.error.message).toBe(privacyMessages.notRestorable);

    // The captured log lines.
    const logDir = inject('apiLogDir');
    if (logDir) expect(checkLogs(logDir, needles).leaks).toEqual([]);
  });

  it('Google sign-in with the same address starts a new, empty account', async () => {
    const again = await onboardedUser(t, EMAIL, 'Someone New');
    expect(again.id).not.toBe(applicant.id);
    const drafts = await okBody(t.json('GET', '/api/me/applications/drafts', { as: again.cookie }));
    const submitted = await okBody(t.json('GET', '/api/me/applications', { as: again.cookie }));
    expect(JSON.stringify([drafts, submitted])).not.toMatch(/Rights (Winds|Strings)/);
  });
});

async function labelOf(): Promise<string> {
  const [row] = (
    (await t.deps.db.execute(
      sql`select number from account_erasures where user_id = ${applicant.id}`,
    )) as unknown as { rows: { number: number }[] }
  ).rows;
  return deletedApplicantLabel(row.number);
}

describe('retention per program (issue 33 item 23)', () => {
  const ORLA = 'Orla Brightwater';
  const ORLA_FILE = 'orla brightwater solo.pdf';
  let brass: string;
  let orla: { id: string; cookie: string };
  let orlaApp: string;
  let filePath: string;
  let closeAt: Date;

  beforeAll(async () => {
    brass = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Retention Brass', type: 'audition' },
      { questions },
    );
    orla = await onboardedUser(t, 'orla.brightwater@rights.test', ORLA);
    await completeProfile(t, orla.cookie);
    orlaApp = await startApplication(t, orla.cookie, brass);
    const rec = await uploadFile(t, orla.cookie, 'answer', {
      applicationId: orlaApp,
      fieldKey: 'q_rec',
      name: ORLA_FILE,
    });
    filePath = rec.filePath;
    await submitApplication(t, orla.cookie, orlaApp, { q_piece: 'Haydn', q_rec: rec });
    await reviewApplication(t, admin, orlaApp, { score: 7, comments: `${ORLA} has a warm tone.` });
    expect((await t.request('GET', `/api/applications/${orlaApp}/pdf`, { as: admin })).status).toBe(200);
  }, 120_000);

  const schedule = (as: string | null = admin) => t.json('GET', `/api/programs/${brass}/schedule`, { as });
  const save = async (body: Record<string, unknown>, as: string | null = admin) => {
    const current = (await schedule()).body;
    return t.json('PUT', `/api/programs/${brass}/schedule`, {
      as,
      body: {
        open_at: current.open_at,
        close_at: current.close_at,
        reminder_hours: current.reminder_hours,
        version: current.version,
        ...body,
      },
    });
  };

  it('is off by default; its admins set it to 1–120 months, nobody else', async () => {
    expect((await schedule()).body.retention_months).toBeNull();
    expect((await save({ retention_months: 0 })).status).toBe(400);
    expect((await save({ retention_months: 121 })).status).toBe(400);
    expect((await save({ retention_months: 6 }, world.cookies.reviewer)).status).toBe(404);
    expect((await save({ retention_months: 6 }, orla.cookie)).status).toBe(404);
    closeAt = new Date(t.clock.now().getTime() + 24 * 3600_000);
    const res = await save({ close_at: closeAt.toISOString(), retention_months: 6 });
    expect(res.status).toBe(200);
    expect(res.body.schedule.retention_months).toBe(6);
    // A save that leaves it out keeps it.
    expect((await save({ reminder_hours: [24] })).body.schedule.retention_months).toBe(6);
  });

  it('the daily run deletes the applications once the months have passed, files included, and says so in the audit log', async () => {
    const { runRetention } = await import('../../src/server/privacy/retention');
    const seeded = await t.deps.db.execute(
      sql`select count(*)::int as n from applications where program_id <> ${brass}`,
    );
    const others = (seeded as unknown as { rows: { n: number }[] }).rows[0].n;
    // One day early: nothing happens.
    const due = new Date(closeAt);
    due.setUTCMonth(due.getUTCMonth() + 6);
    t.clock.set(new Date(due.getTime() - 24 * 3600_000));
    expect((await runRetention(t.deps, t.clock.now())).applications).toBe(0);
    expect((await t.request('GET', `/api/applications/${orlaApp}`, { as: orla.cookie })).status).toBe(200);
    expect(await t.deps.storage.exists(filePath)).toBe(true);

    t.clock.set(new Date(due.getTime() + 60_000));
    expect(await runRetention(t.deps, t.clock.now())).toEqual({ ran: true, programs: 1, applications: 1 });
    expect((await t.request('GET', `/api/applications/${orlaApp}`, { as: orla.cookie })).status).toBe(404);
    expect(await t.deps.storage.exists(filePath)).toBe(false);
    const rows = await everyTableAsText();
    const mentions = rows.filter(
      // The audit log and the emails' keys keep ids (they name nothing any more), never her name or
      // words about her.
      (r) =>
        (!['public.audit_log', 'public.mail_messages'].includes(r.table) && r.text.includes(orlaApp)) ||
        r.text.includes(ORLA_FILE) ||
        r.text.includes(`${ORLA} has`),
    );
    expect(mentions.map((r) => r.table)).toEqual([]);
    // Her own account and profile are hers to keep; only the program's copy went.
    expect((await t.request('GET', '/api/me/profile', { as: orla.cookie })).status).toBe(200);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'applications.erased'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      organizationId: world.ids.riversideOrg,
      targetId: brass,
      actorId: null,
    });
    expect(audit[0].summary).toMatch(/^1 application\(s\) deleted .* 6 month\(s\) after the program closed$/);
    const named = await t.deps.db.execute(
      sql`select count(*)::int as n from audit_log where target_label like ${`%${ORLA}%`}`,
    );
    expect((named as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    // Other programs' applications are untouched; a second run finds nothing more.
    const after = await t.deps.db.execute(
      sql`select count(*)::int as n from applications where program_id <> ${brass}`,
    );
    expect((after as unknown as { rows: { n: number }[] }).rows[0].n).toBe(others);
    expect((await runRetention(t.deps, t.clock.now())).applications).toBe(0);
  });
});

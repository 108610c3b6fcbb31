import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { visibleQuestions } from '../../shared/domain/conditions';
import {
  isPending,
  type LetterReminder,
  type LetterState,
  letterCloseAt,
  letterContentProblem,
  letterDeadline,
  letterLinkExpiry,
  letterSettings,
  lettersLacking,
  letterUpload,
  letterWords,
  nextResendAt,
  requestCap,
  requestProblem,
  tokenExpiry,
} from '../../shared/domain/letters';
import type { Actor } from '../../shared/policy';
import type { ApplicationForm, Question } from '../../shared/schemas/forms';
import type {
  LetterPage,
  LetterRequest,
  LetterRequestInput,
  LetterSaved,
  MyLetterRequests,
  StaffLetter,
  StaffLetters,
} from '../../shared/schemas/letters';
import { APPLICATION_NOT_FOUND, ownApplication, readableApplication } from '../applications/access';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Deps } from '../context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { letterRequests, letters, programLetterSettings } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { displayName } from '../files/names';
import { storeUpload } from '../files/service';
import { webBody } from '../http/web-body';
import { queueEmails } from '../mail/queue';
import { assertAdmin, programAccess } from '../programs/access';
import { hashLetterToken, newLetterToken, sealLetterToken } from './keys';

/* ---------- tokens (letters/keys.ts) ---------- */

export { hashLetterToken, newLetterToken };

/* ---------- facts ---------- */

interface AppFacts {
  id: string;
  status: string;
  programId: string;
  orgId: string;
  ownerId: string;
  programName: string;
  orgName: string;
  applicantName: string;
  applicantEmail: string;
  /** The application's close for its letters: its applicant's last moment to submit (`letterCloseAt`). */
  closeAt: Date | null;
  form: ApplicationForm;
}

async function appFacts(db: Db, applicationId: string): Promise<AppFacts> {
  const [row] = rowsOf<{
    id: string;
    status: string;
    program_id: string;
    org_id: string;
    user_id: string;
    program_name: string;
    org_name: string;
    applicant_name: string | null;
    email: string;
    close_at: string | Date | null;
    grace_minutes: number | null;
    personal_close_at: string | Date | null;
    late_close_at: string | Date | null;
    form: ApplicationForm | null;
  }>(
    await db.execute(sql`
      select a.id, a.status, a.program_id, p.organization_id as org_id, a.user_id, p.name as program_name,
        o.name as org_name, u.email, p.close_at, p.grace_minutes, a.personal_close_at, a.late_close_at, p.form,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as applicant_name
      from applications a
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where a.id = ${applicationId}`),
  );
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  return {
    id: row.id,
    status: row.status,
    programId: row.program_id,
    orgId: row.org_id,
    ownerId: row.user_id,
    programName: row.program_name,
    orgName: row.org_name,
    applicantName: row.applicant_name ?? 'An applicant',
    applicantEmail: row.email,
    closeAt: letterCloseAt({
      openAt: null,
      closeAt: row.close_at,
      graceMinutes: row.grace_minutes,
      personalCloseAt: row.personal_close_at,
      linkCloseAt: row.late_close_at,
    }),
    form: row.form ?? {
      questions: [],
      common: { applyhub: false, coalition: false },
      profile: { enabled: false, sections: {} },
    },
  };
}

const letterQuestions = (form: ApplicationForm) =>
  form.questions.filter((q) => q.type === 'reference_letter');

function letterQuestion(form: ApplicationForm, key: string): Question {
  const q = letterQuestions(form).find((x) => x.key === key);
  if (!q) throw new Invalid(letterWords.notALetterQuestion);
  return q;
}

type RequestRow = typeof letterRequests.$inferSelect;
type LetterRow = typeof letters.$inferSelect;

async function requestsOf(db: Db, applicationId: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(letterRequests)
    .where(eq(letterRequests.applicationId, applicationId))
    .orderBy(letterRequests.createdAt, letterRequests.id);
}

const iso = (d: Date | string) => new Date(d).toISOString();

function publicRequest(r: RequestRow, now: Date): LetterRequest {
  const resend = isPending(r.state) ? nextResendAt(r.lastSentAt, now) : null;
  return {
    id: r.id,
    question_key: r.questionKey,
    name: r.name,
    email: r.email,
    relationship: r.relationship,
    state: r.state,
    created_at: iso(r.createdAt),
    last_sent_at: iso(r.lastSentAt),
    last_reminder_at: r.lastReminderAt ? iso(r.lastReminderAt) : null,
    resend_at: resend ? resend.toISOString() : null,
  };
}

function questionStatuses(facts: AppFacts, rows: RequestRow[]) {
  return letterQuestions(facts.form).map((q) => {
    const s = letterSettings(q);
    const deadline = letterDeadline(q, facts.closeAt);
    return {
      key: q.key,
      label: q.label,
      min_letters: s.minLetters,
      max_letters: s.maxLetters,
      submitted: rows.filter((r) => r.questionKey === q.key && r.state === 'submitted').length,
      submit_before_letters: s.submitBeforeLetters,
      deadline: deadline ? deadline.toISOString() : null,
    };
  });
}

/**
 * Labels of the application's shown reference_letter questions that block its submit
 * (`lettersLacking`, decision 065). Runs on the caller's transaction.
 */
export async function lettersMissing(
  tx: Db,
  applicationId: string,
  form: ApplicationForm,
  answers: Record<string, unknown>,
): Promise<string[]> {
  // The form, not its bare questions: a letter question in a section hidden by its condition is hidden too.
  const shown = visibleQuestions(form, answers).filter((q) => q.type === 'reference_letter');
  if (shown.length === 0) return [];
  const rows = await requestsOf(tx, applicationId);
  return lettersLacking(shown, rows).map((q) => q.label);
}

/* ---------- the applicant ---------- */

export async function myLetterRequests(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
): Promise<MyLetterRequests> {
  const ref = await ownApplication(db, actor, applicationId);
  const facts = await appFacts(db, ref.id);
  const rows = await requestsOf(db, ref.id);
  const now = clock.now();
  const open = letterQuestions(facts.form).some((q) => {
    const d = letterDeadline(q, facts.closeAt);
    return !d || d > now;
  });
  return {
    items: rows.map((r) => publicRequest(r, now)),
    questions: questionStatuses(facts, rows),
    cap: requestCap(facts.form.questions),
    can_request: facts.status !== 'withdrawn' && open,
  };
}

function assertRequestable(facts: AppFacts, q: Question, now: Date) {
  if (facts.status === 'withdrawn') throw new Conflict(letterWords.withdrawn);
  const deadline = letterDeadline(q, facts.closeAt);
  if (deadline && deadline <= now) throw new Conflict(letterWords.closed);
}

/**
 * The request email (first send, resend or reminder; decision 065), keyed by request and send (or
 * reminder), so each goes once. A reminder carries the link the recommender already has, unless it
 * had to issue a new one (`newLink`) and says so.
 */
export async function queueRequestEmail(
  tx: Db,
  facts: Pick<AppFacts, 'orgId' | 'applicantName' | 'programName' | 'orgName'>,
  r: Pick<RequestRow, 'id' | 'name' | 'email' | 'message'>,
  token: string,
  expiresAt: Date,
  send: number,
  deadline: Date | null,
  reminder?: { kind: LetterReminder; newLink: boolean },
) {
  await queueEmails(tx, [
    {
      kind: 'letter_request',
      to: { email: r.email },
      about: { entity: `letter_request:${r.id}`, version: reminder ? `reminder-${reminder.kind}` : send },
      organizationId: facts.orgId,
      data: {
        requestId: r.id,
        recommenderName: r.name,
        applicantName: facts.applicantName,
        programName: facts.programName,
        orgName: facts.orgName,
        message: r.message,
        token,
        expiresAt: expiresAt.toISOString(),
        deadline: deadline ? deadline.toISOString() : null,
        ...(reminder ? { reminder: true, reminderKind: reminder.kind, newLink: reminder.newLink } : {}),
      },
    },
  ]);
}

export async function createLetterRequest(
  db: Db,
  clock: Clock,
  secret: string,
  actor: Actor | null,
  applicationId: string,
  input: LetterRequestInput,
): Promise<{ request: LetterRequest }> {
  const ref = await ownApplication(db, actor, applicationId);
  const facts = await appFacts(db, ref.id);
  const q = letterQuestion(facts.form, input.question_key);
  const now = clock.now();
  assertRequestable(facts, q, now);
  const email = input.email.trim();
  const row = await db.transaction(async (tx) => {
    // One request at a time per application: the cap and the duplicate check see every other.
    await tx.execute(sql`select id from applications where id = ${ref.id} for update`);
    const existing = await requestsOf(tx, ref.id);
    const problem = requestProblem({
      email,
      applicantEmail: facts.applicantEmail,
      existing: existing.map((r) => ({ email: r.email, state: r.state, questionKey: r.questionKey })),
      questionKey: q.key,
      max: letterSettings(q).maxLetters,
      cap: requestCap(facts.form.questions),
    });
    if (problem) throw new Invalid(problem, { email: problem });
    const { token, hash } = newLetterToken();
    const deadline = letterDeadline(q, facts.closeAt);
    const expiresAt = tokenExpiry(deadline, now);
    const id = randomUUID();
    const [r] = await tx
      .insert(letterRequests)
      .values({
        id,
        applicationId: ref.id,
        questionKey: q.key,
        name: input.name.trim(),
        email,
        relationship: input.relationship?.trim() ?? '',
        message: input.message?.trim() ?? '',
        tokenHash: hash,
        tokenSealed: sealLetterToken(secret, id, token),
        tokenExpiresAt: expiresAt,
        lastSentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await queueRequestEmail(tx, facts, r, token, expiresAt, 1, deadline);
    return r;
  });
  return { request: publicRequest(row, now) };
}

async function requestOfApplication(db: Db, applicationId: string, requestId: string): Promise<RequestRow> {
  const [r] = await db
    .select()
    .from(letterRequests)
    .where(and(eq(letterRequests.id, requestId), eq(letterRequests.applicationId, applicationId)));
  if (!r) throw new NotFound('Letter request not found.');
  return r;
}

/**
 * Sends a pending request again with a new link: its applicant once a day; the program's admins
 * whenever they need to (audited).
 */
export async function resendLetterRequest(
  db: Db,
  clock: Clock,
  secret: string,
  actor: Actor | null,
  applicationId: string,
  requestId: string,
): Promise<{ request: LetterRequest }> {
  const ref = await readableApplication(db, actor, applicationId);
  const admin = ref.role === 'reviewer' && ref.access.admin;
  if (ref.role !== 'owner' && !admin)
    throw new Forbidden('Only the applicant or the program’s admins resend a request.');
  const facts = await appFacts(db, ref.id);
  const now = clock.now();
  const updated = await db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(letterRequests)
      .where(and(eq(letterRequests.id, requestId), eq(letterRequests.applicationId, ref.id)))
      .for('update');
    if (!r) throw new NotFound('Letter request not found.');
    if (!isPending(r.state)) throw new Conflict(letterWords.notPending);
    const q = letterQuestion(facts.form, r.questionKey);
    // Withdrawn, or past the letter deadline: a new link could take no letter.
    assertRequestable(facts, q, now);
    if (ref.role === 'owner' && nextResendAt(r.lastSentAt, now))
      throw new Conflict(letterWords.resendTooSoon);
    const { token, hash } = newLetterToken();
    const deadline = letterDeadline(q, facts.closeAt);
    const expiresAt = tokenExpiry(deadline, now);
    const [u] = await tx
      .update(letterRequests)
      .set({
        tokenHash: hash,
        tokenSealed: sealLetterToken(secret, r.id, token),
        tokenExpiresAt: expiresAt,
        lastSentAt: now,
        sends: r.sends + 1,
        updatedAt: now,
      })
      .where(eq(letterRequests.id, r.id))
      .returning();
    await queueRequestEmail(tx, facts, u, token, expiresAt, u.sends, deadline);
    if (ref.role !== 'owner')
      await recordAudit(tx, {
        actor: { userId: ref.role === 'reviewer' ? (actor as Actor).userId : '' },
        action: 'letter.resent',
        target: { type: 'application', id: ref.id, label: facts.programName },
        orgId: facts.orgId,
        summary: `reference letter request to ${u.name} sent again`,
        at: now,
      });
    return u;
  });
  return { request: publicRequest(updated, now) };
}

export async function cancelLetterRequest(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  requestId: string,
): Promise<{ request: LetterRequest }> {
  const ref = await ownApplication(db, actor, applicationId);
  await requestOfApplication(db, ref.id, requestId);
  const now = clock.now();
  const [u] = await db
    .update(letterRequests)
    .set({ state: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(letterRequests.id, requestId),
        sql`${letterRequests.state} in ('requested', 'opened', 'bounced')`,
      ),
    )
    .returning();
  if (!u) throw new Conflict(letterWords.notPending);
  return { request: publicRequest(u, now) };
}

/* ---------- reviewers and admins ---------- */

async function blindReviewersSeeLetters(db: Db, programId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: programLetterSettings.blindReviewersSeeLetters })
    .from(programLetterSettings)
    .where(eq(programLetterSettings.programId, programId));
  return row?.on ?? false;
}

/**
 * The letters of an application for its program's staff, through the read gate (decision 051): its
 * applicant is refused (403: applicants never read their letters), and so is anyone the gate refuses.
 * In a blind program a reviewer who does not administer it reads only the counts unless the admin
 * allowed letters.
 */
async function staffReader(db: Db, actor: Actor | null, applicationId: string) {
  const ref = await readableApplication(db, actor, applicationId);
  if (ref.role === 'owner')
    throw new Forbidden('Reference letters are confidential: applicants do not read them.');
  const hidden = await lettersHiddenFrom(db, ref.programId, {
    admin: ref.access.admin,
    hideIdentity: ref.access.view.hideIdentity,
  });
  // A letter question the admin hid from reviewers is left out for them, as in the PDF and the dossier.
  const hiddenKeys = new Set(ref.access.admin ? [] : ref.access.view.hiddenQuestions);
  return { ref, admin: ref.access.admin, hidden, hiddenKeys };
}

/**
 * Whether a reader of a program's applications who passed the read gate sees only the letters'
 * counts: in a blind program, a reviewer who does not administer it, unless the admin allowed
 * letters (`blind_reviewers_see_letters`). The review screen, the application PDF and the dossier
 * all ask here.
 */
export async function lettersHiddenFrom(
  db: Db,
  programId: string,
  reader: { admin: boolean; hideIdentity: boolean },
): Promise<boolean> {
  return !reader.admin && reader.hideIdentity && !(await blindReviewersSeeLetters(db, programId));
}

export async function staffLetters(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
): Promise<StaffLetters> {
  const { ref, admin, hidden, hiddenKeys } = await staffReader(db, actor, applicationId);
  const facts = await appFacts(db, ref.id);
  const rows = (await requestsOf(db, ref.id)).filter((r) => !hiddenKeys.has(r.questionKey));
  const questions = questionStatuses(facts, rows).filter((q) => !hiddenKeys.has(q.key));
  if (hidden) return { hidden: true, items: [], questions, admin };
  const content = rowsOf<{
    request_id: string;
    text: string | null;
    file_name: string | null;
    answers: Record<string, string>;
    submitted_at: string | Date | null;
    submitted_by_name: string | null;
  }>(
    await db.execute(sql`
      select l.request_id, l.text, l.file_name, l.answers, l.submitted_at,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, ''), u.email) as submitted_by_name
      from letters l
      join letter_requests r on r.id = l.request_id
      left join "user" u on u.id = l.submitted_by
      left join profiles pr on pr.id = l.submitted_by
      where r.application_id = ${ref.id} and l.submitted_at is not null`),
  );
  const byId = new Map(content.map((c) => [c.request_id, c]));
  const now = clock.now();
  const items: StaffLetter[] = rows.map((r) => {
    const c = r.state === 'submitted' ? byId.get(r.id) : undefined;
    const q = letterQuestions(facts.form).find((x) => x.key === r.questionKey);
    return {
      ...publicRequest(r, now),
      message: r.message,
      decline_reason: r.declineReason,
      text: c?.text ?? null,
      file_name: c?.file_name ?? null,
      answers: (q?.recommenderQuestions ?? [])
        .filter((rq) => c?.answers?.[rq.key])
        .map((rq) => ({ label: rq.label, value: c?.answers[rq.key] ?? '' })),
      submitted_at: c?.submitted_at ? iso(c.submitted_at) : null,
      submitted_by: c?.submitted_by_name ?? null,
      reminders_off: r.remindersOff,
    };
  });
  return { hidden: false, items, questions, admin };
}

/** A submitted letter's file, for the program's staff (the same gate as staffLetters). */
export async function openLetterFile(
  deps: Deps,
  actor: Actor | null,
  applicationId: string,
  requestId: string,
): Promise<{ body: ReadableStream; size: number; contentType: string; fileName: string }> {
  const { ref, hidden, hiddenKeys } = await staffReader(deps.db, actor, applicationId);
  if (hidden) throw new Forbidden('Letters are not shown to reviewers in this program.');
  const r = await requestOfApplication(deps.db, ref.id, requestId);
  if (hiddenKeys.has(r.questionKey)) throw new NotFound('File not found');
  const [l] = await deps.db.select().from(letters).where(eq(letters.requestId, r.id));
  if (!l?.submittedAt || !l.filePath || r.state !== 'submitted') throw new NotFound('File not found');
  const object = await deps.storage.get(l.filePath);
  if (!object) throw new NotFound('File not found');
  return {
    body: webBody(object.body),
    size: object.size,
    contentType: l.fileType ?? 'application/pdf',
    fileName: l.fileName ?? 'letter.pdf',
  };
}

/** A copied program (issue 29 item 5) takes its source's letter setting; runs on the copy's transaction. */
export async function copyLetterSettings(tx: Db, fromProgramId: string, toProgramId: string) {
  if (await blindReviewersSeeLetters(tx, fromProgramId))
    await tx.insert(programLetterSettings).values({ programId: toProgramId, blindReviewersSeeLetters: true });
}

export async function getLetterSettings(db: Db, actor: Actor | null, programId: string) {
  assertAdmin(await programAccess(db, actor, programId));
  return { blind_reviewers_see_letters: await blindReviewersSeeLetters(db, programId) };
}

export async function setLetterSettings(
  db: Db,
  actor: Actor | null,
  programId: string,
  input: { blind_reviewers_see_letters: boolean },
) {
  const access = await programAccess(db, actor, programId);
  assertAdmin(access);
  const before = await blindReviewersSeeLetters(db, programId);
  await db.transaction(async (tx) => {
    await tx
      .insert(programLetterSettings)
      .values({ programId, blindReviewersSeeLetters: input.blind_reviewers_see_letters })
      .onConflictDoUpdate({
        target: programLetterSettings.programId,
        set: { blindReviewersSeeLetters: input.blind_reviewers_see_letters },
      });
    if (before !== input.blind_reviewers_see_letters)
      await recordAudit(tx, {
        actor: { userId: access.actor.userId },
        action: 'letter.settings_changed',
        target: { type: 'program', id: programId },
        orgId: access.scope.orgId,
        summary: `blind reviewers see letters: ${before} → ${input.blind_reviewers_see_letters}`,
      });
  });
  return { blind_reviewers_see_letters: input.blind_reviewers_see_letters };
}

/* ---------- the recommender (no account: the token is the key) ---------- */

interface TokenHit {
  r: RequestRow;
  facts: AppFacts;
  q: Question | null;
}

/**
 * The request behind a link: looked up by the token's SHA-256 (an index lookup on a hash the caller
 * cannot steer, so timing tells nothing about other tokens). Unknown (tampered, or replaced by a
 * resend): 404.
 */
async function byToken(db: Db, token: string): Promise<TokenHit> {
  const [r] = await db
    .select()
    .from(letterRequests)
    .where(eq(letterRequests.tokenHash, hashLetterToken(token)));
  if (!r) throw new NotFound(letterWords.linkInvalid);
  const facts = await appFacts(db, r.applicationId);
  const q = letterQuestions(facts.form).find((x) => x.key === r.questionKey) ?? null;
  return { r, facts, q };
}

type PageStatus = LetterPage['status'];

/**
 * Where a link stands. After the letter deadline it takes no letter (`closed`: the builder's "Letters
 * may arrive after the application closes" decides, and the deadline follows this applicant's own
 * close); it still opens, to say so, until it expires (deadline + 7 days, or as stored when sent if
 * later — a deadline moved later keeps the link working).
 */
function statusOf(hit: TokenHit, now: Date): PageStatus {
  const { r, facts, q } = hit;
  if (r.state === 'submitted') return 'submitted';
  if (r.state === 'declined') return 'declined';
  if (r.state === 'cancelled' || !q) return 'cancelled';
  if (facts.status === 'withdrawn') return 'withdrawn';
  if (letterLinkExpiry(r.tokenExpiresAt, letterDeadline(q, facts.closeAt), r.lastSentAt) <= now)
    return 'expired';
  const deadline = letterDeadline(q, facts.closeAt);
  if (deadline && deadline <= now) return 'closed';
  return 'open';
}

const statusMessages: Record<Exclude<PageStatus, 'open'>, string> = {
  submitted: letterWords.thanks,
  declined: letterWords.declined,
  cancelled: letterWords.cancelled,
  withdrawn: letterWords.withdrawn,
  closed: letterWords.closed,
  expired: letterWords.linkExpired,
};

/** A write through the link: only while the request waits for its letter (409 with the page's words otherwise). */
async function openHit(db: Db, token: string, now: Date): Promise<TokenHit & { q: Question }> {
  const hit = await byToken(db, token);
  const status = statusOf(hit, now);
  if (status !== 'open' || !hit.q) throw new Conflict(statusMessages[status as Exclude<PageStatus, 'open'>]);
  return { ...hit, q: hit.q };
}

export async function letterPage(db: Db, clock: Clock, token: string): Promise<LetterPage> {
  const hit = await byToken(db, token);
  const now = clock.now();
  const status = statusOf(hit, now);
  const { r, facts, q } = hit;
  const base = {
    status,
    program_name: facts.programName,
    org_name: facts.orgName,
    applicant_name: facts.applicantName,
    recommender_name: r.name,
  };
  if (status !== 'open' || !q)
    return {
      ...base,
      message: statusMessages[status as Exclude<PageStatus, 'open'>],
      question_label: null,
      instructions: null,
      provides: 'either',
      questions: [],
      expires_at: null,
      deadline: null,
      draft: null,
    };
  const deadline = letterDeadline(q, facts.closeAt);
  // The first visit marks the request Opened (what its applicant sees).
  if (r.state === 'requested')
    await db
      .update(letterRequests)
      .set({ state: 'opened', updatedAt: now })
      .where(and(eq(letterRequests.id, r.id), eq(letterRequests.state, 'requested')));
  const [l] = await db.select().from(letters).where(eq(letters.requestId, r.id));
  return {
    ...base,
    message: null,
    question_label: q.label,
    instructions: q.instructions ?? null,
    provides: letterSettings(q).provides,
    questions: q.recommenderQuestions ?? [],
    expires_at: letterLinkExpiry(r.tokenExpiresAt, deadline, r.lastSentAt).toISOString(),
    deadline: deadline ? deadline.toISOString() : null,
    draft: l
      ? {
          text: l.text ?? '',
          answers: l.answers ?? {},
          file_name: l.fileName,
          file_size: l.fileSize ?? null,
          updated_at: l.updatedAt ? iso(l.updatedAt) : null,
        }
      : null,
  };
}

function cleanLetterAnswers(q: Question, answers: Record<string, string> | undefined) {
  const out: Record<string, string> = {};
  for (const rq of q.recommenderQuestions ?? []) {
    const v = answers?.[rq.key]?.trim();
    if (!v) continue;
    if (rq.type === 'rating' && !(rq.options ?? []).includes(v))
      throw new Invalid(`"${rq.label}": choose one of the ratings.`);
    out[rq.key] = rq.type === 'short_text' ? v.slice(0, 500) : v;
  }
  return out;
}

export async function saveLetterDraft(
  db: Db,
  clock: Clock,
  token: string,
  input: { text?: string; answers?: Record<string, string> },
): Promise<LetterSaved> {
  const now = clock.now();
  const { r, q } = await openHit(db, token, now);
  const set: Partial<LetterRow> = { updatedAt: now };
  if (input.text !== undefined) set.text = input.text;
  if (input.answers !== undefined) set.answers = cleanLetterAnswers(q, input.answers);
  const [l] = await db
    .insert(letters)
    .values({ requestId: r.id, text: input.text ?? null, answers: set.answers ?? {}, updatedAt: now })
    .onConflictDoUpdate({ target: letters.requestId, set })
    .returning();
  if (r.state === 'requested')
    await db
      .update(letterRequests)
      .set({ state: 'opened', updatedAt: now })
      .where(eq(letterRequests.id, r.id));
  return { saved_at: now.toISOString(), file_name: l.fileName, file_size: l.fileSize ?? null };
}

/** The recommender's upload (a PDF; the answer files' size limit), replacing an earlier one. */
export async function uploadLetterFile(
  deps: Deps,
  token: string,
  input: {
    contentType?: string;
    contentLength?: string;
    fileName?: string;
    body: ReadableStream<Uint8Array> | null;
  },
): Promise<LetterSaved> {
  const now = deps.clock.now();
  const { r, q } = await openHit(deps.db, token, now);
  if (letterSettings(q).provides === 'text') throw new Invalid(letterWords.textOnly);
  return storeLetterFile(deps, r, input, now);
}

async function storeLetterFile(
  deps: Deps,
  r: RequestRow,
  input: {
    contentType?: string;
    contentLength?: string;
    fileName?: string;
    body: ReadableStream<Uint8Array> | null;
  },
  now: Date,
): Promise<LetterSaved> {
  const { path, size, type } = await storeUpload(deps, letterUpload, `letters/${r.applicationId}`, {
    contentType: input.contentType,
    contentLength: input.contentLength,
    body: input.body,
  });
  const fileName = displayName(input.fileName);
  let old: string | null = null;
  try {
    old = await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(letters).where(eq(letters.requestId, r.id)).for('update');
      if (current?.submittedAt) throw new Conflict(letterWords.thanks);
      await tx
        .insert(letters)
        .values({ requestId: r.id, filePath: path, fileName, fileType: type, fileSize: size, updatedAt: now })
        .onConflictDoUpdate({
          target: letters.requestId,
          set: { filePath: path, fileName, fileType: type, fileSize: size, updatedAt: now },
        });
      return current?.filePath ?? null;
    });
  } catch (err) {
    await deps.storage.delete(path).catch(() => {});
    throw err;
  }
  if (old && old !== path) await deps.storage.delete(old).catch(() => {});
  return { saved_at: now.toISOString(), file_name: fileName, file_size: size };
}

export async function removeLetterFile(deps: Deps, token: string): Promise<LetterSaved> {
  const now = deps.clock.now();
  const { r } = await openHit(deps.db, token, now);
  const [l] = await deps.db.select().from(letters).where(eq(letters.requestId, r.id));
  if (l?.filePath) {
    await deps.db
      .update(letters)
      .set({ filePath: null, fileName: null, fileType: null, fileSize: null, updatedAt: now })
      .where(eq(letters.requestId, r.id));
    await deps.storage.delete(l.filePath).catch(() => {});
  }
  return { saved_at: now.toISOString(), file_name: null, file_size: null };
}

/**
 * Marks the letter submitted (once: a second submit answers the same thanks and sends nothing), with
 * the receipt to the recommender and "letter received" to the applicant in the same transaction.
 * A letter without the content asked for is refused, so nobody ever sees an empty "Submitted".
 */
async function submitLetter(
  tx: Db,
  hit: TokenHit & { q: Question },
  input: { text?: string; answers?: Record<string, string> } | null,
  now: Date,
  by: string | null,
): Promise<void> {
  const { r, facts, q } = hit;
  const [current] = await tx.select().from(letters).where(eq(letters.requestId, r.id)).for('update');
  const text = input?.text !== undefined ? input.text : (current?.text ?? null);
  const answers =
    input?.answers !== undefined ? cleanLetterAnswers(q, input.answers) : (current?.answers ?? {});
  const problem = letterContentProblem(q, { text, hasFile: !!current?.filePath, answers });
  if (problem) throw new Invalid(problem);
  await tx
    .insert(letters)
    .values({ requestId: r.id, text, answers, submittedAt: now, submittedBy: by, updatedAt: now })
    .onConflictDoUpdate({
      target: letters.requestId,
      set: { text, answers, submittedAt: now, submittedBy: by, updatedAt: now },
    });
  await tx
    .update(letterRequests)
    .set({ state: 'submitted', updatedAt: now })
    .where(eq(letterRequests.id, r.id));
  const about = { entity: `letter:${r.id}` };
  await queueEmails(tx, [
    ...(by
      ? []
      : [
          {
            kind: 'letter_receipt' as const,
            to: { email: r.email },
            about,
            organizationId: facts.orgId,
            data: {
              recommenderName: r.name,
              applicantName: facts.applicantName,
              programName: facts.programName,
            },
          },
        ]),
    {
      kind: 'letter_received' as const,
      to: { email: facts.applicantEmail, userId: facts.ownerId },
      about,
      organizationId: facts.orgId,
      programId: facts.programId,
      data: {
        name: facts.applicantName,
        recommenderName: r.name,
        programName: facts.programName,
        applicationId: facts.id,
      },
    },
  ]);
}

export async function submitLetterByToken(
  db: Db,
  clock: Clock,
  token: string,
  input: { text?: string; answers?: Record<string, string> },
): Promise<{ status: 'submitted' | 'declined'; message: string }> {
  const now = clock.now();
  const hit = await byToken(db, token);
  // Submitting twice keeps one letter: the second answers the same thanks.
  if (hit.r.state === 'submitted') return { status: 'submitted', message: letterWords.thanks };
  const open = await openHit(db, token, now);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: letterRequests.state })
      .from(letterRequests)
      .where(eq(letterRequests.id, open.r.id))
      .for('update');
    if (locked?.state === 'submitted') return;
    if (!locked || !isPending(locked.state as LetterState)) throw new Conflict(letterWords.notPending);
    await submitLetter(tx, open, input, now, null);
  });
  return { status: 'submitted', message: letterWords.thanks };
}

export async function declineLetter(
  db: Db,
  clock: Clock,
  token: string,
  input: { reason?: string },
): Promise<{ status: 'submitted' | 'declined'; message: string }> {
  const now = clock.now();
  const { r } = await openHit(db, token, now);
  const [u] = await db
    .update(letterRequests)
    .set({ state: 'declined', declineReason: input.reason?.trim() || null, updatedAt: now })
    .where(and(eq(letterRequests.id, r.id), sql`${letterRequests.state} in ('requested', 'opened')`))
    .returning();
  if (!u) throw new Conflict(letterWords.notPending);
  return { status: 'declined', message: letterWords.declined };
}

/**
 * An admin uploads a letter received by post on the recommender's behalf: stored, submitted (the
 * applicant is told a letter arrived), and audited with who did it.
 */
export async function uploadLetterOnBehalf(
  deps: Deps,
  actor: Actor | null,
  applicationId: string,
  requestId: string,
  input: {
    contentType?: string;
    contentLength?: string;
    fileName?: string;
    body: ReadableStream<Uint8Array> | null;
  },
): Promise<{ request: LetterRequest }> {
  const ref = await readableApplication(deps.db, actor, applicationId);
  if (ref.role !== 'reviewer' || !ref.access.admin)
    throw new Forbidden('Only the program’s admins upload a letter on the recommender’s behalf.');
  const me = actor as Actor;
  const r = await requestOfApplication(deps.db, ref.id, requestId);
  if (!isPending(r.state) && r.state !== 'bounced') throw new Conflict(letterWords.notPending);
  const facts = await appFacts(deps.db, ref.id);
  const q = letterQuestion(facts.form, r.questionKey);
  const now = deps.clock.now();
  await storeLetterFile(deps, r, input, now);
  await deps.db.transaction(async (tx) => {
    await submitLetter(
      tx,
      { r, facts, q: { ...q, provides: 'either', recommenderQuestions: [] } },
      { text: undefined, answers: {} },
      now,
      me.userId,
    );
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'letter.uploaded_on_behalf',
      target: { type: 'application', id: ref.id, label: facts.programName },
      orgId: facts.orgId,
      summary: `reference letter from ${r.name} uploaded on their behalf`,
      at: now,
    });
  });
  const [u] = await deps.db.select().from(letterRequests).where(eq(letterRequests.id, r.id));
  return { request: publicRequest(u, now) };
}

/* ---------- delivery ---------- */

import { eq, sql } from 'drizzle-orm';
import { sameAnswers } from '../../shared/domain/answer-merge';
import { cleanAnswers, hiddenFilePrefixes } from '../../shared/domain/answer-values';
import { missingRequiredLabels, requiredFieldsMessage } from '../../shared/domain/answers';
import { answerableStatuses, applicationMessages } from '../../shared/domain/applications';
import {
  type ChangeScope,
  lockedChanges,
  lockedMessage,
  unlockedKeys,
} from '../../shared/domain/change-requests';
import { visibleAnswers } from '../../shared/domain/conditions';
import { applicantDeadline, applicantWindow } from '../../shared/domain/deadlines';
import { PROFILE_PROBLEMS_HEADING, profileProblems } from '../../shared/domain/profile-completeness';
import { screeningOf } from '../../shared/domain/screening';
import type { Actor } from '../../shared/policy';
import type {
  AnswersInput,
  Application,
  ApplicationPreview,
  MyDraft,
  MySubmission,
  SavedAnswers,
} from '../../shared/schemas/applications';
import type { ApplicationForm } from '../../shared/schemas/forms';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { applications, applicationVersions, profiles, programs, user } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { releaseAnswerFiles } from '../files/queries';
import { lettersMissing } from '../letters/service';
import { queueEmails } from '../mail';
import { loadProfile } from '../profiles/service';
import { notifyTopic } from '../realtime/notify';
import { applicationForReviewer } from '../scoring/redaction';
import type { Storage } from '../storage/storage';
import type { Owner, SessionCheck } from '../users/queries';
import { emitWebhookEvent } from '../webhooks';
import {
  APPLICATION_NOT_FOUND,
  applicationWindow,
  assertEditable,
  ownApplication,
  readableApplication,
} from './access';
import { openRequest, programAdminRecipients } from './change-requests';
import { formOf, rememberForm } from './form-cache';
import { profileSnapshot } from './profile';
import {
  applicationDetail,
  applicationForUpdate,
  fastSaveAnswers,
  fastSubmit,
  myDrafts,
  mySubmissions,
  previewByApplicationId,
} from './queries';
import { queueSubmissionReceipt } from './receipt';
import { assertScreened, passedScreening, screeningAnswersOf } from './screening-pass';
import { assertNotStageLocked } from './stage-lock';
import { previousStageFor, stageLinesOf, stageSubmittedWebhook } from './stages';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stale version: 409 carrying the server's answers and version so the client can merge. */
export class StaleAnswers extends Conflict {
  constructor(readonly current: { answers: Record<string, unknown>; version: number }) {
    super(applicationMessages.stale);
  }
}

/** A refused submit: the answers were saved; the problems and the new version go back to the page. */
export class SubmitRefused extends Invalid {
  constructor(
    message: string,
    readonly problems: { required: string[]; profile: string[] },
    readonly current: { answers: Record<string, unknown>; version: number },
  ) {
    super(message);
  }
}

export async function getApplication(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
): Promise<Application> {
  const ref = await readableApplication(db, actor, id);
  const row = await applicationDetail(db, id);
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  // This applicant's deadline (personal close time, grace period: shared/domain/deadlines).
  const deadline = applicantDeadline(row);
  const window = applicationWindow(row, clock);
  let form = row.form as ApplicationForm;
  // An open change request (decision 063): its applicant works on their copy; everyone else reads
  // the submitted answers until they resubmit.
  const request = openRequest(row, clock.now());
  const mine = ref.role === 'owner' && request ? (row.changesAnswers ?? row.answers) : row.answers;
  // Answers to questions the form's conditions hide are never shown (decision 057).
  let answers = visibleAnswers(form, mine);
  let profile: Application['profile'] = null;
  if (form.profile.enabled) {
    if (row.status !== 'draft' && row.profileSnapshot) {
      const snap = row.profileSnapshot;
      profile = {
        source: 'snapshot',
        data: snap,
        snapshot_at: typeof snap.__snapshot_at === 'string' ? snap.__snapshot_at : null,
      };
    } else if (ref.role === 'owner') {
      profile = {
        source: 'live',
        data: (await loadProfile(db, row.userId)) as Record<string, unknown> | null,
        snapshot_at: null,
      };
    }
  }
  if (ref.role === 'reviewer') {
    // What the program lets its reviewers see (hidden questions, blind review: scoring/redaction.ts).
    const shown = await applicationForReviewer(db, ref.access.view, {
      form,
      answers,
      snapshot: profile?.data ?? null,
    });
    form = shown.form;
    answers = shown.answers;
    if (profile) profile = shown.snapshot ? { ...profile, data: shown.snapshot } : null;
  }
  // Screening (decision 061): the owner's draft waits for a pass; admins read the kept answers.
  const screening_required =
    ref.role === 'owner' &&
    row.status === 'draft' &&
    !(await passedScreening(db, row.programId, row.userId, row.form as ApplicationForm));
  // A later stage's reviewers read the previous stage beside it (decision 066).
  const previous_stage = ref.role === 'reviewer' ? await previousStageFor(db, id, ref.access) : null;
  const screening_answers =
    ref.role === 'reviewer' && ref.access.admin
      ? await screeningAnswersOf(db, row.programId, row.userId, row.form as ApplicationForm)
      : null;
  return {
    id: row.id,
    status: row.status,
    answers,
    screening_required,
    screening_answers,
    version: row.version,
    submitted_at: iso(row.submittedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    role: ref.role,
    editable:
      ref.role === 'owner' &&
      row.live &&
      !ref.stageLocked &&
      (!!request || (window === 'open' && answerableStatuses.includes(row.status))),
    stage_locked: ref.role === 'owner' ? !!ref.stageLocked : undefined,
    previous_stage,
    program: {
      id: row.programId,
      name: row.programName,
      organization_name: row.organizationName,
      organization_slug: row.organizationSlug,
      open_at: iso(row.openAt),
      close_at: iso(row.closeAt),
      window,
      form,
    },
    profile,
    withdrawal: row.withdrawnAt ? { at: row.withdrawnAt.toISOString(), reason: row.withdrawnReason } : null,
    deadline: {
      close_at: iso(deadline.closeAt),
      personal: deadline.personal,
      // The note is the admin's word to this applicant: never shown to reviewers.
      note: deadline.personal && ref.role === 'owner' ? row.personalCloseNote : null,
      grace_until: iso(deadline.graceUntil),
      late: row.late,
      // The late window is a redeemed late-submission link's (decision 064).
      link: deadline.link === true,
    },
    change_request:
      request && row.changesDueAt
        ? {
            organization_name: row.organizationName,
            message: row.changesMessage ?? '',
            due_at: row.changesDueAt.toISOString(),
            requested_at: (row.changesRequestedAt ?? row.changesDueAt).toISOString(),
            scope: request,
            unlocked: [...unlockedKeys(form.questions, request)],
          }
        : null,
    submission_version: row.submissionVersion,
  };
}

type Locked = NonNullable<Awaited<ReturnType<typeof applicationForUpdate>>>;

/** The locked row of the caller's own application; its program's form is remembered for the fast path. */
async function lockOwn(db: Db, tx: Db, id: string): Promise<Locked> {
  const row = await applicationForUpdate(tx, id);
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  rememberForm(db, id, {
    programId: row.programId,
    programVersion: row.program.version,
    form: row.program.form,
  });
  return row;
}

/**
 * The fast path's cleaned answers (decision 014), by the form remembered for this application's
 * program; null when there is no such application or the answers break a rule (the locked path then gives the exact error).
 */
async function fastAnswers(db: Db, id: string, input: AnswersInput) {
  const cached = await formOf(db, id);
  if (!cached) return null;
  const { answers, problems } = cleanAnswers(cached.form, input.answers, id);
  if (Object.keys(problems).length) return null;
  return { ...cached, answers };
}

/** The autosave fast path (decision 014) for `owner`; null: nothing written, take the locked path. */
async function fastSave(
  db: Db,
  clock: Clock,
  owner: Owner,
  id: string,
  input: AnswersInput,
): Promise<SavedAnswers | null> {
  const fast = await fastAnswers(db, id, input);
  if (!fast) return null;
  const now = clock.now();
  const written = await fastSaveAnswers(db, owner, {
    id,
    version: input.version,
    programVersion: fast.programVersion,
    answers: fast.answers,
    now,
    complete: missingRequiredLabels(fast.form, fast.answers).length === 0,
  });
  return written && { answers: fast.answers, ...written, updated_at: now.toISOString() };
}

/**
 * An autosave for the user of a session not yet loaded (decision 031): the session's rules ride in
 * the same conditional write, so a warm autosave is one statement in all. Null: nothing was written;
 * the request goes the whole way (session, actor, saveAnswers), which answers every refusal.
 */
export function autosaveForSession(
  db: Db,
  clock: Clock,
  session: SessionCheck,
  id: string,
  input: AnswersInput,
): Promise<SavedAnswers | null> {
  return fastSave(db, clock, { session }, id, input);
}

/** The checks every write of answers passes, on the locked row. */
function assertAnswerable(row: Locked, clock: Clock) {
  assertEditable({ ...row.program, status: row.status }, clock);
  if (!row.program.live) throw new Conflict(applicationMessages.settled);
  if (!answerableStatuses.includes(row.status)) throw new Conflict(applicationMessages.settled);
}

function cleaned(row: Locked, input: AnswersInput): Record<string, unknown> {
  const { answers, problems } = cleanAnswers(row.program.form, input.answers, row.id);
  const keys = Object.keys(problems);
  if (keys.length) throw new Invalid(problems[keys[0]], problems);
  return answers;
}

/**
 * Writes the answers when `version` is current, bumping it; a retry of a save the server already
 * has (same answers, one version behind) is acknowledged again instead of refused (idempotent).
 */
async function writeAnswers(
  tx: Db,
  row: Locked,
  answers: Record<string, unknown>,
  version: number,
  now: Date,
): Promise<number> {
  if (version !== row.version) {
    if (version === row.version - 1 && sameAnswers(answers, row.answers)) return row.version;
    throw new StaleAnswers({ answers: row.answers, version: row.version });
  }
  await tx
    .update(applications)
    .set({ answers, version: row.version + 1, updatedAt: now })
    .where(eq(applications.id, row.id));
  return row.version + 1;
}

/**
 * The answers sent during an open change request (decision 063), checked: a locked question's
 * answer that differs from what was submitted is refused (422 naming it), nothing stored.
 */
function changedAnswers(row: Locked, request: ChangeScope, input: AnswersInput) {
  if (!row.program.live) throw new Conflict(applicationMessages.settled);
  const answers = cleaned(row, input);
  const questions = row.program.form.questions;
  const submitted = visibleAnswers(row.program.form, row.answers);
  const locked = lockedChanges(questions, request, submitted, answers);
  if (locked.length) throw new Invalid(lockedMessage(locked), { answers: lockedMessage(locked) });
  return answers;
}

/**
 * An autosave during an open change request: the applicant's copy (`changes_answers`) changes, with
 * the same version check and idempotent retry as a save; the submitted answers stay as they were.
 */
async function saveChanges(
  tx: Db,
  row: Locked,
  request: ChangeScope,
  input: AnswersInput,
  now: Date,
): Promise<SavedAnswers> {
  const answers = changedAnswers(row, request, input);
  const current = row.changesAnswers ?? row.answers;
  if (input.version !== row.version) {
    if (input.version === row.version - 1 && sameAnswers(answers, current))
      return { answers, version: row.version, status: row.status, updated_at: now.toISOString() };
    throw new StaleAnswers({ answers: current, version: row.version });
  }
  await tx
    .update(applications)
    .set({ changesAnswers: answers, version: row.version + 1, updatedAt: now })
    .where(eq(applications.id, row.id));
  return { answers, version: row.version + 1, status: row.status, updated_at: now.toISOString() };
}

/**
 * Autosave and 'Edit Application' saves: only while the window is open. A submitted application
 * stays submitted and must stay complete (its required answers cannot be emptied).
 */
export async function saveAnswers(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: AnswersInput,
): Promise<SavedAnswers> {
  const me = requireActor(actor);
  const fast = await fastSave(db, clock, { userId: me.userId }, id, input);
  if (fast) return fast;
  await ownApplication(db, actor, id);
  return db.transaction(async (tx) => {
    const row = await lockOwn(db, tx, id);
    const now = clock.now();
    // Invited to the next stage (decision 066): this stage's answers are final, change request or not.
    assertNotStageLocked(row);
    const request = openRequest(row, now);
    if (request) return saveChanges(tx, row, request, input, now);
    assertAnswerable(row, clock);
    const answers = cleaned(row, input);
    if (row.status === 'submitted') {
      const missing = missingRequiredLabels(row.program.form, answers);
      if (missing.length) throw new Invalid(requiredFieldsMessage(missing));
    }
    const version = await writeAnswers(tx, row, answers, input.version, now);
    return { answers, version, status: row.status, updated_at: now.toISOString() };
  });
}

/**
 * The submit fast path (decision 014): complete answers and profile by the remembered form, then
 * one conditional write of answers, status, submitted_at and profile snapshot. Null: take the locked path.
 */
async function fastSubmitted(
  db: Db,
  clock: Clock,
  me: Actor,
  id: string,
  input: AnswersInput,
): Promise<(SavedAnswers & { removed: string[] }) | null> {
  const fast = await fastAnswers(db, id, input);
  // A program with screening takes the locked path, which checks the applicant's pass (decision 061).
  if (!fast || screeningOf(fast.form) || missingRequiredLabels(fast.form, fast.answers).length) return null;
  // Reference letters are counted on the locked path (decision 065).
  if (fast.form.questions.some((q) => q.type === 'reference_letter')) return null;
  const profile = await loadProfile(db, me.userId);
  if (profileProblems(fast.form, profile).length) return null;
  const now = clock.now();
  // The submit and its receipt (first submission only) commit together (the outbox).
  const written = await db.transaction(async (tx) => {
    const row = await fastSubmit(tx, {
      id,
      userId: me.userId,
      version: input.version,
      programVersion: fast.programVersion,
      answers: fast.answers,
      now,
      snapshot: profileSnapshot(profile, now),
    });
    if (!row) return null;
    if (row.first) {
      await firstVersion(tx, id, fast.answers, now, me.userId);
      await queueSubmissionReceipt(tx, id, now, 1);
      await submittedWebhook(tx, id, fast.programId, now);
      await stageSubmittedWebhook(tx, id, fast.programId, now);
      // The review lists and the program dashboard reload on a first submission.
      await notifyTopic(tx, 'reviews', { program_id: fast.programId });
    }
    const removed = await releaseAnswerFiles(tx, id, hiddenFilePrefixes(fast.form, fast.answers, id));
    return { version: row.version, status: row.status, removed };
  });
  return written && { answers: fast.answers, ...written, updated_at: now.toISOString() };
}

/** A first submission tells the organization's webhooks (ids and time only, never answers). */
function submittedWebhook(tx: Db, id: string, programId: string, at: Date) {
  return emitWebhookEvent(tx, {
    type: 'application.submitted',
    scope: { programId },
    key: `application.submitted:${id}`,
    data: { application_id: id, program_id: programId, submitted_at: at.toISOString() },
    at,
  });
}

/** Version 1: the answers of the first submission (decision 063). */
async function firstVersion(tx: Db, id: string, answers: Record<string, unknown>, at: Date, by: string) {
  await tx
    .insert(applicationVersions)
    .values({ applicationId: id, number: 1, answers, submittedAt: at, submittedBy: by })
    .onConflictDoNothing();
  await tx.update(applications).set({ submissionVersion: 1 }).where(eq(applications.id, id));
}

type SubmitOutcome =
  | {
      ok: false;
      refused: { required: string[]; profile: string[] };
      answers: Record<string, unknown>;
      version: number;
    }
  | { ok: true; answers: Record<string, unknown>; version: number; updatedAt: Date; removed: string[] };

/**
 * Resubmit during an open change request (decision 063): the locked questions unchanged, the
 * required answers complete; then the answers become the next version, the request closes, and the
 * organization's webhooks (`application.resubmitted`), the audit log, the program's admins (email,
 * once per version) and the applicant (receipt naming the version) are told — in one transaction.
 * A refused resubmit keeps the applicant's copy saved (as a refused submit does).
 */
async function resubmit(
  tx: Db,
  row: Locked,
  request: ChangeScope,
  input: AnswersInput,
  now: Date,
  by: string,
): Promise<SubmitOutcome> {
  const saved = await saveChanges(tx, row, request, input, now);
  const answers = saved.answers;
  const form = row.program.form;
  const required = missingRequiredLabels(form, answers);
  if (required.length)
    return { ok: false, refused: { required, profile: [] }, answers, version: saved.version };
  const number = Math.max(row.submissionVersion, 1) + 1;
  await tx
    .insert(applicationVersions)
    .values({ applicationId: row.id, number, answers, submittedAt: now, submittedBy: by })
    .onConflictDoUpdate({
      target: [applicationVersions.applicationId, applicationVersions.number],
      set: { answers, submittedAt: now, submittedBy: by },
    });
  await tx
    .update(applications)
    .set({
      answers,
      changesAnswers: null,
      changesDueAt: null,
      submissionVersion: number,
      resubmittedAt: now,
      version: saved.version + 1,
      updatedAt: now,
    })
    .where(eq(applications.id, row.id));
  const [org] = await tx
    .select({ orgId: programs.organizationId })
    .from(programs)
    .where(eq(programs.id, row.programId));
  await recordAudit(tx, {
    actor: { userId: by },
    action: 'application.resubmitted',
    target: { type: 'application', id: row.id, label: row.programName },
    orgId: org?.orgId ?? null,
    summary: `version ${number} submitted after a change request`,
    at: now,
  });
  await emitWebhookEvent(tx, {
    type: 'application.resubmitted',
    scope: { programId: row.programId },
    key: `application.resubmitted:${row.id}:v${number}`,
    data: {
      application_id: row.id,
      program_id: row.programId,
      version: number,
      submitted_at: now.toISOString(),
    },
    at: now,
  });
  await queueSubmissionReceipt(tx, row.id, now, number);
  const [who] = await tx
    .select({
      name: sql<string | null>`coalesce(nullif(${profiles.fullName}, ''), nullif(${user.name}, ''))`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, row.userId));
  const admins = await programAdminRecipients(tx, row.programId);
  await queueEmails(
    tx,
    admins.map((a) => ({
      kind: 'application_resubmitted' as const,
      to: { email: a.email, userId: a.user_id },
      about: { entity: row.id, version: number },
      programId: row.programId,
      data: {
        name: a.name,
        programName: row.programName,
        applicant: who?.name ?? 'An applicant',
        version: number,
        submittedAt: now.toISOString(),
        applicationId: row.id,
      },
    })),
  );
  await notifyTopic(tx, 'reviews', { program_id: row.programId });
  const removed = await releaseAnswerFiles(tx, row.id, hiddenFilePrefixes(form, answers, row.id));
  return { ok: true, answers, version: saved.version + 1, updatedAt: now, removed };
}

/**
 * Submit (spec 001 §5): the window first (after close nothing changes, whatever is sent); then the
 * answers are saved; then required answers and profile sections are checked. Refused: the saved
 * answers stay, the status does not change (422 with the problems). Accepted: a fresh profile
 * snapshot, status submitted, submitted_at — all in one transaction.
 */
export async function submitApplication(
  db: Db,
  clock: Clock,
  storage: Pick<Storage, 'delete'>,
  actor: Actor | null,
  id: string,
  input: AnswersInput,
): Promise<SavedAnswers> {
  // Files of questions hidden at submit are forgotten with the submit and deleted after it.
  const drop = async (paths: string[]) => {
    for (const path of paths) await storage.delete(path).catch(() => {});
  };
  const fast = await fastSubmitted(db, clock, requireActor(actor), id, input);
  if (fast) {
    const { removed, ...saved } = fast;
    await drop(removed);
    return saved;
  }
  await ownApplication(db, actor, id);
  const outcome = await db.transaction(async (tx): Promise<SubmitOutcome> => {
    const row = await lockOwn(db, tx, id);
    const now = clock.now();
    assertNotStageLocked(row);
    const request = openRequest(row, now);
    if (request) return resubmit(tx, row, request, input, now, requireActor(actor).userId);
    // This applicant's window: a personal close time, or the grace period for a draft (marked late).
    const state = applicantWindow(row.program, now);
    if (state === 'not_open') throw new Conflict(applicationMessages.notYetOpen);
    if (state === 'closed' || (state === 'grace' && row.status !== 'draft'))
      throw new Conflict(applicationMessages.deadlinePassed);
    if (!row.program.live) throw new Conflict(applicationMessages.notOpen);
    if (!answerableStatuses.includes(row.status)) throw new Conflict(applicationMessages.settled);
    // A first submission needs a pass of the program's current screening (decision 061).
    if (row.status === 'draft') await assertScreened(tx, row.programId, row.userId, row.program.form);
    const answers = cleaned(row, input);
    const version = await writeAnswers(tx, row, answers, input.version, now);
    const form = row.program.form;
    const required = [
      ...missingRequiredLabels(form, answers),
      ...(await lettersMissing(tx, id, form, answers)),
    ];
    const profile = await loadProfile(tx, row.userId);
    const profileLines = profileProblems(form, profile);
    if (required.length || profileLines.length) {
      return { ok: false as const, refused: { required, profile: profileLines }, answers, version };
    }
    await tx
      .update(applications)
      .set({
        status: 'submitted',
        submittedAt: row.submittedAt ?? now,
        ...(state === 'grace' ? { late: true } : {}),
        profileSnapshot: profileSnapshot(profile, now),
        version: version + 1,
        updatedAt: now,
      })
      .where(eq(applications.id, id));
    if (!row.submittedAt) {
      await firstVersion(tx, id, answers, now, row.userId);
      await queueSubmissionReceipt(tx, id, now, 1);
      await submittedWebhook(tx, id, row.programId, now);
      await stageSubmittedWebhook(tx, id, row.programId, now);
    }
    // A first submission changes the review lists and the program dashboard: they reload.
    if (row.status === 'draft') await notifyTopic(tx, 'reviews', { program_id: row.programId });
    const removed = await releaseAnswerFiles(tx, id, hiddenFilePrefixes(form, answers, id));
    return { ok: true as const, answers, version: version + 1, updatedAt: now, removed };
  });
  if (!outcome.ok) {
    const { required, profile } = outcome.refused;
    const message = [
      ...(required.length ? [requiredFieldsMessage(required)] : []),
      ...(profile.length ? [PROFILE_PROBLEMS_HEADING, ...profile] : []),
    ].join('\n');
    throw new SubmitRefused(message, outcome.refused, {
      answers: outcome.answers,
      version: outcome.version,
    });
  }
  await drop(outcome.removed);
  return {
    answers: outcome.answers,
    version: outcome.version,
    status: 'submitted',
    updated_at: outcome.updatedAt.toISOString(),
  };
}

/** Public: the program behind an application link, never its answers or applicant. */
export async function applicationPreview(db: Db, id: string): Promise<ApplicationPreview> {
  const preview = await previewByApplicationId(db, id);
  if (!preview) throw new NotFound(APPLICATION_NOT_FOUND);
  return preview;
}

export async function listMySubmissions(
  db: Db,
  clock: Clock,
  actor: Actor | null,
): Promise<{ items: MySubmission[]; total: number }> {
  const me = requireActor(actor);
  const [rows, stages] = await Promise.all([
    mySubmissions(db, me.userId, clock.now()),
    stageLinesOf(db, me.userId),
  ]);
  // A program's later stages are lines on its stage-1 card (decision 066).
  const items = rows.map((r) => ({ ...r, stages: stages.get(r.id) ?? [] }));
  return { items, total: items.length };
}

/** The caller's applications in progress (drafts of live programs), soonest deadline first. */
export async function listMyDrafts(
  db: Db,
  actor: Actor | null,
): Promise<{ items: MyDraft[]; total: number }> {
  const me = requireActor(actor);
  const items = await myDrafts(db, me.userId);
  return { items, total: items.length };
}

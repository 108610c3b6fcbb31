import { eq } from 'drizzle-orm';
import { sameAnswers } from '../../shared/domain/answer-merge';
import { cleanAnswers, hiddenFilePrefixes } from '../../shared/domain/answer-values';
import { missingRequiredLabels, requiredFieldsMessage } from '../../shared/domain/answers';
import { answerableStatuses, applicationMessages } from '../../shared/domain/applications';
import { visibleAnswers } from '../../shared/domain/conditions';
import { applicantDeadline, applicantWindow } from '../../shared/domain/deadlines';
import { PROFILE_PROBLEMS_HEADING, profileProblems } from '../../shared/domain/profile-completeness';
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
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { releaseAnswerFiles } from '../files/queries';
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
  // Answers to questions the form's conditions hide are never shown (decision 057).
  let answers = visibleAnswers(form.questions, row.answers);
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
  return {
    id: row.id,
    status: row.status,
    answers,
    version: row.version,
    submitted_at: iso(row.submittedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    role: ref.role,
    editable:
      ref.role === 'owner' && row.live && window === 'open' && answerableStatuses.includes(row.status),
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
    },
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
  const { answers, problems } = cleanAnswers(cached.form.questions, input.answers, id);
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
  const { answers, problems } = cleanAnswers(row.program.form.questions, input.answers, row.id);
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
    assertAnswerable(row, clock);
    const answers = cleaned(row, input);
    if (row.status === 'submitted') {
      const missing = missingRequiredLabels(row.program.form, answers);
      if (missing.length) throw new Invalid(requiredFieldsMessage(missing));
    }
    const now = clock.now();
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
  if (!fast || missingRequiredLabels(fast.form, fast.answers).length) return null;
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
      await queueSubmissionReceipt(tx, id, now);
      await submittedWebhook(tx, id, fast.programId, now);
      // The review lists and the program dashboard reload on a first submission.
      await notifyTopic(tx, 'reviews', { program_id: fast.programId });
    }
    const removed = await releaseAnswerFiles(
      tx,
      id,
      hiddenFilePrefixes(fast.form.questions, fast.answers, id),
    );
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
  const outcome = await db.transaction(async (tx) => {
    const row = await lockOwn(db, tx, id);
    const now = clock.now();
    // This applicant's window: a personal close time, or the grace period for a draft (marked late).
    const state = applicantWindow(row.program, now);
    if (state === 'not_open') throw new Conflict(applicationMessages.notYetOpen);
    if (state === 'closed' || (state === 'grace' && row.status !== 'draft'))
      throw new Conflict(applicationMessages.deadlinePassed);
    if (!row.program.live) throw new Conflict(applicationMessages.notOpen);
    if (!answerableStatuses.includes(row.status)) throw new Conflict(applicationMessages.settled);
    const answers = cleaned(row, input);
    const version = await writeAnswers(tx, row, answers, input.version, now);
    const form = row.program.form;
    const required = missingRequiredLabels(form, answers);
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
      await queueSubmissionReceipt(tx, id, now);
      await submittedWebhook(tx, id, row.programId, now);
    }
    // A first submission changes the review lists and the program dashboard: they reload.
    if (row.status === 'draft') await notifyTopic(tx, 'reviews', { program_id: row.programId });
    const removed = await releaseAnswerFiles(tx, id, hiddenFilePrefixes(form.questions, answers, id));
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
  actor: Actor | null,
): Promise<{ items: MySubmission[]; total: number }> {
  const me = requireActor(actor);
  const items = await mySubmissions(db, me.userId);
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

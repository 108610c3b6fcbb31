import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ChangeScope,
  changeRequestMessages,
  changesOpen,
  unlockable,
} from '../../shared/domain/change-requests';
import { visibleAnswers } from '../../shared/domain/conditions';
import { versionDiff } from '../../shared/domain/version-diff';
import type { Actor } from '../../shared/policy';
import type { ApplicationVersions, ChangeRequestInput } from '../../shared/schemas/applications';
import type { ApplicationForm } from '../../shared/schemas/forms';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import {
  applications,
  applicationVersions,
  organizations,
  profiles,
  programs,
  publications,
  reviews,
  scoreSheets,
  user,
} from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { type OutgoingEmail, queueEmails } from '../mail';
import { programAdminAccess } from '../program-assignments/access';
import { notifyTopic } from '../realtime/notify';
import { applicationForReviewer } from '../scoring/redaction';
import { emitWebhookEvent } from '../webhooks';
import { APPLICATION_NOT_FOUND, readableApplication } from './access';

/** Scope keys that name no question or section of the form are refused (nothing would unlock). */
function checkScope(form: ApplicationForm, scope: ChangeScope) {
  if ('all' in scope) return;
  if (!scope.question_keys.length && !scope.section_keys.length)
    throw new Invalid(changeRequestMessages.pickOne, { scope: changeRequestMessages.pickOne });
  // Only questions the applicant answers can be unlocked (not content blocks nor reference letters).
  const questions = new Set(form.questions.filter(unlockable).map((q) => q.key));
  const sections = new Set((form.sections ?? []).map((s) => s.key));
  if (
    !scope.question_keys.every((k) => questions.has(k)) ||
    !scope.section_keys.every((k) => sections.has(k))
  )
    throw new Invalid(changeRequestMessages.unknownKeys, { scope: changeRequestMessages.unknownKeys });
}

/**
 * Request changes (issue 31 item 1; decision 063) on submitted applications of one program, by its
 * admins: a message, a future due date and the questions the applicant may change. The status stays
 * `submitted`; the request is open until the due date or the resubmission. The latest submitted
 * version is recorded first (version 1 for an application submitted before versions existed), so
 * what was submitted is kept whatever follows. Audit, webhook `application.changes_requested` and
 * the applicant's email (once per request) commit with the change.
 */
export async function requestChanges(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: ChangeRequestInput,
): Promise<{ updated: number }> {
  const { actor: me, scope: program } = await programAdminAccess(db, actor, programId);
  const now = clock.now();
  const dueAt = new Date(input.due_at);
  if (dueAt.getTime() <= now.getTime())
    throw new Invalid(changeRequestMessages.mustBeFuture, { due_at: changeRequestMessages.mustBeFuture });
  const ids = [...new Set(input.application_ids)];
  const message = input.message.trim();
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: applications.id,
        userId: applications.userId,
        status: applications.status,
        answers: applications.answers,
        version: applications.version,
        submittedAt: applications.submittedAt,
        submissionVersion: applications.submissionVersion,
        changesDueAt: applications.changesDueAt,
        changesAnswers: applications.changesAnswers,
        email: user.email,
        name: sql<string | null>`coalesce(${profiles.fullName}, nullif(${user.name}, ''))`,
        programName: programs.name,
        form: programs.form,
        orgName: organizations.name,
        published: sql<boolean>`exists (select 1 from ${publications} pub where pub.application_id = ${applications.id})`,
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .innerJoin(user, eq(user.id, applications.userId))
      .leftJoin(profiles, eq(profiles.id, applications.userId))
      .where(and(eq(applications.programId, programId), inArray(applications.id, ids)))
      .for('update', { of: applications });
    if (found.length !== ids.length)
      throw new Invalid(changeRequestMessages.notInProgram, {
        application_ids: changeRequestMessages.notInProgram,
      });
    for (const row of found) {
      if (row.published) throw new Conflict(changeRequestMessages.published);
      if (row.status !== 'submitted') throw new Conflict(changeRequestMessages.onlySubmitted);
    }
    checkScope(found[0].form as ApplicationForm, input.scope);
    const emails: OutgoingEmail<'changes_requested'>[] = [];
    const due = dueAt.toISOString();
    for (const row of found) {
      // The version as it stands (edits made while the program was open belong to it).
      const number = Math.max(row.submissionVersion, 1);
      await tx
        .insert(applicationVersions)
        .values({
          applicationId: row.id,
          number,
          answers: row.answers,
          submittedAt: row.submittedAt ?? now,
          submittedBy: row.userId,
        })
        .onConflictDoUpdate({
          target: [applicationVersions.applicationId, applicationVersions.number],
          set: { answers: row.answers },
        });
      await tx
        .update(applications)
        .set({
          changesDueAt: dueAt,
          changesMessage: message,
          changesScope: input.scope,
          changesRequestedAt: now,
          changesRequestedBy: me.userId,
          // A new request over an open one keeps the applicant's edits so far.
          changesAnswers: changesOpen(row.changesDueAt, now)
            ? (row.changesAnswers ?? row.answers)
            : row.answers,
          submissionVersion: number,
          version: row.version + 1,
          updatedAt: now,
        })
        .where(eq(applications.id, row.id));
      await recordAudit(tx, {
        actor: { userId: me.userId },
        action: 'application.changes_requested',
        target: { type: 'application', id: row.id, label: row.programName },
        orgId: program.orgId,
        summary: `changes requested of version ${number}, due ${due}; ${'all' in input.scope ? 'whole application' : `${input.scope.question_keys.length} question(s), ${input.scope.section_keys.length} section(s)`}`,
        at: now,
      });
      await emitWebhookEvent(tx, {
        type: 'application.changes_requested',
        scope: { programId },
        key: `application.changes_requested:${row.id}:${now.toISOString()}`,
        data: { application_id: row.id, program_id: programId, due_at: due, version: number },
        at: now,
      });
      emails.push({
        kind: 'changes_requested',
        to: { email: row.email, userId: row.userId },
        about: { entity: row.id, version: now.toISOString() },
        organizationId: program.orgId,
        programId,
        data: {
          name: row.name,
          programName: row.programName,
          orgName: row.orgName,
          dueAt: due,
          message,
          applicationId: row.id,
        },
      });
    }
    await queueEmails(tx, emails);
    await notifyTopic(tx, 'reviews', { program_id: programId });
    return { updated: found.length };
  });
}

/** The program's admins (org admins of its organization, its program admins): the resubmission email. */
export async function programAdminRecipients(tx: Db, programId: string) {
  const result = (await tx.execute(sql`
      select distinct u.id as user_id, u.email, coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name
      from programs p
      join assignments a on a.status = 'active'
        and ((a.kind = 'org_admin' and a.scope_type = 'org' and a.scope_id = p.organization_id)
          or (a.kind = 'program_admin' and a.scope_type = 'program' and a.scope_id = p.id))
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where p.id = ${programId} and pr.deleted_at is null`)) as unknown as {
    rows: { user_id: string; email: string; name: string | null }[];
  };
  return result.rows;
}

/**
 * The submitted versions of an application and what changed in the latest, through the read gate
 * (decision 051): the applicant, or its program's reviewers and admins. The latest version is the
 * application's answers as they stand; a reviewer sees both sides as the program lets them see
 * answers (hidden questions, blind files). `changed_since_scored`: the caller's review (shared
 * review: the last save) or score sheet was saved before the latest version came.
 */
export async function getVersions(db: Db, actor: Actor | null, id: string): Promise<ApplicationVersions> {
  const ref = await readableApplication(db, actor, id);
  const [app] = await db
    .select({
      answers: applications.answers,
      submissionVersion: applications.submissionVersion,
      submittedAt: applications.submittedAt,
      resubmittedAt: applications.resubmittedAt,
      form: programs.form,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(eq(applications.id, id));
  if (!app) throw new NotFound(APPLICATION_NOT_FOUND);
  const items = await db
    .select({
      number: applicationVersions.number,
      submittedAt: applicationVersions.submittedAt,
      answers: applicationVersions.answers,
    })
    .from(applicationVersions)
    .where(eq(applicationVersions.applicationId, id))
    .orderBy(desc(applicationVersions.number));
  const total = Math.max(app.submissionVersion, items[0]?.number ?? 0);
  const listed = items.map((v) => ({ number: v.number, submitted_at: v.submittedAt.toISOString() }));
  if (!listed.length && app.submittedAt)
    listed.push({ number: 1, submitted_at: app.submittedAt.toISOString() });
  const form = app.form as ApplicationForm;
  let diff: ApplicationVersions['diff'] = null;
  const previous = items.find((v) => v.number === total - 1);
  if (total > 1 && previous) {
    let before = visibleAnswers(form, previous.answers);
    let after = visibleAnswers(form, app.answers);
    let questions = form.questions;
    if (ref.role === 'reviewer') {
      const a = await applicationForReviewer(db, ref.access.view, { form, answers: before, snapshot: null });
      const b = await applicationForReviewer(db, ref.access.view, { form, answers: after, snapshot: null });
      questions = b.form.questions;
      before = a.answers;
      after = b.answers;
    }
    diff = { from: total - 1, to: total, questions: versionDiff(questions, before, after) };
  }
  let changedSinceScored = false;
  if (ref.role === 'reviewer' && app.resubmittedAt) {
    const me = actor?.userId ?? '';
    const [mine] = await db
      .select({
        sheet: sql<Date | null>`(select ${scoreSheets.updatedAt} from ${scoreSheets} where ${scoreSheets.applicationId} = ${id} and ${scoreSheets.reviewerId} = ${me} and ${scoreSheets.status} <> 'assigned')`,
        review: sql<Date | null>`(select ${reviews.updatedAt} from ${reviews} where ${reviews.applicationId} = ${id})`,
      })
      .from(applications)
      .where(eq(applications.id, id));
    const at = app.resubmittedAt.getTime();
    const saved = [mine?.sheet, mine?.review].filter((d): d is Date => !!d).map((d) => new Date(d).getTime());
    changedSinceScored = saved.some((t) => t < at);
  }
  return { current: total, total, items: listed, diff, changed_since_scored: changedSinceScored };
}

/** Whether a change request is open now on this row (the locked paths' rule). */
export const openRequest = (
  row: { status: string; changesDueAt: Date | null; changesScope: ChangeScope | null },
  now: Date,
): ChangeScope | null =>
  row.status === 'submitted' && row.changesScope && changesOpen(row.changesDueAt, now)
    ? row.changesScope
    : null;

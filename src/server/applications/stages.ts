/**
 * Programs in stages, the applications side (issue 32, decision 066): who may start a later stage
 * (nobody: it is by invitation only), invitations to the next stage (set-based, idempotent),
 * withdrawing one, the read-only earlier stage, and what a later stage's reviewers read of the
 * previous stage. The stage programs themselves are the programs area's (programs/stages.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { reviewerView } from '../../shared/domain/blind-review';
import { applicantDeadline, applicantLastMoment } from '../../shared/domain/deadlines';
import { stageMessages as m, prefillAnswers, stageLineStatus } from '../../shared/domain/stages';
import type { Actor } from '../../shared/policy';
import type { StageFunnel } from '../../shared/schemas/dashboard';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type {
  Invitation,
  InvitationList,
  InviteRequest,
  InviteResult,
  PreviousStage,
  StageLine,
} from '../../shared/schemas/stages';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { Conflict, Forbidden, NotFound } from '../errors';
import { queueEmails } from '../mail';
import { programAdminAccess } from '../program-assignments/access';
import { nextStageOf } from '../programs/stages';
import { notifyTopic } from '../realtime/notify';
import { decisionCondition, everSubmitted, inboxViewCondition, minScoreCondition } from '../reviews/queries';
import { aggregatesSql } from '../scoring/aggregates';
import type { ReviewerAccess } from '../scoring/gate';
import { applicationForReviewer } from '../scoring/redaction';
import { emitWebhookEvent, emitWebhookEvents } from '../webhooks';

type Raw = Record<string, unknown>;
const run = async <T = Raw>(db: Db, query: SQL) => rowsOf<T>(await db.execute(query));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

/**
 * The one rule of who starts an application (start, screening, late-submission links): a later
 * stage is by invitation only. Null: `programId` is not a later stage (the usual rules apply).
 * Otherwise the caller's application of the stage (their invitation's draft), or 403.
 */
export async function invitationOnlyGate(
  db: Db,
  programId: string,
  userId: string,
): Promise<{ applicationId: string } | null> {
  const [row] = await run<{ stage: boolean; application_id: string | null }>(
    db,
    sql`select p.parent_program_id is not null as stage,
        (select a.id from applications a where a.program_id = p.id and a.user_id = ${userId}) as application_id
      from programs p where p.id = ${programId}`,
  );
  if (!row?.stage) return null;
  if (row.application_id) return { applicationId: row.application_id };
  throw new Forbidden(m.invitationOnly);
}

/**
 * Which applications of the previous stage an invitation takes (aliases a, r, pub, ag): named ones,
 * or those of an inbox view narrowed as the inbox narrows it (reviews/queries), so "all N matching
 * this filter" are the inbox's N. Only the submitted ones among them are invited.
 */
function chosen(input: InviteRequest, now: Date): SQL {
  if (input.application_ids)
    return sql`a.id in (select (jsonb_array_elements_text(${JSON.stringify([...new Set(input.application_ids)])}::jsonb))::uuid)`;
  const f = input.filter!;
  const parts: SQL[] = [inboxViewCondition(f.view, now)];
  if (f.decision) parts.push(decisionCondition(f.decision));
  if (f.min_score !== undefined) parts.push(minScoreCondition(f.min_score));
  if (f.submitted_since) parts.push(sql`a.submitted_at > ${f.submitted_since}`);
  return sql.join(parts, sql` and `);
}

interface Invited {
  id: string;
  from_application_id: string;
  application_id: string;
  user_id: string;
  email: string;
  name: string | null;
}

/**
 * POST /programs/{id}/invitations (an admin of the previous stage, `programId`): invites the chosen
 * submitted applications of this stage to the next. Per new invitation, in one transaction and a
 * constant number of statements: a draft of the next stage prefilled from the previous answers
 * (shared/domain/stages `prefillAnswers`), the invitation row, an email (key: the invitation), the
 * webhook `application.invited`; and one audit entry for the whole invitation. Applications already
 * invited are counted, never invited twice; named applications that are not submitted applications
 * of this stage are skipped.
 */
export async function inviteToNextStage(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: InviteRequest,
): Promise<InviteResult> {
  const { actor: me, scope, program } = await programAdminAccess(db, actor, programId);
  const next = await nextStageOf(db, programId);
  if (!next) throw new Conflict(m.noNextStage);
  if (!next.live) throw new Conflict(m.nextStageNotLive);
  const now = clock.now();
  const result = await db.transaction(async (tx) => {
    // One invitation at a time per stage: the stage program's row is the lock.
    const [stage] = await run<{
      form: ApplicationForm;
      close_at: unknown;
      live: boolean;
      from_form: ApplicationForm;
    }>(
      tx,
      sql`select n.form, n.close_at, (n.published and n.deleted_at is null) as live,
          (select p.form from programs p where p.id = ${programId}) as from_form
        from programs n where n.id = ${next.id} for update`,
    );
    // Unpublished since it was looked at: nobody is invited to a form that is not there.
    if (!stage?.live) throw new Conflict(m.nextStageNotLive);
    // Every match (drafts and withdrawn ones are counted as skipped); only submitted ones invited.
    const matched = await run<{
      id: string;
      user_id: string;
      status: string;
      answers: Record<string, unknown> | null;
      invited: boolean;
    }>(
      tx,
      sql`select a.id, a.user_id, a.status, case when a.status = 'submitted' then a.answers end as answers,
          exists (select 1 from stage_invitations si
            where si.from_application_id = a.id and si.stage_program_id = ${next.id}) as invited
        from applications a
        left join reviews r on r.application_id = a.id
        left join publications pub on pub.application_id = a.id
        ${input.filter?.min_score !== undefined ? sql`left join (${aggregatesSql(sql`s.program_id = ${programId}`)}) ag on ag.application_id = a.id` : sql``}
        where a.program_id = ${programId} and ${chosen(input, now)}`,
    );
    const candidates = matched.filter((c) => c.status === 'submitted');
    const fresh = candidates.filter((c) => !c.invited);
    const records = fresh.map((c) => ({
      from_id: c.id,
      user_id: c.user_id,
      answers: prefillAnswers(stage.from_form, stage.form, c.answers ?? {}),
    }));
    const stamp = now.toISOString();
    const invited =
      records.length === 0
        ? []
        : await run<Invited>(
            tx,
            sql`with input as (
                select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
                  as x(from_id uuid, user_id uuid, answers jsonb)
              ), created as (
                insert into applications (program_id, user_id, answers, created_at, updated_at)
                select ${next.id}, i.user_id, i.answers, ${stamp}::timestamptz, ${stamp}::timestamptz from input i
                on conflict (program_id, user_id) do nothing
                returning id, user_id
              ), invited as (
                insert into stage_invitations (from_application_id, stage_program_id, application_id,
                  message, invited_by, invited_at)
                select i.from_id, ${next.id}, c.id, ${input.message}, ${me.userId}, ${stamp}::timestamptz
                from input i join created c on c.user_id = i.user_id
                on conflict do nothing
                returning id, from_application_id, application_id
              )
              select v.id, v.from_application_id, v.application_id, u.id as user_id, u.email,
                coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name
              from invited v
              join created c on c.id = v.application_id
              join "user" u on u.id = c.user_id
              left join profiles pr on pr.id = u.id`,
          );
    const closeAt = iso(stage.close_at);
    await queueEmails(
      tx,
      invited.map((v) => ({
        kind: 'stage_invitation' as const,
        to: { email: v.email, userId: v.user_id },
        about: { entity: `invite:${v.id}` },
        organizationId: scope.orgId,
        data: {
          name: v.name,
          programName: program.name,
          stageName: next.name,
          orgName: program.organizationName,
          message: input.message,
          closeAt,
          applicationId: v.application_id,
        },
      })),
    );
    await emitWebhookEvents(
      tx,
      scope.orgId,
      invited.map((v) => ({
        type: 'application.invited' as const,
        key: `application.invited:${v.id}`,
        data: {
          invitation_id: v.id,
          application_id: v.application_id,
          from_application_id: v.from_application_id,
          program_id: next.id,
          from_program_id: programId,
          invited_at: stamp,
        },
        at: now,
      })),
    );
    const already = candidates.length - fresh.length;
    if (invited.length > 0) {
      await recordAudit(tx, {
        actor: { userId: me.userId },
        action: 'stage.invited',
        target: { type: 'program', id: next.id, label: next.name },
        orgId: scope.orgId,
        summary: `${invited.length} applicant${invited.length === 1 ? '' : 's'} of ${program.name} invited to ${next.name}${already ? `; ${already} already invited` : ''}`,
        at: now,
      });
      await notifyTopic(tx, 'reviews', { program_id: next.id });
    }
    const named = input.application_ids ? new Set(input.application_ids).size : matched.length;
    return { invited: invited.length, already_invited: already, skipped: named - candidates.length };
  });
  return { stage: { id: next.id, name: next.name, stage_number: next.stage_number }, ...result };
}

/** An invitation with what its checks need, or 404. */
async function invitationRow(db: Db, id: string, lock = false) {
  const [row] = await run<{
    id: string;
    from_application_id: string;
    application_id: string;
    stage_program_id: string;
    withdrawn_at: unknown;
    invited_at: unknown;
    from_program_id: string;
    status: string;
    user_id: string;
    email: string;
    name: string | null;
    stage_name: string;
  }>(
    db,
    sql`select si.id, si.from_application_id, si.application_id, si.stage_program_id, si.withdrawn_at,
        si.invited_at, f.program_id as from_program_id, a.status, a.user_id, u.email,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name, sp.name as stage_name
      from stage_invitations si
      join applications f on f.id = si.from_application_id
      join applications a on a.id = si.application_id
      join programs sp on sp.id = si.stage_program_id
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = u.id
      where si.id = ${id} ${lock ? sql`for update of si` : sql``}`,
  );
  if (!row) throw new NotFound(m.invitationNotFound);
  return row;
}

/** Who withdraws an invitation: the admins of the stage it came from (as for inviting). */
export async function invitationAdmin(db: Db, actor: Actor | null, id: string) {
  const row = await invitationRow(db, id);
  const access = await programAdminAccess(db, actor, row.from_program_id).catch((err: unknown) => {
    // Someone who cannot see the program learns nothing of the invitation.
    if (err instanceof NotFound) throw new NotFound(m.invitationNotFound);
    throw err;
  });
  return { row, access };
}

/**
 * DELETE /invitations/{id}: withdraws an invitation before the applicant submits the stage. Its
 * draft is kept, withdrawn (nothing is lost; the applicant reads it but cannot change it), the
 * earlier stage is theirs to change again while its window is open, the applicant is emailed, and
 * the withdrawal is audited. Once the stage is submitted: 409.
 */
export async function withdrawInvitation(db: Db, clock: Clock, actor: Actor | null, id: string) {
  const { access } = await invitationAdmin(db, actor, id);
  const now = clock.now();
  const stamp = now.toISOString();
  return db.transaction(async (tx) => {
    const row = await invitationRow(tx, id, true);
    if (row.withdrawn_at) throw new Conflict(m.alreadyWithdrawn);
    if (row.status !== 'draft') throw new Conflict(m.alreadySubmitted);
    await tx.execute(
      sql`update stage_invitations set withdrawn_at = ${stamp}::timestamptz, withdrawn_by = ${access.actor.userId}
        where id = ${id}`,
    );
    await tx.execute(
      sql`update applications set status = 'withdrawn', withdrawn_at = ${stamp}::timestamptz,
          withdrawn_reason = 'Invitation withdrawn', version = version + 1, updated_at = ${stamp}::timestamptz
        where id = ${row.application_id}`,
    );
    await recordAudit(tx, {
      actor: { userId: access.actor.userId },
      action: 'stage.invitation_withdrawn',
      target: { type: 'application', id: row.application_id, label: row.stage_name },
      orgId: access.scope.orgId,
      summary: `invitation to ${row.stage_name} withdrawn before submission`,
      at: now,
    });
    await queueEmails(tx, [
      {
        kind: 'stage_invitation_withdrawn',
        to: { email: row.email, userId: row.user_id },
        about: { entity: `invite:${row.id}` },
        organizationId: access.scope.orgId,
        data: {
          name: row.name,
          programName: access.program.name,
          stageName: row.stage_name,
          orgName: access.program.organizationName,
        },
      },
    ]);
    await notifyTopic(tx, 'reviews', { program_id: row.stage_program_id });
    return toInvitation({ ...row, status: 'withdrawn', withdrawn_at: stamp });
  });
}

function toInvitation(r: Raw): Invitation {
  return {
    id: String(r.id),
    from_application_id: String(r.from_application_id),
    application_id: String(r.application_id),
    stage_program_id: String(r.stage_program_id),
    applicant_name: (r.name as string | null) ?? null,
    status: stageLineStatus(String(r.status), r.withdrawn_at !== null && r.withdrawn_at !== undefined),
    invited_at: iso(r.invited_at) ?? '',
    withdrawn_at: iso(r.withdrawn_at),
  };
}

/**
 * GET /programs/{id}/invitations: the invitations to the stage `programId`, newest first, for its
 * admins (its organization's admins administer every stage). Two statements.
 */
export async function listInvitations(
  db: Db,
  actor: Actor | null,
  programId: string,
  page: { limit: number; offset: number },
): Promise<InvitationList> {
  await programAdminAccess(db, actor, programId);
  const [items, [count]] = await Promise.all([
    run(
      db,
      sql`select si.id, si.from_application_id, si.application_id, si.stage_program_id, si.invited_at,
          si.withdrawn_at, a.status, coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name
        from stage_invitations si
        join applications a on a.id = si.application_id
        join "user" u on u.id = a.user_id
        left join profiles pr on pr.id = u.id
        where si.stage_program_id = ${programId}
        order by si.invited_at desc, si.id
        limit ${page.limit} offset ${page.offset}`,
    ),
    run<{ total: number }>(
      db,
      sql`select count(*)::int as total from stage_invitations where stage_program_id = ${programId}`,
    ),
  ]);
  return { items: items.map(toInvitation), total: Number(count?.total ?? 0) };
}

/** A later stage's application: its invitation's previous-stage application, or null. */
async function previousOf(db: Db, applicationId: string) {
  const [row] = await run<{
    from_application_id: string;
    program_id: string;
    program_name: string;
    stage_number: number;
    form: ApplicationForm;
    answers: Record<string, unknown>;
    profile_snapshot: Record<string, unknown> | null;
    submitted_at: unknown;
    show_scores: boolean;
    blind: boolean | null;
    hidden_questions: string[] | null;
  }>(
    db,
    sql`select si.from_application_id, f.program_id, fp.name as program_name, fp.stage_number, fp.form,
        f.answers, f.profile_snapshot, f.submitted_at, sp.stage_show_previous_scores as show_scores,
        fs.blind, fs.hidden_questions
      from stage_invitations si
      join applications f on f.id = si.from_application_id
      join programs fp on fp.id = f.program_id
      join programs sp on sp.id = si.stage_program_id
      left join program_scoring fs on fs.program_id = f.program_id
      where si.application_id = ${applicationId} and si.withdrawn_at is null`,
  );
  return row ?? null;
}

/**
 * What a later stage's reviewer reads of the previous stage (decision 066): its answers as the
 * previous stage's own settings show them to reviewers, identity hidden when either stage is blind,
 * and — when the later stage shows previous scores — its aggregate score and decision. Never its
 * reviews' comments or anyone's private notes. `access` is the reader's pass of the later stage's gate.
 */
export async function previousStageFor(
  db: Db,
  applicationId: string,
  access: ReviewerAccess,
): Promise<PreviousStage | null> {
  const prev = await previousOf(db, applicationId);
  if (!prev) return null;
  const view = reviewerView(
    {
      blind: access.view.hideIdentity || prev.blind === true,
      hidden_questions: prev.hidden_questions ?? [],
    },
    access.admin,
  );
  const shown = await applicationForReviewer(db, view, {
    form: prev.form,
    answers: prev.answers ?? {},
    snapshot: null,
  });
  let scores: PreviousStage['scores'] = null;
  if (prev.show_scores) {
    const [s] = await run<{ score: unknown; decision: string | null }>(
      db,
      sql`select coalesce(ag.ag_mean, r.score) as score, coalesce(r.decision, r.ratings->>'decision') as decision
        from applications a
        left join reviews r on r.application_id = a.id
        left join (${aggregatesSql(sql`s.application_id = ${prev.from_application_id}`)}) ag on ag.application_id = a.id
        where a.id = ${prev.from_application_id}`,
    );
    scores = {
      score: s?.score === null || s?.score === undefined ? null : Math.round(Number(s.score) * 100) / 100,
      decision: s?.decision ?? null,
    };
  }
  return {
    application_id: prev.from_application_id,
    program_id: prev.program_id,
    program_name: prev.program_name,
    stage_number: prev.stage_number,
    form: shown.form,
    answers: shown.answers,
    submitted_at: iso(prev.submitted_at),
    scores,
  };
}

/**
 * The gate's extension for the previous stage (decision 051 + 066): may `me` read the answers of the
 * application `id` because they review a later stage's application it led to? Used by the answer
 * files of the previous stage. `readLater` is the gate itself, applied to the later application.
 */
export async function readsAsLaterStageReviewer(
  db: Db,
  id: string,
  readLater: (laterId: string) => Promise<{ role: string }>,
): Promise<boolean> {
  const later = await run<{ application_id: string }>(
    db,
    sql`select application_id from stage_invitations where from_application_id = ${id} and withdrawn_at is null`,
  );
  for (const l of later) {
    try {
      if ((await readLater(l.application_id)).role === 'reviewer') return true;
    } catch {
      // Not a reader of that later stage: try the next.
    }
  }
  return false;
}

/**
 * My Submissions (decision 066): per stage-1 application of the caller, the later stages they were
 * invited to, stage 2 first; one statement for all.
 */
export async function stageLinesOf(db: Db, userId: string): Promise<Map<string, StageLine[]>> {
  const rows = await run(
    db,
    sql`with recursive chain as (
        select si.from_application_id as root_id, si.application_id, si.withdrawn_at
          from stage_invitations si join applications f on f.id = si.from_application_id
          join programs fp on fp.id = f.program_id
          where f.user_id = ${userId} and fp.parent_program_id is null
        union all
        select c.root_id, si.application_id, si.withdrawn_at
          from chain c join stage_invitations si on si.from_application_id = c.application_id
      )
      select c.root_id, c.application_id, c.withdrawn_at, a.status, a.personal_close_at, a.late_close_at,
        p.id as program_id, p.name, p.stage_number, p.open_at, p.close_at, p.grace_minutes
      from chain c join applications a on a.id = c.application_id join programs p on p.id = a.program_id
      order by c.root_id, p.stage_number`,
  );
  const out = new Map<string, StageLine[]>();
  for (const r of rows) {
    const d = applicantDeadline({
      openAt: r.open_at ? new Date(String(r.open_at)) : null,
      closeAt: r.close_at ? new Date(String(r.close_at)) : null,
      personalCloseAt: r.personal_close_at ? new Date(String(r.personal_close_at)) : null,
      graceMinutes: Number(r.grace_minutes ?? 0),
      linkCloseAt: r.late_close_at ? new Date(String(r.late_close_at)) : null,
    });
    const due = d.link ? applicantLastMoment(d) : d.closeAt;
    const line: StageLine = {
      program_id: String(r.program_id),
      application_id: String(r.application_id),
      name: String(r.name),
      stage_number: Number(r.stage_number),
      status: stageLineStatus(String(r.status), r.withdrawn_at !== null),
      due: due ? due.toISOString() : null,
    };
    const root = String(r.root_id);
    out.set(root, [...(out.get(root) ?? []), line]);
  }
  return out;
}

/** A first submission of a later stage tells the organization's webhooks (`stage.submitted`). */
export async function stageSubmittedWebhook(tx: Db, id: string, programId: string, at: Date) {
  const [stage] = await run<{ stage_number: number; from_application_id: string | null }>(
    tx,
    sql`select p.stage_number,
        (select si.from_application_id from stage_invitations si where si.application_id = ${id}) as from_application_id
      from programs p where p.id = ${programId} and p.parent_program_id is not null`,
  );
  if (!stage) return;
  await emitWebhookEvent(tx, {
    type: 'stage.submitted',
    scope: { programId },
    key: `stage.submitted:${id}`,
    data: {
      application_id: id,
      program_id: programId,
      stage_number: stage.stage_number,
      from_application_id: stage.from_application_id,
      submitted_at: at.toISOString(),
    },
    at,
  });
}

/**
 * The dashboard's funnel per stage (decision 066): for every live stage of the chain `programId`
 * belongs to, stage 1 first — invitations to it (kept and withdrawn), applications submitted, those
 * decided, and the invitations on to the next stage. One statement; null without later stages.
 */
export async function stageFunnelOf(db: Db, programId: string): Promise<StageFunnel[] | null> {
  const rows = await run<{
    program_id: string;
    name: string;
    stage_number: number;
    published: boolean;
    invited: number;
    withdrawn: number;
    submitted: number;
    decided: number;
  }>(
    db,
    sql`with root as (select coalesce(parent_program_id, id) as id from programs where id = ${programId}),
      chain as (
        select p.id, p.name, p.stage_number, p.published from programs p, root
        where (p.id = root.id or p.parent_program_id = root.id) and (p.deleted_at is null or p.id = ${programId})
      )
      select c.id as program_id, c.name, c.stage_number, c.published,
        (select count(*) from stage_invitations si where si.stage_program_id = c.id and si.withdrawn_at is null)::int as invited,
        (select count(*) from stage_invitations si where si.stage_program_id = c.id and si.withdrawn_at is not null)::int as withdrawn,
        (select count(*) from applications a where a.program_id = c.id and ${everSubmitted})::int as submitted,
        (select count(*) from applications a join reviews r on r.application_id = a.id
          where a.program_id = c.id and ${everSubmitted}
            and nullif(coalesce(r.decision, r.ratings->>'decision'), '') is not null)::int as decided
      from chain c
      order by c.stage_number`,
  );
  if (rows.length < 2) return null;
  return rows.map((r, i) => {
    const first = i === 0;
    const next = rows[i + 1];
    return {
      program_id: String(r.program_id),
      stage_number: Number(r.stage_number),
      name: String(r.name),
      published: r.published === true,
      invited: first ? null : Number(r.invited),
      invitations_withdrawn: first ? null : Number(r.withdrawn),
      submitted: Number(r.submitted),
      decided: Number(r.decided),
      advanced: next ? Number(next.invited) : null,
    };
  });
}

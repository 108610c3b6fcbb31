import { and, eq, isNull, sql } from 'drizzle-orm';
import { type ReviewerView, reviewerView } from '../../shared/domain/blind-review';
import { PERSONAL_DATA_NOTICE } from '../../shared/domain/exports';
import { type Actor, can, type ProgramScope } from '../../shared/policy';
import { type ApplicationForm, applicationFormSchema, type ReviewerForm } from '../../shared/schemas/forms';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { coalitionMemberships, organizations, personalDataNotices, programs } from '../db/schema';
import { Conflict, Forbidden, NotFound } from '../errors';
import { reviewerFormOf } from '../reviews/queries';
import { type Settings, settingsOf } from '../scoring/queries';

export const PROGRAM_NOT_FOUND = 'Program not found.';

export interface ExportProgram {
  id: string;
  name: string;
  type: string;
  orgId: string;
  orgName: string;
  orgSlug: string;
  openAt: Date | null;
  closeAt: Date | null;
  form: ApplicationForm;
  reviewerForm: ReviewerForm;
  /** Review mode (shared or independent scoring) and blind review (issue 20). */
  scoring: Settings;
  /** Programs in stages (decision 066): its place in its chain, or null for a program without stages. */
  stage: { number: number } | null;
}

export interface ExportAccess {
  actor: Actor;
  program: ExportProgram;
  scope: ProgramScope;
  /** An admin of the program (org admin, program admin, super admin), not only a coalition manager. */
  admin: boolean;
  /** What the caller sees of the applicants: everything for admins, less in a blind program (issue 20). */
  view: ReviewerView;
}

/** A live program with what its exports need; null when it does not exist or is deleted. */
export async function exportProgram(db: Db, programId: string) {
  const [row] = await db
    .select({
      id: programs.id,
      name: programs.name,
      type: programs.type,
      orgId: programs.organizationId,
      orgName: organizations.name,
      orgSlug: organizations.slug,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      form: programs.form,
      reviewerForm: programs.reviewerForm,
      stageNumber: programs.stageNumber,
      inChain: sql<boolean>`(${programs.parentProgramId} is not null or exists (select 1 from programs c
        where c.parent_program_id = ${programs.id} and c.deleted_at is null))`,
      coalitionIds: sql<
        string[]
      >`coalesce((select array_agg(m.coalition_id) from ${coalitionMemberships} m where m.organization_id = ${programs.organizationId}), '{}')`,
    })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(and(eq(programs.id, programId), isNull(programs.deletedAt), isNull(organizations.deletedAt)));
  if (!row) return null;
  const { coalitionIds, stageNumber, inChain, ...rest } = row;
  const program: ExportProgram = {
    ...rest,
    stage: inChain ? { number: stageNumber } : null,
    form: applicationFormSchema.parse(row.form ?? {}),
    reviewerForm: reviewerFormOf(row.reviewerForm),
    scoring: await settingsOf(db, programId),
  };
  return { program, scope: { programId, orgId: row.orgId, coalitionIds: coalitionIds ?? [] } };
}

/**
 * Who may take a program's data out (policy 'program:export'): its org and program admins, super
 * admins, and the managers of a coalition its organization belongs to. Its reviewers get 403;
 * everyone else 404, so other tenants learn nothing.
 */
export async function exportAccess(db: Db, actor: Actor | null, programId: string): Promise<ExportAccess> {
  const me = requireActor(actor);
  const found = await exportProgram(db, programId);
  if (!found) throw new NotFound(PROGRAM_NOT_FOUND);
  if (!can(me, { kind: 'program:export', program: found.scope })) {
    if (can(me, { kind: 'program:review', program: found.scope })) throw new Forbidden();
    throw new NotFound(PROGRAM_NOT_FOUND);
  }
  const admin = can(me, { kind: 'program:admin', program: found.scope });
  return { actor: me, ...found, admin, view: reviewerView(found.program.scoring, admin) };
}

/** The personal-data notice comes before a user's first download; every download checks it (409 until then). */
export async function assertNoticeAccepted(db: Db, actor: Actor): Promise<void> {
  const [row] = await db
    .select({ at: personalDataNotices.acceptedAt })
    .from(personalDataNotices)
    .where(eq(personalDataNotices.userId, actor.userId));
  if (!row) throw new NoticeRequired();
}

/** 409 with `fields.notice = 'required'`: the client shows the notice, records the answer and retries. */
export class NoticeRequired extends Conflict {
  constructor() {
    super(PERSONAL_DATA_NOTICE.required, { notice: 'required' });
  }
}

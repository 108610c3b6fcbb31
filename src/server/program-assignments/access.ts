import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, can, type ProgramScope } from '../../shared/policy';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { coalitionMemberships, organizations, programs } from '../db/schema';
import { Forbidden, NotFound } from '../errors';

export const PROGRAM_NOT_FOUND = 'Program not found.';

export interface ProgramAdminAccess {
  actor: Actor;
  scope: ProgramScope;
  program: {
    id: string;
    name: string;
    organizationSlug: string;
    organizationName: string;
    reviewerForm: { show_decision: boolean; show_score: boolean; show_comments: boolean } | null;
  };
}

/**
 * The caller administers this (live) program: an org admin of its organization, one of its program
 * admins, or a super admin (policy 'program:admin'). Those who can otherwise see the program (its
 * reviewers, its coalition's managers) get 403; everyone else 404, so other tenants learn nothing.
 */
export async function programAdminAccess(
  db: Db,
  actor: Actor | null,
  programId: string,
): Promise<ProgramAdminAccess> {
  const me = requireActor(actor);
  const [row] = await db
    .select({
      id: programs.id,
      name: programs.name,
      orgId: programs.organizationId,
      organizationSlug: organizations.slug,
      organizationName: organizations.name,
      reviewerForm: programs.reviewerForm,
      coalitionIds: sql<
        string[]
      >`coalesce((select array_agg(m.coalition_id) from ${coalitionMemberships} m where m.organization_id = ${programs.organizationId}), '{}')`,
    })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(and(eq(programs.id, programId), isNull(programs.deletedAt), isNull(organizations.deletedAt)));
  if (!row) throw new NotFound(PROGRAM_NOT_FOUND);
  const scope: ProgramScope = { programId, orgId: row.orgId, coalitionIds: row.coalitionIds ?? [] };
  if (!can(me, { kind: 'program:admin', program: scope })) {
    const seesIt =
      can(me, { kind: 'program:review', program: scope }) ||
      (scope.coalitionIds ?? []).some((id) => me.coalitionManager.includes(id));
    if (seesIt) throw new Forbidden();
    throw new NotFound(PROGRAM_NOT_FOUND);
  }
  return {
    actor: me,
    scope,
    program: {
      id: row.id,
      name: row.name,
      organizationSlug: row.organizationSlug,
      organizationName: row.organizationName,
      reviewerForm: row.reviewerForm ?? null,
    },
  };
}

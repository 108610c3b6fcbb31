import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { type ReviewerView, reviewerView } from '../../shared/domain/blind-review';
import { type ChangeScope, changesOpen } from '../../shared/domain/change-requests';
import { applicantWindow } from '../../shared/domain/deadlines';
import type { WindowState } from '../../shared/domain/programs';
import { type Actor, can, isSuperAdmin, type ProgramScope } from '../../shared/policy';
import type { Clock } from '../clock';
import { type AppEnv, requireActor } from '../context';
import type { Db } from '../db/client';
import { applications, coalitionMemberships, organizations, programs } from '../db/schema';
import { Conflict, Forbidden, NotFound } from '../errors';
import { rawId, type Who } from '../http/openapi';
import { type ReviewerAccess, reviewerAccess } from '../scoring/gate';
import { settingsOf } from '../scoring/queries';
import { assertNotStageLocked, stageLockedSql } from './stage-lock';

/** The spec's answer when an application is missing or not the caller's to see. */
export const APPLICATION_NOT_FOUND = 'Not authorized or application not found';

export const lockedMessages = {
  notOpen: 'Application Coming Soon',
  closed: 'Application is locked - deadline has passed',
  withdrawn: 'This application can no longer be changed.',
};

export interface ApplicationRef {
  id: string;
  programId: string;
  userId: string;
  status: string;
  version: number;
  openAt: Date | null;
  closeAt: Date | null;
  /** The program's organization is soft-deleted: the program is closed for applicants. */
  orgDeleted?: boolean;
  /** This applicant's personal close time and the program's grace period (shared/domain/deadlines). */
  personalCloseAt?: Date | null;
  graceMinutes?: number;
  /** An open change request unlocks these questions until its due date (decision 063). */
  changesDueAt?: Date | null;
  changesScope?: ChangeScope | null;
  /** The expiry of a late-submission link this applicant redeemed (decision 064). */
  linkCloseAt?: Date | null;
  /** The applicant was invited to the next stage: this application is read-only (decision 066). */
  stageLocked?: boolean;
  scope: ProgramScope;
}

/** How the caller relates to an application: its applicant, or someone who reviews its program. */
export type ApplicationRole = 'owner' | 'reviewer';

async function loadRef(db: Db, id: string): Promise<ApplicationRef | null> {
  const [row] = await db
    .select({
      id: applications.id,
      programId: applications.programId,
      userId: applications.userId,
      status: applications.status,
      version: applications.version,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      personalCloseAt: applications.personalCloseAt,
      graceMinutes: programs.graceMinutes,
      changesDueAt: applications.changesDueAt,
      changesScope: applications.changesScope,
      linkCloseAt: applications.lateCloseAt,
      stageLocked: stageLockedSql(sql`${applications.id}`).mapWith(Boolean),
      orgId: programs.organizationId,
      orgDeleted: sql<boolean>`${organizations.deletedAt} is not null`,
      coalitionIds: sql<
        string[]
      >`coalesce((select array_agg(m.coalition_id) from ${coalitionMemberships} m where m.organization_id = ${programs.organizationId}), '{}')`,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, id));
  if (!row) return null;
  const { orgId, coalitionIds, ...rest } = row;
  return { ...rest, scope: { programId: row.programId, orgId, coalitionIds: coalitionIds ?? [] } };
}

/** The caller's own application, or 404 with the spec's message (another applicant's is never revealed). */
export async function ownApplication(db: Db, actor: Actor | null, id: string): Promise<ApplicationRef> {
  const me = requireActor(actor);
  const ref = await loadRef(db, id);
  if (!ref || ref.userId !== me.userId) throw new NotFound(APPLICATION_NOT_FOUND);
  return ref;
}

/** Who reads an application, as the gate decided it. */
export type ApplicationReader =
  | { role: 'owner' }
  /** Reviews its program (or administers it, or super admin) and passed the scoring gate. */
  | { role: 'reviewer'; access: ReviewerAccess }
  /** May take the program's data out without reviewing it (a coalition manager): the exports' reader. */
  | { role: 'exporter'; view: ReviewerView };

/**
 * The one gate every read of an application passes (DESIGN.md §5 rule 12; decision 051): its JSON,
 * its PDF, its answer and profile files, realtime events about it. The applicant reads their own;
 * the reviewers and admins of its program (directly or through its organization) and super admins
 * read it once submitted, a reviewer only through the scoring gate (assignment in independent
 * scoring, never with a conflict: 403); with `exporters`, those who may export the program
 * (coalition managers) read it as its exports show it. Anyone else: 404.
 */
export async function applicationReader(
  db: Db,
  actor: Actor | null,
  id: string,
  { exporters = false }: { exporters?: boolean } = {},
): Promise<ApplicationRef & ApplicationReader> {
  const me = requireActor(actor);
  const ref = await loadRef(db, id);
  if (!ref) throw new NotFound(APPLICATION_NOT_FOUND);
  if (ref.userId === me.userId) return { ...ref, role: 'owner' };
  if (ref.status === 'draft') throw new NotFound(APPLICATION_NOT_FOUND);
  const exports = exporters && can(me, { kind: 'program:export', program: ref.scope });
  // A withdrawn application is kept for the program's admins only (issue 31 item 5).
  if (ref.status === 'withdrawn' && !can(me, { kind: 'program:admin', program: ref.scope }) && !exports)
    throw new NotFound(APPLICATION_NOT_FOUND);
  if (isSuperAdmin(me) || can(me, { kind: 'program:review', program: ref.scope })) {
    try {
      return { ...ref, role: 'reviewer', access: await reviewerAccess(db, me, ref) };
    } catch (err) {
      // A coalition manager who also reviews keeps what the exports show them.
      if (!exports || !(err instanceof Forbidden)) throw err;
    }
  }
  if (exports)
    return { ...ref, role: 'exporter', view: reviewerView(await settingsOf(db, ref.programId), false) };
  throw new NotFound(APPLICATION_NOT_FOUND);
}

/**
 * An application the caller may read as its applicant or reviewer (the JSON routes): the gate
 * without exporters. A reviewer gets what they may see of it.
 */
export async function readableApplication(
  db: Db,
  actor: Actor | null,
  id: string,
): Promise<ApplicationRef & ({ role: 'owner' } | { role: 'reviewer'; access: ReviewerAccess })> {
  const ref = await applicationReader(db, actor, id);
  if (ref.role === 'exporter') throw new NotFound(APPLICATION_NOT_FOUND);
  return ref;
}

/** What decides an applicant's window: the program's times, their personal close time, the grace. */
type WindowRef = Pick<
  ApplicationRef,
  | 'openAt'
  | 'closeAt'
  | 'orgDeleted'
  | 'personalCloseAt'
  | 'graceMinutes'
  | 'changesDueAt'
  | 'changesScope'
  | 'linkCloseAt'
  | 'stageLocked'
> & {
  status?: string;
};

/**
 * The window of this applicant (shared/domain/deadlines): their personal close time counts, and in
 * the program's grace period a draft already started is still open (anything else is closed).
 */
export function applicationWindow(ref: WindowRef, clock: Clock): WindowState {
  if (ref.orgDeleted) return 'closed';
  const state = applicantWindow(ref, clock.now());
  if (state === 'grace') return ref.status === 'draft' ? 'open' : 'closed';
  return state;
}

/**
 * Answers (and answer files) change only while the applicant's window is open; a submitted
 * application stays editable until the deadline (it stays submitted). Otherwise 409 with the banner's words.
 */
export function assertEditable(ref: WindowRef, clock: Clock): void {
  // A withdrawn application is kept as it was (issue 31): no answer file either.
  if (ref.status === 'withdrawn') throw new Conflict(lockedMessages.withdrawn);
  // Invited to the next stage (decision 066): this stage's answers are final.
  assertNotStageLocked(ref);
  // An open change request lets its applicant change the unlocked questions after close (decision 063).
  if (ref.status === 'submitted' && ref.changesScope && changesOpen(ref.changesDueAt, clock.now())) return;
  const state = applicationWindow(ref, clock);
  if (state === 'not_open') throw new Conflict(lockedMessages.notOpen);
  if (state === 'closed') throw new Conflict(lockedMessages.closed);
}

/** Route caller checks (`who`, DESIGN §5 rule 13) on `/applications/{id}` and its reviewers' routes. */
const applicationIdOf = (c: Context<AppEnv>) => rawId(c, 'id', () => new NotFound(APPLICATION_NOT_FOUND));

/** The applicant's own application (`ownApplication`). */
export const applicationOwner: Who = (c, actor) =>
  ownApplication(c.get('deps').db, actor, applicationIdOf(c));

/** Someone who reviews its program and passes the scoring gate (`readableApplication` as a reviewer). */
export async function applicationReviewer(c: Context<AppEnv>, actor: Actor | null) {
  const ref = await readableApplication(c.get('deps').db, actor, applicationIdOf(c));
  if (ref.role !== 'reviewer') throw new NotFound(APPLICATION_NOT_FOUND);
  return ref;
}

import type { Readable } from 'node:stream';
import { eq, type SQL } from 'drizzle-orm';
import { type ExportFormat, exportContentTypes, exportFileName } from '../../shared/domain/exports';
import type { Actor } from '../../shared/policy';
import type { AuditFilter } from '../../shared/schemas/audit';
import type { ApplicationView, Notice } from '../../shared/schemas/exports';
import type { InboxNarrowing, InboxStatus } from '../../shared/schemas/reviews';
import type { AuditScope } from '../audit/queries';
import { recordAudit } from '../audit/record';
import type { Deps } from '../context';
import { assertCan, requireActor } from '../context';
import { personalDataNotices } from '../db/schema';
import { liveOrgBySlug } from '../discovery/queries';
import { Forbidden, NotFound } from '../errors';
import { exportLink } from '../files/export-links';
import type { Who } from '../http/openapi';
import { assertNoticeAccepted, exportAccess } from './access';
import { applicationColumns, applicationCountQuery, applicationRowsQuery } from './applications';
import { auditColumns, auditCountQuery, auditRowsQuery } from './audit';
import { downloadSlot } from './limiter';
import { resultColumns, resultCountQuery, resultRowsQuery } from './results';
import {
  adminScopeOf,
  exportScopeOf,
  orgHasStages,
  type ReviewsFilter,
  reviewColumns,
  reviewCountQuery,
  reviewRowsQuery,
  scopeIsEmpty,
} from './reviews';
import { exportRows, type Raw, type RowQuery } from './rows';
import { type Column, exportStream } from './writers';

/** A file ready to send: its bytes are produced as the client reads them. */
export interface Download {
  body: Readable;
  fileName: string;
  contentType: string;
  /** Rows in the file (CSV/XLSX), for the X-Export-Rows header. */
  rows?: number;
  /** The exact size, when known before the first byte (a PDF). */
  size?: number;
}

interface ExportSpec {
  format: ExportFormat;
  /** The sheet's title and the words of the file name. */
  title: string;
  nameParts: string[];
  columns: Column<Raw>[];
  rows: RowQuery;
  count: SQL;
  /** The audit entry: what left, from which organization, with which filter. */
  audit: { label: string; targetId: string | null; orgId: string | null; filter: string };
}

async function countOf(deps: Deps, query: SQL): Promise<number> {
  const result = (await deps.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Every export goes here: the personal-data notice must have been accepted; the download takes one of
 * a few slots (or is refused with 429); only then is it recorded in the audit log (committed before
 * the first byte leaves, so nothing leaves unrecorded and nothing refused is recorded as downloaded);
 * then the file streams from a database cursor while the client reads it.
 */
async function deliver(deps: Deps, me: Actor, spec: ExportSpec): Promise<Download> {
  await assertNoticeAccepted(deps.db, me);
  const rows = await countOf(deps, spec.count);
  const release = await downloadSlot();
  try {
    const at = deps.clock.now();
    await deps.db.transaction((tx) =>
      recordAudit(tx, {
        actor: me,
        action: 'export.downloaded',
        target: { type: 'export', id: spec.audit.targetId, label: spec.audit.label },
        orgId: spec.audit.orgId,
        summary: `${spec.format.toUpperCase()}, ${rows} row(s)${spec.audit.filter ? `; ${spec.audit.filter}` : ''}`,
        at,
      }),
    );
    const body = exportStream(spec.format, spec.columns, exportRows(deps.database, spec.rows), spec.title);
    body.once('close', release);
    return {
      body,
      fileName: exportFileName(spec.nameParts, spec.format, at),
      contentType: exportContentTypes[spec.format],
      rows,
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** The applications of a program, in the inbox view the export starts from (decision 037). */
export async function exportApplications(
  deps: Deps,
  actor: Actor | null,
  programId: string,
  q: { format: ExportFormat; status: ApplicationView } & Omit<InboxNarrowing, 'stage'>,
): Promise<Download> {
  const access = await exportAccess(deps.db, actor, programId);
  const { program, view } = access;
  const me = access.actor;
  const narrowing = { min_score: q.min_score, decision: q.decision };
  return deliver(deps, me, {
    format: q.format,
    title: program.name,
    nameParts: [program.orgName, program.name, 'applications'],
    columns: applicationColumns({
      program,
      // File links only for those who may open the files (the program's admins).
      link: access.admin ? (path) => exportLink(deps, path, me.userId) : null,
      view,
      now: deps.clock.now(),
    }),
    rows: applicationRowsQuery(
      program.id,
      q.status,
      {
        numbered: view.hideIdentity,
        aggregates: program.scoring.mode === 'independent',
        letters: program.form.questions.some((q) => q.type === 'reference_letter'),
        invitations: program.stage !== null,
      },
      deps.clock.now(),
      narrowing,
    ),
    count: applicationCountQuery(program.id, q.status, deps.clock.now(), narrowing),
    audit: {
      label: `Applications of ${program.name}`,
      targetId: program.id,
      orgId: program.orgId,
      filter: [`view: ${q.status}`, ...narrowingWords(narrowing)].join('; '),
    },
  });
}

/** A program's reviews (its review queue), by review state. */
export async function exportProgramReviews(
  deps: Deps,
  actor: Actor | null,
  programId: string,
  q: { format: ExportFormat; status: ReviewsFilter['status'] },
): Promise<Download> {
  const access = await exportAccess(deps.db, actor, programId);
  const { actor: me, program } = access;
  const filter: ReviewsFilter = {
    scope: { all: true },
    admin: access.admin ? { all: true } : { all: false, orgIds: [], programIds: [] },
    programId: program.id,
    status: q.status,
    now: deps.clock.now(),
  };
  return deliver(deps, me, {
    format: q.format,
    title: `${program.name} reviews`,
    nameParts: [program.orgName, program.name, 'reviews'],
    columns: reviewColumns(),
    rows: reviewRowsQuery(filter),
    count: reviewCountQuery(filter),
    audit: {
      label: `Reviews of ${program.name}`,
      targetId: program.id,
      orgId: program.orgId,
      filter: `status: ${q.status}`,
    },
  });
}

/**
 * All Reviews as a file, with the page's filters, over the programs the caller may export (their
 * organizations', programs' and coalitions'; every program for super admins). Reviewers who administer
 * nothing have nothing to export (403).
 */
/** Route caller check of the all-reviews export (`who`, DESIGN §5 rule 13): the same refusal as below. */
export const reviewExporters: Who = (_c, actor) => {
  if (scopeIsEmpty(exportScopeOf(requireActor(actor)))) throw new Forbidden();
};

export async function exportAllReviews(
  deps: Deps,
  actor: Actor | null,
  q: {
    format: ExportFormat;
    search?: string;
    mine?: 'true' | 'false';
    status: ReviewsFilter['status'];
    program_id?: string;
  },
): Promise<Download> {
  const me = requireActor(actor);
  const scope = exportScopeOf(me);
  if (scopeIsEmpty(scope)) throw new Forbidden();
  const filter: ReviewsFilter = {
    scope,
    admin: adminScopeOf(me),
    status: q.status,
    now: deps.clock.now(),
    programId: q.program_id,
    search: q.search || undefined,
    mineOf: q.mine === 'true' ? me.userId : undefined,
  };
  const words = [
    `status: ${q.status}`,
    q.search ? `search: ${q.search}` : '',
    q.mine === 'true' ? 'mine only' : '',
    q.program_id ? `program: ${q.program_id}` : '',
  ].filter(Boolean);
  return deliver(deps, me, {
    format: q.format,
    title: 'All Reviews',
    nameParts: ['all reviews'],
    columns: reviewColumns(),
    rows: reviewRowsQuery(filter),
    count: reviewCountQuery(filter),
    audit: { label: 'All Reviews', targetId: null, orgId: null, filter: words.join('; ') },
  });
}

/** The organization's Applications Inbox as a file: every program's applications in a view, with their review. */
export async function exportInbox(
  deps: Deps,
  actor: Actor | null,
  slug: string,
  q: { format: ExportFormat; status: InboxStatus } & InboxNarrowing,
): Promise<Download> {
  const org = await liveOrgBySlug(deps.db, slug);
  if (!org) throw new NotFound('Organization not found.');
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const narrowing = { stage: q.stage, min_score: q.min_score, decision: q.decision };
  // Programs in stages (decision 066): the Stage columns once the organization has a later stage.
  const stages = await orgHasStages(deps.db, org.id);
  const filter: ReviewsFilter = {
    scope: { all: false, orgIds: [org.id], programIds: [], coalitionIds: [] },
    admin: { all: true },
    status: q.status,
    now: deps.clock.now(),
    narrowing,
    stages,
  };
  return deliver(deps, me, {
    format: q.format,
    title: 'Applications Inbox',
    nameParts: [org.name, 'applications inbox'],
    columns: reviewColumns({ stages }),
    rows: reviewRowsQuery(filter),
    count: reviewCountQuery(filter),
    audit: {
      label: `Applications Inbox of ${org.name}`,
      targetId: org.id,
      orgId: org.id,
      filter: [`view: ${q.status}`, ...narrowingWords(narrowing)].join('; '),
    },
  });
}

/** The narrowing filters as the audit entry names them. */
function narrowingWords(n: InboxNarrowing): string[] {
  return [
    n.stage !== undefined ? `stage: ${n.stage}` : '',
    n.min_score !== undefined ? `score ≥ ${n.min_score}` : '',
    n.decision ? `decision: ${n.decision}` : '',
  ].filter(Boolean);
}

/** A program's published results, as each applicant was sent them. */
export async function exportResults(
  deps: Deps,
  actor: Actor | null,
  programId: string,
  q: { format: ExportFormat },
): Promise<Download> {
  const { actor: me, program, view } = await exportAccess(deps.db, actor, programId);
  return deliver(deps, me, {
    format: q.format,
    title: `${program.name} results`,
    nameParts: [program.orgName, program.name, 'published results'],
    columns: resultColumns(view.hideIdentity),
    rows: resultRowsQuery(program.id, view.hideIdentity),
    count: resultCountQuery(program.id),
    audit: {
      label: `Published results of ${program.name}`,
      targetId: program.id,
      orgId: program.orgId,
      filter: '',
    },
  });
}

/** The audit log itself, filtered like its page (the scope comes from the audit area's own check). */
export async function exportAudit(
  deps: Deps,
  actor: Actor | null,
  scope: AuditScope,
  filter: AuditFilter & { format: ExportFormat },
  orgName: string | null,
): Promise<Download> {
  const me = requireActor(actor);
  const words = Object.entries(filter)
    .filter(([k, v]) => k !== 'format' && v)
    .map(([k, v]) => `${k}: ${v}`);
  return deliver(deps, me, {
    format: filter.format,
    title: 'Audit log',
    nameParts: [orgName ?? 'applyhub', 'audit log'],
    columns: auditColumns,
    rows: auditRowsQuery(scope, filter),
    count: auditCountQuery(scope, filter),
    audit: {
      label: orgName ? `Audit log of ${orgName}` : 'Audit log',
      targetId: scope.all ? null : scope.orgId,
      orgId: scope.all ? null : scope.orgId,
      filter: words.join('; '),
    },
  });
}

/** The caller's answer to the personal-data notice (null: not yet accepted). */
export async function getNotice(deps: Deps, actor: Actor | null): Promise<Notice> {
  const me = requireActor(actor);
  const [row] = await deps.db
    .select({ at: personalDataNotices.acceptedAt })
    .from(personalDataNotices)
    .where(eq(personalDataNotices.userId, me.userId));
  return { accepted_at: row ? row.at.toISOString() : null };
}

/** Accepting the notice (idempotent: the first acceptance's time is kept). */
export async function acceptNotice(deps: Deps, actor: Actor | null): Promise<Notice> {
  const me = requireActor(actor);
  await deps.db
    .insert(personalDataNotices)
    .values({ userId: me.userId, acceptedAt: deps.clock.now() })
    .onConflictDoNothing();
  return getNotice(deps, me);
}

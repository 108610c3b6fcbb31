import { type SQL, sql } from 'drizzle-orm';
import type { Criterion, ReviewMode, SheetVisibility } from '../../shared/domain/scoring';
import type { ScoreSheet, SheetStatus } from '../../shared/schemas/scoring';
import type { Db } from '../db/client';

/**
 * Scoring SQL (tables program_scoring, score_sheets, review_conflicts). Every function takes the
 * db or transaction handle it runs on; lists are one statement whatever their length.
 */

export type Raw = Record<string, unknown>;

export async function rows(db: Db, query: SQL): Promise<Raw[]> {
  return ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;
}

export const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] parameter (ids checked: only UUIDs go in). */
export function uuids(ids: readonly string[]): SQL {
  return sql`${`{${ids.filter((id) => UUID.test(id)).join(',')}}`}::uuid[]`;
}

/**
 * A score sheet is part of its reviewer's load only while its application is not withdrawn (issue 31
 * item 5, decision 058): next to score, remaining and assigned counts, reminders, reviewers behind.
 * The sheet itself stays, so reinstating the application brings it back.
 */
export const sheetInLoad = (applicationId: SQL): SQL =>
  sql`not exists (select 1 from applications wa where wa.id = ${applicationId} and wa.status = 'withdrawn')`;

export interface Settings {
  mode: ReviewMode;
  sheet_visibility: SheetVisibility;
  blind: boolean;
  hidden_questions: string[];
  criteria: Criterion[];
  /** 0: never saved (the defaults). */
  version: number;
}

export const defaultSettings = (): Settings => ({
  mode: 'shared',
  sheet_visibility: 'after_submit',
  blind: false,
  hidden_questions: [],
  criteria: [],
  version: 0,
});

export function toSettings(r: Raw | undefined): Settings {
  if (!r || r.mode === null || r.mode === undefined) return defaultSettings();
  return {
    mode: r.mode as ReviewMode,
    sheet_visibility: r.sheet_visibility as SheetVisibility,
    blind: r.blind === true,
    hidden_questions: (r.hidden_questions as string[] | null) ?? [],
    criteria: (r.criteria as Criterion[] | null) ?? [],
    version: Number(r.version ?? 0),
  };
}

const settingsColumns = sql`ps.mode, ps.sheet_visibility, ps.blind, ps.hidden_questions, ps.criteria, ps.version`;

/** A program's settings (the defaults when none were saved); `lock` takes a row lock on the program. */
export async function settingsOf(db: Db, programId: string, { lock = false } = {}): Promise<Settings> {
  const [row] = await rows(
    db,
    sql`select ${settingsColumns} from programs p
      left join program_scoring ps on ps.program_id = p.id
      where p.id = ${programId} ${lock ? sql`for update of p` : sql``}`,
  );
  return toSettings(row);
}

/** Whether any score has been saved in the program (a sheet beyond 'assigned'). */
export async function scoresSaved(db: Db, programId: string): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`select exists (select 1 from score_sheets where program_id = ${programId}
      and status <> 'assigned') as saved`,
  );
  return row?.saved === true;
}

export async function writeSettings(
  tx: Db,
  programId: string,
  s: Omit<Settings, 'version'>,
  by: string,
  at: Date,
): Promise<void> {
  await tx.execute(sql`insert into program_scoring
      (program_id, mode, sheet_visibility, blind, hidden_questions, criteria, version, updated_by, updated_at)
    values (${programId}, ${s.mode}, ${s.sheet_visibility}, ${s.blind}, ${JSON.stringify(s.hidden_questions)}::jsonb,
      ${JSON.stringify(s.criteria)}::jsonb, 1, ${by}, ${at.toISOString()}::timestamptz)
    on conflict (program_id) do update set mode = excluded.mode, sheet_visibility = excluded.sheet_visibility,
      blind = excluded.blind, hidden_questions = excluded.hidden_questions, criteria = excluded.criteria,
      version = program_scoring.version + 1, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

/** What a reviewer's access to one application depends on, in one statement. */
export async function accessRow(db: Db, programId: string, applicationId: string, userId: string) {
  const [row] = await rows(
    db,
    sql`select ${settingsColumns},
        (select s.id from score_sheets s where s.application_id = ${applicationId}
          and s.reviewer_id = ${userId}) as sheet_id,
        (select s.status from score_sheets s where s.application_id = ${applicationId}
          and s.reviewer_id = ${userId}) as sheet_status,
        exists (select 1 from review_conflicts c where c.application_id = ${applicationId}
          and c.reviewer_id = ${userId}) as conflicted
      from (select ${programId}::uuid as id) p
      left join program_scoring ps on ps.program_id = p.id`,
  );
  return {
    settings: toSettings(row),
    sheet: row?.sheet_id
      ? { id: String(row.sheet_id), status: String(row.sheet_status) as SheetStatus }
      : null,
    conflicted: row?.conflicted === true,
  };
}

const reviewerName = sql`coalesce(nullif(rp.full_name, ''), nullif(ru.name, ''))`;

export const sheetColumns = sql`s.id, s.application_id, s.program_id, s.reviewer_id, ${reviewerName} as reviewer_name,
  s.status, s.scores, s.abstain, s.comments, s.notes, s.total, s.version, s.submitted_at,
  s.reopen_requested_at, s.reopen_note, s.updated_at`;

export const sheetJoins = sql`left join profiles rp on rp.id = s.reviewer_id
  left join "user" ru on ru.id = s.reviewer_id`;

export function toSheet(r: Raw): ScoreSheet {
  return {
    id: String(r.id),
    application_id: String(r.application_id),
    program_id: String(r.program_id),
    reviewer_id: String(r.reviewer_id),
    reviewer_name: str(r.reviewer_name),
    status: String(r.status) as SheetStatus,
    scores: (r.scores as Record<string, number | null>) ?? {},
    abstain: r.abstain === true,
    comments: str(r.comments),
    notes: str(r.notes),
    total: num(r.total),
    version: Number(r.version),
    submitted_at: iso(r.submitted_at),
    reopen_requested_at: iso(r.reopen_requested_at),
    reopen_note: str(r.reopen_note),
    updated_at: iso(r.updated_at)!,
  };
}

/** Every sheet of an application (reviewers by name). */
export async function sheetsOf(db: Db, applicationId: string): Promise<ScoreSheet[]> {
  const found = await rows(
    db,
    sql`select ${sheetColumns} from score_sheets s ${sheetJoins}
      where s.application_id = ${applicationId}
      order by lower(coalesce(${reviewerName}, '')), s.reviewer_id`,
  );
  return found.map(toSheet);
}

export async function sheetById(db: Db, id: string, { lock = false } = {}): Promise<ScoreSheet | null> {
  const [row] = await rows(
    db,
    sql`select ${sheetColumns} from score_sheets s ${sheetJoins} where s.id = ${id}
      ${lock ? sql`for update of s` : sql``}`,
  );
  return row ? toSheet(row) : null;
}

export async function sheetOf(
  db: Db,
  applicationId: string,
  reviewerId: string,
  { lock = false } = {},
): Promise<ScoreSheet | null> {
  const [row] = await rows(
    db,
    sql`select ${sheetColumns} from score_sheets s ${sheetJoins}
      where s.application_id = ${applicationId} and s.reviewer_id = ${reviewerId}
      ${lock ? sql`for update of s` : sql``}`,
  );
  return row ? toSheet(row) : null;
}

/**
 * The program's reviewer pool: its own reviewers, and its organization's reviewers who are not
 * the organization's admins (org admins are made reviewers of their organization automatically;
 * they join the pool by being added to the program). Live users only, by id.
 */
export function poolSql(programId: string): SQL {
  return sql`select distinct u.id as user_id, ${sql`coalesce(nullif(pr.full_name, ''), nullif(u.name, ''))`} as name,
      u.email
    from programs p
    join assignments a on a.kind = 'reviewer' and a.status = 'active'
      and ((a.scope_type = 'program' and a.scope_id = p.id)
        or (a.scope_type = 'org' and a.scope_id = p.organization_id and not exists (
          select 1 from assignments oa where oa.user_id = a.user_id and oa.kind = 'org_admin'
            and oa.status = 'active' and oa.scope_type = 'org' and oa.scope_id = p.organization_id)))
    join "user" u on u.id = a.user_id
    join profiles pr on pr.id = u.id and pr.deleted_at is null
    where p.id = ${programId}`;
}

export interface PoolMember {
  user_id: string;
  name: string | null;
  email: string;
}

export async function poolOf(db: Db, programId: string): Promise<PoolMember[]> {
  const found = await rows(db, sql`select * from (${poolSql(programId)}) pool order by user_id`);
  return found.map((r) => ({ user_id: String(r.user_id), name: str(r.name), email: String(r.email) }));
}

/** The program's submitted applications in their applicant-number order, with their applicants. */
export async function programApplications(db: Db, programId: string) {
  const found = await rows(
    db,
    sql`select a.id, a.user_id from applications a
      where a.program_id = ${programId} and a.status not in ('draft', 'withdrawn')
      order by coalesce(a.submitted_at, a.created_at), a.id`,
  );
  return found.map((r) => ({ id: String(r.id), userId: String(r.user_id) }));
}

export async function programSheetPairs(db: Db, programId: string) {
  const found = await rows(
    db,
    // A withdrawn application's sheets no longer count in the reviewers' loads (issue 31).
    sql`select application_id, reviewer_id, status from score_sheets where program_id = ${programId}
      and application_id not in (select id from applications where program_id = ${programId} and status = 'withdrawn')`,
  );
  return found.map((r) => ({
    applicationId: String(r.application_id),
    reviewerId: String(r.reviewer_id),
    status: String(r.status) as SheetStatus,
  }));
}

export async function programConflictPairs(db: Db, programId: string) {
  const found = await rows(
    db,
    sql`select application_id, reviewer_id from review_conflicts where program_id = ${programId}`,
  );
  return found.map((r) => ({ applicationId: String(r.application_id), reviewerId: String(r.reviewer_id) }));
}

/** Inserts assignments (sheets with status 'assigned'), skipping pairs that exist; returns how many were made. */
export async function insertAssignments(
  tx: Db,
  programId: string,
  pairs: { applicationId: string; reviewerId: string }[],
  by: string,
  at: Date,
): Promise<number> {
  let made = 0;
  for (let i = 0; i < pairs.length; i += 5000) {
    const chunk = pairs.slice(i, i + 5000);
    const result = await rows(
      tx,
      sql`insert into score_sheets (application_id, program_id, reviewer_id, status, assigned_by, created_at, updated_at)
        select x.a, ${programId}, x.r, 'assigned', ${by}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        from unnest(${uuids(chunk.map((p) => p.applicationId))}, ${uuids(chunk.map((p) => p.reviewerId))}) as x(a, r)
        on conflict (application_id, reviewer_id) do nothing
        returning id`,
    );
    made += result.length;
  }
  return made;
}

/**
 * Applicant numbers ("Applicant #N"): an application's place among its program's submitted
 * applications by first submission (then id). Stable: later submissions come after. One statement
 * over the programs of the given applications.
 */
export async function applicantNumbers(db: Db, applicationIds: string[]): Promise<Map<string, number>> {
  if (applicationIds.length === 0) return new Map();
  const ids = uuids([...new Set(applicationIds)]);
  const found = await rows(
    db,
    sql`select id, n from (
        select a.id, row_number() over (partition by a.program_id
          order by coalesce(a.submitted_at, a.created_at), a.id) as n
        from applications a
        where a.status <> 'draft' and a.program_id in (select program_id from applications where id = any(${ids}))
      ) numbered where id = any(${ids})`,
  );
  return new Map(found.map((r) => [String(r.id), Number(r.n)]));
}

import { type SQL, sql } from 'drizzle-orm';
import {
  applicantLabel,
  attachmentName,
  formForReviewer,
  IDENTITY_PROFILE_SECTIONS,
  type ReviewerView,
} from '../../shared/domain/blind-review';
import { visibleAnswers } from '../../shared/domain/conditions';
import { questionHeaders } from '../../shared/domain/exports';
import { takesAnswer, yesNoLabels } from '../../shared/domain/forms';
import { profileFields } from '../../shared/domain/profile-fields';
import {
  collectedProfileFields,
  profileFieldLabels,
  profileFieldsBySection,
} from '../../shared/domain/profile-visibility';
import type { Question } from '../../shared/schemas/forms';
import type { InboxStatus as ApplicationView } from '../../shared/schemas/reviews';
import { inboxViewCondition } from '../reviews/queries';
import { aggregateColumns, aggregatesSql, toAggregate } from '../scoring/aggregates';
import type { ExportProgram } from './access';
import { afterCondition, limitClause, type Raw, type RowQuery } from './rows';
import type { Cell, Column } from './writers';

const sortAt = sql`coalesce(a.submitted_at, a.created_at)`;

/** What the rows carry beyond the application: blind numbering ("Applicant #N"), scoring aggregates. */
export interface RowOptions {
  /** Each submitted application's number in its program (what a blind program shows instead of names). */
  numbered?: boolean;
  /** The independent-scoring aggregates of each application. */
  aggregates?: boolean;
}

/**
 * The program's applications, numbered like the blind review numbers them (shared with
 * scoring/queries applicantNumbers: submitted ones, oldest submission first).
 */
const numberedApplications = (programId: string) => sql`(select a0.*,
    case when a0.status <> 'draft' then row_number() over (partition by a0.status <> 'draft'
      order by coalesce(a0.submitted_at, a0.created_at), a0.id) end as applicant_number
    from applications a0 where a0.program_id = ${programId})`;

/** Applications with their review, result and names, oldest submission first. */
const applicationsWhere =
  (where: SQL, programId: string | null, o: RowOptions = {}): RowQuery =>
  (after, limit) =>
    sql`
    select a.id::text as row_id, ${sortAt}::text as sort_key,
      a.id, a.status, a.late, a.answers, a.profile_snapshot, a.created_at, a.submitted_at, a.updated_at,
      coalesce(nullif(ap.full_name, ''), nullif(au.name, '')) as applicant_name, au.email as applicant_email,
      r.status as review_status, r.score, r.decision, r.comments, r.submitted_at as finalized_at,
      coalesce(nullif(rp.full_name, ''), nullif(ru.name, '')) as reviewer_name,
      pub.published_at
      ${o.numbered && programId ? sql`, a.applicant_number` : sql``}
      ${o.aggregates && programId ? sql`, ${aggregateColumns}` : sql``}
    from ${o.numbered && programId ? numberedApplications(programId) : sql`applications`} a
    ${o.aggregates && programId ? sql`left join (${aggregatesSql(sql`s.program_id = ${programId}`)}) ag on ag.application_id = a.id` : sql``}
    left join reviews r on r.application_id = a.id
    left join publications pub on pub.application_id = a.id
    left join profiles ap on ap.id = a.user_id
    left join "user" au on au.id = a.user_id
    left join profiles rp on rp.id = r.reviewer_id
    left join "user" ru on ru.id = r.reviewer_id
    where ${where}
      ${afterCondition({ expr: sortAt, type: 'timestamptz' }, { expr: sql`a.id`, type: 'uuid' }, after)}
    order by ${sortAt}, a.id
    ${limitClause(limit)}`;

/** The applications of one program in a view (the inbox's), oldest submission first. */
export const applicationRowsQuery = (
  programId: string,
  view: ApplicationView,
  o: RowOptions = {},
): RowQuery =>
  applicationsWhere(sql`a.program_id = ${programId} and ${inboxViewCondition(view)}`, programId, o);

/** One application of a program, as the applications export reads it. */
export const applicationRowQuery = (programId: string, applicationId: string, o: RowOptions = {}): SQL =>
  applicationsWhere(sql`a.program_id = ${programId} and a.id = ${applicationId}`, programId, o)(null, 1);

/** How many rows the file will have (the audit entry says it). */
export function applicationCountQuery(programId: string, view: ApplicationView): SQL {
  return sql`select count(*)::int as n
    from applications a
    left join reviews r on r.application_id = a.id
    left join publications pub on pub.application_id = a.id
    where a.program_id = ${programId} and ${inboxViewCondition(view)}`;
}

interface FileRef {
  fileName: string;
  filePath: string;
}
const isFile = (v: unknown): v is FileRef =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as FileRef).fileName === 'string' &&
  typeof (v as FileRef).filePath === 'string';
const filesOf = (v: unknown): FileRef[] => (Array.isArray(v) ? v.filter(isFile) : isFile(v) ? [v] : []);

const reviewWords: Record<string, string> = { draft: 'commented', submitted: 'finalized' };

/** A non-file answer as a cell: text as written, a checkbox as Yes/No, nothing as an empty cell. */
function answerCell(q: Question, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (q.type === 'checkbox') return value === true;
  if (q.type === 'yes_no') return yesNoLabels[String(value)] ?? String(value);
  if (q.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (Array.isArray(value)) return value.map(String).join('\n');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

export interface ApplicationColumnsContext {
  program: ExportProgram;
  /**
   * A link to a file the exporting user can open (export-links.ts); null when they may not read the
   * program's files (a coalition manager): the file names only.
   */
  link: ((path: string) => string) | null;
  /** What the exporting user sees of the applicants (blind review: no identity, hidden questions). */
  view: ReviewerView;
}

const answersOf = (row: Raw) => (row.answers as Record<string, unknown> | null) ?? {};
const snapshotOf = (row: Raw) => (row.profile_snapshot as Record<string, unknown> | null) ?? {};
const date = (v: unknown): Date | null => (v ? new Date(v as string) : null);

/**
 * Cells for files: their names (one per line; 'Attachment N.ext' when identity is hidden, as the blind
 * review names them), and links the exporting user can open when they may read the files.
 */
function fileColumns(
  header: string,
  get: (row: Raw) => unknown,
  link: ((p: string) => string) | null,
  hideNames: boolean,
): Column<Raw>[] {
  const names: Column<Raw> = {
    header,
    value: (row) =>
      filesOf(get(row))
        .map((f, i) => (hideNames ? attachmentName(i + 1, f.fileName) : f.fileName))
        .join('\n') || null,
    width: 30,
  };
  if (!link) return [names];
  return [
    names,
    {
      header: `${header} (link)`,
      value: (row) =>
        filesOf(get(row))
          .map((f) => link(f.filePath))
          .join('\n') || null,
      width: 40,
    },
  ];
}

/** The independent-scoring aggregates (the same rule as the queues: scoring/aggregates). */
function aggregateColumnsOf(): Column<Raw>[] {
  const ag = (r: Raw) => toAggregate(r);
  return [
    { header: 'Score sheets submitted', value: (r) => ag(r)?.sheets ?? 0 },
    { header: 'Score sheets assigned', value: (r) => ag(r)?.assigned ?? 0 },
    { header: 'Mean score', value: (r) => ag(r)?.mean ?? null },
    { header: 'Median score', value: (r) => ag(r)?.median ?? null },
    { header: 'Score spread', value: (r) => ag(r)?.spread ?? null },
    { header: 'Rank', value: (r) => ag(r)?.rank ?? null },
    { header: 'Reviewers disagree', value: (r) => (ag(r) ? ag(r)!.disagreement : null) },
  ];
}

/**
 * The columns of the applications export, in one place: the application, the applicant (identity),
 * the profile snapshot fields the program collects, one column per question in builder order (two
 * for file questions: names and links), then the review and the result. New columns go here.
 */
export function applicationColumns(ctx: ApplicationColumnsContext): Column<Raw>[] {
  const { program, link, view } = ctx;
  const hidden = view.hideIdentity;
  const columns: Column<Raw>[] = [{ header: 'Application ID', value: (r) => String(r.id), width: 38 }];
  if (hidden) {
    columns.push({
      header: 'Applicant',
      value: (r) => (r.applicant_number ? applicantLabel(Number(r.applicant_number)) : 'Applicant'),
      width: 16,
    });
  } else {
    columns.push(
      { header: 'Applicant', value: (r) => r.applicant_name as string | null, width: 24 },
      { header: 'Applicant email', value: (r) => r.applicant_email as string | null, width: 28 },
    );
  }
  columns.push(
    { header: 'Status', value: (r) => String(r.status) },
    { header: 'Started (UTC)', value: (r) => date(r.created_at), time: true, width: 18 },
    { header: 'Submitted (UTC)', value: (r) => date(r.submitted_at), time: true, width: 18 },
    { header: 'Last saved (UTC)', value: (r) => date(r.updated_at), time: true, width: 18 },
    // Submitted during the program's grace period (issue 31).
    { header: 'Late', value: (r) => (r.late === true ? 'late' : null) },
  );
  // A blind program's reviewers see the writing and experience sections only (shared/domain/blind-review).
  const shownFields = collectedProfileFields(program.form).filter(
    (f) =>
      !hidden ||
      !IDENTITY_PROFILE_SECTIONS.some((s) => (profileFieldsBySection[s] as readonly string[]).includes(f)),
  );
  for (const field of shownFields) {
    const header = `Profile: ${profileFieldLabels[field] ?? field}`;
    const kind = profileFields[field].kind;
    if (kind === 'file' || kind === 'files')
      columns.push(...fileColumns(header, (r) => snapshotOf(r)[field], link, hidden));
    else
      columns.push({
        header,
        value: (r) => {
          const v = snapshotOf(r)[field];
          return v === null || v === undefined || v === '' ? null : (v as Cell);
        },
      });
  }
  const questions = formForReviewer(program.form, view).questions.filter(takesAnswer);
  // Only the answers of questions shown to this applicant (decision 057), worked out once per row.
  const shown = new WeakMap<Raw, Record<string, unknown>>();
  const shownOf = (r: Raw) => {
    const known = shown.get(r);
    if (known) return known;
    const answers = visibleAnswers(program.form.questions, answersOf(r));
    shown.set(r, answers);
    return answers;
  };
  questionHeaders(questions).forEach((header, i) => {
    const q = questions[i];
    if (q.type === 'file') columns.push(...fileColumns(header, (r) => shownOf(r)[q.key], link, hidden));
    else
      columns.push({
        header,
        value: (r) => answerCell(q, shownOf(r)[q.key]),
        width: q.type === 'long_text' ? 50 : 24,
      });
  });
  columns.push(
    {
      header: 'Review status',
      value: (r) => (r.status === 'draft' ? null : (reviewWords[String(r.review_status)] ?? 'not started')),
    },
    { header: 'Score', value: (r) => (r.score === null || r.score === undefined ? null : Number(r.score)) },
    { header: 'Decision', value: (r) => r.decision as string | null },
    { header: 'Reviewer comments', value: (r) => r.comments as string | null, width: 50 },
    { header: 'Last edited by', value: (r) => r.reviewer_name as string | null, width: 24 },
    { header: 'Review finalized (UTC)', value: (r) => date(r.finalized_at), time: true, width: 18 },
    { header: 'Result published (UTC)', value: (r) => date(r.published_at), time: true, width: 18 },
  );
  if (program.scoring.mode === 'independent') columns.push(...aggregateColumnsOf());
  return columns;
}

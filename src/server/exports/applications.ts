import { type SQL, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../shared/domain/applications';
import {
  applicantLabel,
  attachmentName,
  formForReviewer,
  IDENTITY_PROFILE_SECTIONS,
  type ReviewerView,
} from '../../shared/domain/blind-review';
import { displayStatus } from '../../shared/domain/change-requests';
import { visibleAnswers, visibleKeys } from '../../shared/domain/conditions';
import { questionHeaders } from '../../shared/domain/exports';
import { takesAnswer, yesNoLabels } from '../../shared/domain/forms';
import { letterCountText, letterSettings } from '../../shared/domain/letters';
import { profileFields } from '../../shared/domain/profile-fields';
import {
  collectedProfileFields,
  profileFieldLabels,
  profileFieldsBySection,
} from '../../shared/domain/profile-visibility';
import { invitationStateText } from '../../shared/domain/stages';
import { tableRowLines, tableRows, tableTotal, totalColumnOf } from '../../shared/domain/tables';
import type { Question } from '../../shared/schemas/forms';
import type { InboxStatus as ApplicationView, InboxNarrowing } from '../../shared/schemas/reviews';
import {
  invitationStateColumns,
  invitationStateJoin,
  toInvitationState,
} from '../applications/invitation-state';
import { submittedLetterCountsSql } from '../letters/documents';
import { inboxViewCondition, narrowingCondition } from '../reviews/queries';
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
  /** Each application's submitted reference letters per question (`letter_counts`; decision 065). */
  letters?: boolean;
  /** Programs in stages (decision 066): each application's invitation to the next stage (`inv_*`). */
  invitations?: boolean;
  /** The aggregates are joined (alias ag) for a minimum-score filter, without their columns. */
  scores?: boolean;
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
      a.id, a.status, a.late, a.changes_due_at, a.submission_version, a.answers, a.profile_snapshot, a.created_at, a.submitted_at, a.updated_at,
      coalesce(nullif(ap.full_name, ''), nullif(au.name, '')) as applicant_name, au.email as applicant_email,
      r.status as review_status, r.score, r.decision, r.comments, r.submitted_at as finalized_at,
      coalesce(nullif(rp.full_name, ''), nullif(ru.name, '')) as reviewer_name,
      pub.published_at
      ${o.numbered && programId ? sql`, a.applicant_number` : sql``}
      ${o.aggregates && programId ? sql`, ${aggregateColumns}` : sql``}
      ${o.letters ? sql`, ${submittedLetterCountsSql(sql`a.id`)} as letter_counts` : sql``}
      ${o.invitations ? sql`, ${invitationStateColumns}` : sql``}
    from ${o.numbered && programId ? numberedApplications(programId) : sql`applications`} a
    ${(o.aggregates || o.scores) && programId ? sql`left join (${aggregatesSql(sql`s.program_id = ${programId}`)}) ag on ag.application_id = a.id` : sql``}
    ${o.invitations ? invitationStateJoin(sql`a.id`) : sql``}
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

/** The applications of one program in a view (the inbox's) and its narrowing filters, oldest submission first. */
export const applicationRowsQuery = (
  programId: string,
  view: ApplicationView,
  o: RowOptions,
  now: Date,
  narrowing: InboxNarrowing = {},
): RowQuery =>
  applicationsWhere(
    sql`a.program_id = ${programId} and ${inboxViewCondition(view, now)} ${programNarrowing(narrowing)}`,
    programId,
    { ...o, scores: narrowing.min_score !== undefined },
  );

/** One program's narrowing (its stage is the program's own): decision and minimum score (aliases r, ag). */
function programNarrowing(n: InboxNarrowing): SQL {
  return narrowingCondition({ decision: n.decision, min_score: n.min_score });
}

/** One application of a program, as the applications export reads it. */
export const applicationRowQuery = (programId: string, applicationId: string, o: RowOptions = {}): SQL =>
  applicationsWhere(sql`a.program_id = ${programId} and a.id = ${applicationId}`, programId, o)(null, 1);

/** How many rows the file will have (the audit entry says it). */
export function applicationCountQuery(
  programId: string,
  view: ApplicationView,
  now: Date,
  narrowing: InboxNarrowing = {},
): SQL {
  return sql`select count(*)::int as n
    from applications a
    left join reviews r on r.application_id = a.id
    left join publications pub on pub.application_id = a.id
    ${narrowing.min_score !== undefined ? sql`left join (${aggregatesSql(sql`s.program_id = ${programId}`)}) ag on ag.application_id = a.id` : sql``}
    where a.program_id = ${programId} and ${inboxViewCondition(view, now)} ${programNarrowing(narrowing)}`;
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
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date as a date (a day column: YYYY-MM-DD in CSV, a date cell in XLSX); anything else as stored. */
function dayCell(value: unknown): Cell {
  if (typeof value === 'string' && DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime())) return day;
  }
  return String(value);
}

function answerCell(q: Question, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (q.type === 'checkbox') return value === true;
  if (q.type === 'yes_no') return yesNoLabels[String(value)] ?? String(value);
  if (q.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (q.type === 'date') return dayCell(value);
  // A table: one line per filled row ("Item: Venue, Amount: 500"); its total has a column of its own.
  if (q.type === 'table') return tableRowLines(q, value).join('\n') || null;
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
  /** The time of the export: an open change request shows as changes_requested (decision 063). */
  now?: Date;
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
 * for file questions: names and links; two for reference letters: "1 of 2 submitted" and the number),
 * then the review and the result. New columns go here.
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
  // Programs in stages (decision 066): the stage (the program's own place in its chain).
  if (program.stage)
    columns.push(
      ...stageColumns(
        () => program.stage!.number,
        () => program.name,
      ),
    );
  columns.push(
    {
      header: 'Status',
      value: (r) =>
        displayStatus(
          r.status as ApplicationStatus,
          r.changes_due_at as string | null,
          ctx.now ?? new Date(),
        ),
    },
    // Every submitted version is kept (decision 063): 2 and more after a change request.
    {
      header: 'Version',
      value: (r) => (r.status === 'draft' ? null : Number(r.submission_version ?? 1) || 1),
    },
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
          if (v === null || v === undefined || v === '') return null;
          return kind === 'date' ? dayCell(v) : (v as Cell);
        },
        ...(kind === 'date' ? { day: true } : {}),
      });
  }
  const questions = formForReviewer(program.form, view).questions.filter(
    (q) => takesAnswer(q) || q.type === 'reference_letter',
  );
  // Only the answers of questions shown to this applicant (decision 057), worked out once per row.
  const shown = new WeakMap<Raw, Record<string, unknown>>();
  const shownOf = (r: Raw) => {
    const known = shown.get(r);
    if (known) return known;
    const answers = visibleAnswers(program.form, answersOf(r));
    shown.set(r, answers);
    return answers;
  };
  const shownKeys = new WeakMap<Raw, Set<string>>();
  const shownKeysOf = (r: Raw) => {
    const known = shownKeys.get(r);
    if (known) return known;
    const keys = visibleKeys(program.form, answersOf(r));
    shownKeys.set(r, keys);
    return keys;
  };
  questionHeaders(questions).forEach((header, i) => {
    const q = questions[i];
    if (q.type === 'reference_letter') {
      // Letter status only (decision 065): never a letter's text, answers, file or recommender.
      const required = letterSettings(q).minLetters;
      const submitted = (r: Raw) =>
        shownKeysOf(r).has(q.key)
          ? Number((r.letter_counts as Record<string, number> | null)?.[q.key] ?? 0)
          : null;
      columns.push(
        {
          header: `${header} (letters)`,
          value: (r) => {
            const n = submitted(r);
            return n === null ? null : letterCountText(n, required);
          },
          width: 18,
        },
        { header: `${header} (letters submitted)`, value: submitted },
      );
      return;
    }
    if (q.type === 'file') columns.push(...fileColumns(header, (r) => shownOf(r)[q.key], link, hidden));
    else
      columns.push({
        header,
        value: (r) => answerCell(q, shownOf(r)[q.key]),
        width: q.type === 'long_text' || q.type === 'table' ? 50 : 24,
        ...(q.type === 'date' ? { day: true } : {}),
      });
    // A table's total as a number (decision 060): recomputed from the rows, as the server stores it.
    const total = q.type === 'table' ? totalColumnOf(q) : null;
    if (total)
      columns.push({
        header: `${header} (total ${total.label})`,
        value: (r) => {
          const v = shownOf(r)[q.key];
          return v === undefined ? null : tableTotal(q, tableRows(v));
        },
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
  if (program.stage) columns.push(invitationColumn());
  return columns;
}

/** Programs in stages (decision 066): the Stage (its number) and Stage name columns. */
export function stageColumns(number: (r: Raw) => number, name: (r: Raw) => string): Column<Raw>[] {
  return [
    { header: 'Stage', value: (r) => number(r) },
    { header: 'Stage name', value: (r) => name(r), width: 24 },
  ];
}

/**
 * Programs in stages (decision 066): the application's invitation to the next stage, from the
 * `inv_*` columns ("Invited to Full proposal", "Submitted Full proposal", "Invitation withdrawn").
 */
export function invitationColumn(): Column<Raw> {
  return {
    header: 'Next stage invitation',
    value: (r) => {
      const inv = toInvitationState(r);
      return inv ? invitationStateText(inv.status, inv.stage_name) : null;
    },
    width: 28,
  };
}

import { type SQL, sql } from 'drizzle-orm';
import { hasConditions, visibleKeys } from '../../shared/domain/conditions';
import { letterSettings } from '../../shared/domain/letters';
import type { ApplicationForm, Question } from '../../shared/schemas/forms';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Reference letters on the staff's documents and lists (decision 065): the application PDF, the
 * dossier, the exports' status columns and the inbox's "1 of 2". The letters area owns these reads;
 * the other areas call them with the application ids they already hold (one statement per list or
 * chunk, whatever its length). Counts are what anyone who may read the application may see; the
 * content (text, answers, file) only what `staffLetters` would show the same reader.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: readonly string[]) => sql`${`{${ids.filter((id) => UUID.test(id)).join(',')}}`}::uuid[]`;

/** The form's reference_letter questions. */
export const letterQuestionsOf = (form: Pick<ApplicationForm, 'questions'>): Question[] =>
  form.questions.filter((q) => q.type === 'reference_letter');

/**
 * The reference_letter questions shown to this applicant (conditions on their answers, decision 057),
 * less those the admin hid from the reader (`hidden`: the reviewer view's hidden questions).
 */
export function shownLetterQuestions(
  form: ApplicationForm,
  answers: Record<string, unknown>,
  hidden: readonly string[] = [],
): Question[] {
  const letterQs = letterQuestionsOf(form).filter((q) => !hidden.includes(q.key));
  if (letterQs.length === 0 || !hasConditions(form)) return letterQs;
  const shown = visibleKeys(form, answers);
  return letterQs.filter((q) => shown.has(q.key));
}

/**
 * Submitted letters per question of the application with alias `app` (a correlated subquery, e.g.
 * `a.id`): `{"refs": 2}`, null when none. For the exports' row queries.
 */
export const submittedLetterCountsSql = (app: SQL): SQL => sql`(select jsonb_object_agg(lc.question_key, lc.n)
  from (select lr.question_key, count(*)::int as n from letter_requests lr
    where lr.application_id = ${app} and lr.state = 'submitted' group by lr.question_key) lc)`;

/** The bytes of the application's submitted letters' files (the dossier's size estimate). */
export const submittedLetterBytesSql = (app: SQL): SQL => sql`(select coalesce(sum(l.file_size), 0)
  from letter_requests lr join letters l on l.request_id = lr.id
  where lr.application_id = ${app} and lr.state = 'submitted' and l.submitted_at is not null)`;

/** One question's letters: how many are required (its minimum) and how many were submitted. */
export interface LetterQuestionCount {
  key: string;
  label: string;
  required: number;
  submitted: number;
}

/** A submitted letter as the staff's documents print it. */
export interface DocumentLetter {
  requestId: string;
  questionKey: string;
  name: string;
  relationship: string;
  submittedAt: Date;
  /** The admin who uploaded it on the recommender's behalf (null: the recommender). */
  submittedBy: string | null;
  text: string | null;
  answers: { label: string; value: string }[];
  file: { path: string; name: string; size: number | null } | null;
}

export interface ApplicationLetters {
  /** The letter questions shown to this applicant, with their counts (empty: the form asks for none). */
  questions: LetterQuestionCount[];
  /** The submitted letters, in request order; null when the reader sees the counts only. */
  letters: DocumentLetter[] | null;
}

interface LetterRow {
  request_id: string;
  application_id: string;
  question_key: string;
  name?: string;
  relationship?: string;
  submitted_at?: string | Date;
  text?: string | null;
  answers?: Record<string, string> | null;
  file_path?: string | null;
  file_name?: string | null;
  file_size?: string | number | null;
  submitted_by_name?: string | null;
}

/**
 * The letters of these applications of one program, for documents: per application its shown letter
 * questions with their counts and, with `content`, its submitted letters. One statement.
 */
export async function documentLetters(
  db: Db,
  form: ApplicationForm,
  applications: readonly { id: string; answers: Record<string, unknown> | null }[],
  o: { content: boolean; hiddenQuestions?: readonly string[] },
): Promise<Map<string, ApplicationLetters>> {
  const out = new Map<string, ApplicationLetters>();
  if (letterQuestionsOf(form).length === 0 || applications.length === 0) return out;
  const rows = rowsOf<LetterRow>(
    await db.execute(sql`
      select lr.id as request_id, lr.application_id, lr.question_key
        ${
          o.content
            ? sql`, lr.name, lr.relationship, l.submitted_at, l.text, l.answers, l.file_path, l.file_name,
          l.file_size, coalesce(nullif(pr.full_name, ''), nullif(u.name, ''), u.email) as submitted_by_name`
            : sql``
        }
      from letter_requests lr
      join letters l on l.request_id = lr.id
      ${o.content ? sql`left join "user" u on u.id = l.submitted_by left join profiles pr on pr.id = l.submitted_by` : sql``}
      where lr.application_id = any(${uuids(applications.map((a) => a.id))})
        and lr.state = 'submitted' and l.submitted_at is not null
      order by lr.created_at, lr.id`),
  );
  const byApp = new Map<string, LetterRow[]>();
  for (const r of rows) {
    const list = byApp.get(String(r.application_id)) ?? [];
    list.push(r);
    byApp.set(String(r.application_id), list);
  }
  for (const app of applications) {
    const questions = shownLetterQuestions(form, app.answers ?? {}, o.hiddenQuestions);
    const mine = (byApp.get(app.id) ?? []).filter((r) => questions.some((q) => q.key === r.question_key));
    out.set(app.id, {
      questions: questions.map((q) => ({
        key: q.key,
        label: q.label || q.key,
        required: letterSettings(q).minLetters,
        submitted: mine.filter((r) => r.question_key === q.key).length,
      })),
      letters: o.content
        ? mine.map((r) => {
            const q = questions.find((x) => x.key === r.question_key);
            return {
              requestId: String(r.request_id),
              questionKey: r.question_key,
              name: r.name ?? '',
              relationship: r.relationship ?? '',
              submittedAt: new Date(r.submitted_at as string),
              submittedBy: r.submitted_by_name ?? null,
              text: r.text?.trim() ? r.text : null,
              answers: (q?.recommenderQuestions ?? [])
                .filter((rq) => r.answers?.[rq.key])
                .map((rq) => ({ label: rq.label, value: r.answers?.[rq.key] ?? '' })),
              file: r.file_path
                ? {
                    path: r.file_path,
                    name: r.file_name ?? 'letter.pdf',
                    size: r.file_size === null || r.file_size === undefined ? null : Number(r.file_size),
                  }
                : null,
            };
          })
        : null,
    });
  }
  return out;
}

/** Letters of one application: submitted of required, over its shown letter questions. */
export interface LetterProgress {
  submitted: number;
  required: number;
  /** Letters still needed to reach each question's minimum (a question over its minimum makes up for none). */
  missing: number;
}

/**
 * The inbox's letter progress of these applications (null for a program whose form asks for no
 * letters). Two statements whatever the number of rows: the programs' forms, then the counts (with
 * the answers only for forms whose letter questions may be hidden by a condition).
 */
export async function letterProgress(
  db: Db,
  items: readonly { application_id: string; program_id: string }[],
): Promise<Map<string, LetterProgress>> {
  const out = new Map<string, LetterProgress>();
  const programIds = [...new Set(items.map((i) => i.program_id))];
  if (programIds.length === 0) return out;
  const forms = new Map<string, ApplicationForm>();
  for (const p of rowsOf<{ id: string; form: ApplicationForm | null }>(
    await db.execute(sql`select id, form from programs where id = any(${uuids(programIds)})
      and jsonb_path_exists(coalesce(form, '{}'::jsonb), '$.questions[*] ? (@.type == "reference_letter")')`),
  ))
    if (p.form) forms.set(String(p.id), p.form);
  const ids = items.filter((i) => forms.has(i.program_id)).map((i) => i.application_id);
  if (ids.length === 0) return out;
  const conditional = [...forms.entries()].filter(([, f]) => hasConditions(f)).map(([id]) => id);
  const rows = rowsOf<{
    id: string;
    program_id: string;
    counts: Record<string, number> | null;
    answers: Record<string, unknown> | null;
  }>(
    await db.execute(sql`select a.id, a.program_id, ${submittedLetterCountsSql(sql`a.id`)} as counts,
        case when a.program_id = any(${uuids(conditional)}) then a.answers end as answers
      from applications a where a.id = any(${uuids(ids)})`),
  );
  for (const r of rows) {
    const form = forms.get(String(r.program_id));
    if (!form) continue;
    const questions = shownLetterQuestions(form, r.answers ?? {});
    if (questions.length === 0) continue;
    const progress: LetterProgress = { submitted: 0, required: 0, missing: 0 };
    for (const q of questions) {
      const need = letterSettings(q).minLetters;
      const got = Number(r.counts?.[q.key] ?? 0);
      progress.submitted += got;
      progress.required += need;
      progress.missing += Math.max(0, need - got);
    }
    out.set(String(r.id), progress);
  }
  return out;
}

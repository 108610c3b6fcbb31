/**
 * The difference between two submitted versions of an application (issue 31 item 1; decision 063):
 * per question whose answer changed, the old value struck and the new one marked, by question type.
 * Files are compared by their stored object (a new upload with the same name is a change).
 * Pure; the review page renders it and the tests pin it for every question type.
 */
import type { Question } from '../schemas/forms';
import { sameValue } from './answer-merge';
import { tableRowLines, tableTotalText } from './tables';

export type DiffPart = { kind: 'removed' | 'added' | 'same'; text: string };

export interface QuestionDiff {
  key: string;
  label: string;
  type: Question['type'];
  /** The answer was given (added), cleared (removed) or replaced (changed). */
  change: 'added' | 'removed' | 'changed';
  parts: DiffPart[];
}

interface FileLike {
  fileName?: unknown;
  filePath?: unknown;
}

const isFile = (v: unknown): v is FileLike => !!v && typeof v === 'object' && !Array.isArray(v);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** One answer as words (the part of the difference that is shown). */
export function answerText(q: Pick<Question, 'type' | 'unit' | 'columns'>, v: unknown): string {
  if (empty(v)) return '';
  switch (q.type) {
    case 'checkbox':
      return v === true ? 'Checked' : 'Not checked';
    case 'yes_no':
      return v === 'yes' ? 'Yes' : v === 'no' ? 'No' : String(v);
    case 'number':
      return q.unit ? `${v} ${q.unit}` : String(v);
    case 'multi_select':
      return Array.isArray(v) ? v.join(', ') : String(v);
    case 'table':
      return tableRowLines(q, v).join('; ');
    case 'file':
      return isFile(v) && typeof v.fileName === 'string' ? v.fileName : 'File';
    default:
      return typeof v === 'string' ? v : JSON.stringify(v);
  }
}

function fileId(v: unknown): string | null {
  if (!isFile(v)) return null;
  return typeof v.filePath === 'string' ? v.filePath : JSON.stringify(v);
}

function sameAnswer(q: Question, a: unknown, b: unknown): boolean {
  if (empty(a) && empty(b)) return true;
  if (q.type === 'file') return fileId(a) === fileId(b);
  if (q.type === 'table') return tableLines(q, a).join('\n') === tableLines(q, b).join('\n');
  return sameValue(a, b);
}

/** Items of a list answer (choices, table rows) kept plain, dropped struck and new marked, in order. */
function listParts(a: string[], b: string[], order: readonly string[] = []): DiffPart[] {
  return [...new Set([...order, ...a, ...b])]
    .filter((o) => a.includes(o) || b.includes(o))
    .map((o) => ({
      kind: a.includes(o) && b.includes(o) ? 'same' : a.includes(o) ? 'removed' : 'added',
      text: o,
    }));
}

const choicesOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : empty(v) ? [] : [String(v)]);

/** A table answer as lines: each filled row, then its total. */
const tableLines = (q: Question, v: unknown): string[] => {
  const rows = tableRowLines(q, v);
  const total = rows.length ? tableTotalText(q, v) : null;
  return total ? [...rows, total] : rows;
};

function partsOf(q: Question, before: unknown, after: unknown): DiffPart[] {
  if (q.type === 'multi_select') return listParts(choicesOf(before), choicesOf(after), q.options);
  if (q.type === 'table') return listParts(tableLines(q, before), tableLines(q, after));
  const parts: DiffPart[] = [];
  if (!empty(before)) parts.push({ kind: 'removed', text: answerText(q, before) });
  if (!empty(after)) parts.push({ kind: 'added', text: answerText(q, after) });
  return parts;
}

/**
 * What changed from `before` to `after`, in the form's question order; questions without an answer
 * (content blocks, reference letters) and unchanged answers are left out. Keys no longer on the form are ignored.
 */
export function versionDiff(
  questions: readonly Question[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): QuestionDiff[] {
  const out: QuestionDiff[] = [];
  for (const q of questions) {
    // No answer of the applicant's: a content block, or reference letters (written by others, decision 065).
    if (q.type === 'content' || q.type === 'reference_letter') continue;
    const a = before[q.key];
    const b = after[q.key];
    if (sameAnswer(q, a, b)) continue;
    out.push({
      key: q.key,
      label: q.label || q.key,
      type: q.type,
      change: empty(a) ? 'added' : empty(b) ? 'removed' : 'changed',
      parts: partsOf(q, a, b),
    });
  }
  return out;
}

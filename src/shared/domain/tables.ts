/**
 * Table questions (issue 29 item 3, decision 060): rows of columns the admin defines (text, number,
 * date), the fewest and most rows, and an optional total of a number column. Pure: no I/O; the
 * applicant's page, the server's save and submit checks, the review screen, exports and the PDF use
 * these functions.
 *
 * The answer as stored: `{ rows: [{ <column key>: cell }], total?: number }`. A text cell is a string
 * (cut to LIMITS.tableCell), a number cell a JSON number, a date cell `YYYY-MM-DD`; an empty cell is
 * left out of its row. Rows stay in the applicant's order, blank ones included (a row just added must
 * not vanish on autosave); blank rows are skipped wherever answers are shown. `total` is the sum of
 * the total column's cells, always worked out by the server, never taken from the client.
 */
import type { Question, TableColumn } from '../schemas/forms';
import { LIMITS } from './limits';

export type TableCell = string | number;
export type TableRow = Record<string, TableCell>;
export interface TableAnswer {
  rows: TableRow[];
  total?: number;
}

type TableQuestion = Pick<Question, 'label' | 'key' | 'columns' | 'minRows' | 'maxRows' | 'totalColumn'>;

export const tableColumnTypeLabels: Record<TableColumn['type'], string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
};

/** The question's name in a message: `"Budget"`. */
const quotedName = (q: Pick<Question, 'label' | 'key'>) => `"${q.label.trim() || q.key}"`;

export const tableColumns = (q: Pick<Question, 'columns'>): TableColumn[] => q.columns ?? [];

/** The most rows an answer may have (the question's, or the hard cap). */
export const maxRowsOf = (q: Pick<Question, 'maxRows'>) =>
  Math.min(q.maxRows ?? LIMITS.tableRows, LIMITS.tableRows);

/** The fewest complete rows a finished answer has: the question's minimum, at least one. */
export const minRowsOf = (q: Pick<Question, 'minRows'>) => Math.max(q.minRows ?? 0, 1);

/** The column totalled, when it is one of the question's number columns. */
export function totalColumnOf(q: Pick<Question, 'columns' | 'totalColumn'>): TableColumn | null {
  if (!q.totalColumn) return null;
  return tableColumns(q).find((c) => c.key === q.totalColumn && c.type === 'number') ?? null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A sum without the float noise of adding decimals (0.1 + 0.2 is 0.3). */
export function roundTotal(n: number): number {
  return Number(n.toFixed(6));
}

/** The total of the total column over the rows (blank cells count as nothing); null without a total column. */
export function tableTotal(
  q: Pick<Question, 'columns' | 'totalColumn'>,
  rows: readonly unknown[],
): number | null {
  const column = totalColumnOf(q);
  if (!column) return null;
  let sum = 0;
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const v = (row as Record<string, unknown>)[column.key];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
    if (Number.isFinite(n)) sum += n;
  }
  return roundTotal(sum);
}

/** The rows of a stored (or typed) answer; none when it is not a table answer. */
export function tableRows(value: unknown): Record<string, unknown>[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const rows = (value as { rows?: unknown }).rows;
  return Array.isArray(rows)
    ? rows.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? (r as Record<string, unknown>) : {}))
    : [];
}

const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** A row with no cell filled in. */
export const isBlankRow = (q: Pick<Question, 'columns'>, row: Record<string, unknown>) =>
  !tableColumns(q).some((c) => filled(row[c.key]));

/** A row with every cell filled in. */
export const isCompleteRow = (q: Pick<Question, 'columns'>, row: Record<string, unknown>) =>
  tableColumns(q).every((c) => filled(row[c.key]));

/** A number cell as typed: a number, or the text of one; null when it is not one. */
function cellNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

export type TableCheck = { ok: true; value: TableAnswer | null } | { ok: false; problem: string };

/**
 * A table answer against its question, as saved: every cell checked by its column's type (text cut
 * to its limit, numbers as numbers, dates real dates), no more rows than allowed, unknown columns
 * dropped, the total worked out again. Too few rows or unfinished rows are not refused here (the
 * applicant is still typing): submit checks them ({@link tableProblem}). An empty list clears it.
 */
export function checkTable(q: TableQuestion, value: unknown): TableCheck {
  const name = quotedName(q);
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Array.isArray((value as TableAnswer).rows)
  )
    return { ok: false, problem: `${name}: enter the table's rows.` };
  const given = (value as TableAnswer).rows as unknown[];
  if (given.length === 0) return { ok: true, value: null };
  const max = maxRowsOf(q);
  if (given.length > max)
    return { ok: false, problem: `${name}: add at most ${max} ${max === 1 ? 'row' : 'rows'}.` };
  const columns = tableColumns(q);
  const rows: TableRow[] = [];
  for (const [index, raw] of given.entries()) {
    const where = `${name}: row ${index + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      return { ok: false, problem: `${where} is not a row of the table.` };
    const cells = raw as Record<string, unknown>;
    const row: TableRow = {};
    for (const column of columns) {
      const v = cells[column.key];
      if (v === null || v === undefined || v === '') continue;
      const cell = `${where}, ${column.label.trim() || column.key}`;
      if (column.type === 'text') {
        if (typeof v !== 'string') return { ok: false, problem: `${cell}: enter text.` };
        if (!v.trim()) continue;
        row[column.key] = v.slice(0, LIMITS.tableCell);
      } else if (column.type === 'number') {
        const n = cellNumber(v);
        if (n === null) return { ok: false, problem: `${cell}: enter a number.` };
        if (Math.abs(n) > LIMITS.tableNumber)
          return {
            ok: false,
            problem: `${cell}: enter a number no larger than ${LIMITS.tableNumber.toLocaleString('en-US')}.`,
          };
        row[column.key] = n;
      } else {
        if (typeof v !== 'string' || !isRealDate(v))
          return { ok: false, problem: `${cell}: enter a date as YYYY-MM-DD.` };
        row[column.key] = v;
      }
    }
    rows.push(row);
  }
  const total = tableTotal(q, rows);
  return { ok: true, value: total === null ? { rows } : { rows, total } };
}

/**
 * Why a table answer is not finished, or null: a row partly filled in, or fewer complete rows than
 * the question asks for. A table nobody started is only a problem when the question is required.
 * Rows are numbered as the applicant sees them.
 */
export function tableProblem(q: TableQuestion & Pick<Question, 'required'>, value: unknown): string | null {
  const name = quotedName(q);
  const rows = tableRows(value);
  const need = minRowsOf(q);
  const started = rows.filter((r) => !isBlankRow(q, r));
  const atLeast = `${name}: add at least ${need} ${need === 1 ? 'row' : 'rows'}.`;
  if (started.length === 0) return q.required ? atLeast : null;
  const partial = rows.findIndex((r) => !isBlankRow(q, r) && !isCompleteRow(q, r));
  if (partial >= 0) return `${name}: fill in every cell of row ${partial + 1}, or clear it.`;
  return started.length < need ? atLeast : null;
}

/** A cell as text: numbers in the viewer's locale format (1,250), dates and text as stored. */
export function cellText(column: TableColumn, value: unknown, locale?: string): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'number' && typeof value === 'number') return value.toLocaleString(locale ?? 'en-US');
  return String(value);
}

/** The filled rows as readable lines: "Item: Venue, Amount: 500". */
export function tableRowLines(q: Pick<Question, 'columns'>, value: unknown): string[] {
  const columns = tableColumns(q);
  return tableRows(value)
    .filter((r) => !isBlankRow(q, r))
    .map((r) =>
      columns
        .filter((c) => filled(r[c.key]))
        .map((c) => `${c.label}: ${cellText(c, r[c.key])}`)
        .join(', '),
    );
}

/** "Total: 1,250" (with the total column's name when it helps), or null without a total column. */
export function tableTotalText(q: Pick<Question, 'columns' | 'totalColumn'>, value: unknown): string | null {
  const column = totalColumnOf(q);
  if (!column) return null;
  const total = tableTotal(q, tableRows(value)) ?? 0;
  return `Total: ${total.toLocaleString('en-US')}`;
}

/** Why the table's settings cannot be saved (formProblem), or null. */
export function tableSettingsProblem(q: TableQuestion, name: string): string | null {
  const columns = tableColumns(q);
  if (columns.length === 0) return `${name} needs at least one column.`;
  const keys = new Set<string>();
  for (const [i, c] of columns.entries()) {
    if (!c.label.trim()) return `${name}: column ${i + 1} needs a heading.`;
    if (keys.has(c.key)) return `${name}: two columns have the same key.`;
    keys.add(c.key);
  }
  if (q.totalColumn && !totalColumnOf(q)) return `${name}: the total must be of a number column.`;
  if (q.minRows !== undefined && q.maxRows !== undefined && q.minRows > q.maxRows)
    return `${name}: the fewest rows allowed are more than the most.`;
  return null;
}

import type { Question } from '../schemas/forms';

/**
 * Exports (decision 037): CSV and XLSX files of what an admin sees. Rules both formats share live here.
 */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell that begins with `=`, `+`, `-`, `@`,
 * a tab or a carriage return (or their full-width forms, which some spreadsheets also read as
 * operators) could run as a formula when the file is opened. Such a cell gets a leading apostrophe,
 * which spreadsheets show as text and do not evaluate. Every text cell of every CSV export goes
 * through this one function. XLSX needs none of it: its text cells are inline strings, which are never
 * formulas, so XLSX holds the text unaltered (issue 33).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Column headers for a form's questions, in builder order: the label, with the question key when two
 * questions share a label (or a label is blank), so every header is distinct.
 */
export function questionHeaders(questions: Pick<Question, 'key' | 'label'>[]): string[] {
  const counts = new Map<string, number>();
  for (const q of questions) {
    const label = q.label.trim();
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return questions.map((q) => {
    const label = q.label.trim();
    return !label || (counts.get(label) ?? 0) > 1 ? `${label || 'Question'} (${q.key})` : label;
  });
}

/** A safe file name: `riverside-arts-youth-orchestra-applications-2026-06-01.csv`. */
export function exportFileName(parts: string[], format: ExportFormat | 'pdf' | 'zip', day: Date): string {
  const base = parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return `${base || 'export'}-${day.toISOString().slice(0, 10)}.${format}`;
}

/** What the CSV does to cells that could run as formulas, said beside the download buttons and in the notice. */
export const CSV_FORMULA_NOTE =
  'In CSV files, a cell that begins with =, +, -, @ or a tab gets an apostrophe in front, so spreadsheets show it as text and never run it as a formula. XLSX files keep every cell exactly as it was typed.';

export const PERSONAL_DATA_NOTICE = {
  title: 'This file holds personal data',
  body: 'Exports, PDFs and dossiers contain applicants’ personal data: names, contact details, answers and files. Keep them only as long as you need them, store them where only people who need them can open them, and never share them outside your organization.',
  confirm: 'I understand',
  required: 'Please read and accept the personal data notice before downloading.',
};

import type { Readable, Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { type ExportFormat, neutralizeCell } from '../../shared/domain/exports';
import { Cancelled, write } from './flow';
import { xlsxFile } from './xlsx';

export type Cell = string | number | boolean | Date | null | undefined;

/** One column of an export: its header, and its cell for a row. */
export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
  /** XLSX column width in characters (default from the header). */
  width?: number;
  /** Date-time cells (shown in UTC, as the header says). */
  time?: boolean;
  /** Calendar-day cells (a date question's answers, a Date at UTC midnight): YYYY-MM-DD, a date in XLSX. */
  day?: boolean;
}

/** The most characters an XLSX cell holds. */
const XLSX_CELL_MAX = 32_767;
/** Characters XML 1.0 does not allow (they would make the workbook unreadable). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const timeText = (d: Date) =>
  d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');

function csvCell(cell: Cell, day = false): string | number {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return neutralizeCell(cell);
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (cell instanceof Date) return day ? cell.toISOString().slice(0, 10) : timeText(cell);
  return cell;
}

function xlsxCell(cell: Cell): string | number | Date | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') {
    // Text as text, unaltered: an inline string cell is never a formula, so no apostrophe (issue 33).
    // XML keeps no carriage returns (readers turn them into line feeds): say so plainly.
    const clean = cell.replace(XML_INVALID, '').replace(/\r\n?/g, '\n');
    return clean.length > XLSX_CELL_MAX ? `${clean.slice(0, XLSX_CELL_MAX - 1)}…` : clean;
  }
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return cell;
}

/** Runs the producer; a failure ends the file with an error (the download fails), a cancel just stops. */
function produce(target: Readable | Writable, producer: () => Promise<void>) {
  producer().catch((err) => {
    if (!(err instanceof Cancelled)) target.destroy(err);
  });
}

/** CSV for Excel: UTF-8 with a byte-order mark, CRLF between records, every field quoted as needed. */
function csvStream<R>(columns: Column<R>[], chunks: AsyncIterable<R[]>): Readable {
  const out = stringify({ bom: true, record_delimiter: 'windows' });
  produce(out, async () => {
    await write(
      out,
      columns.map((c) => neutralizeCell(c.header)),
    );
    for await (const rows of chunks)
      for (const row of rows)
        await write(
          out,
          columns.map((c) => csvCell(c.value(row), c.day)),
        );
    out.end();
  });
  return out;
}

/** A worksheet name Excel accepts: at most 31 characters, none of []:*?/\ , no apostrophe at either end. */
export const sheetName = (name: string) =>
  name
    .replace(XML_INVALID, '')
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim() || 'Export';

/**
 * XLSX through our streaming writer (xlsx.ts): inline strings (no shared-strings table kept in
 * memory), the header bold and frozen, dates as dates; each row waits while the zip or the reader is
 * behind, so rows are read from the database only as fast as the file leaves.
 */
function xlsxStream<R>(columns: Column<R>[], chunks: AsyncIterable<R[]>, title: string): Readable {
  const file = xlsxFile({
    sheetName: sheetName(title),
    columns: columns.map((c) => ({
      width: c.width ?? Math.min(60, Math.max(12, c.header.length + 2)),
      time: c.time,
      day: c.day,
    })),
  });
  produce(file.body, async () => {
    await file.row(
      columns.map((c) => xlsxCell(c.header)),
      { bold: true },
    );
    for await (const rows of chunks)
      for (const row of rows) {
        const wait = file.row(columns.map((c) => xlsxCell(c.value(row))));
        if (wait) await wait;
      }
    file.end();
  });
  return file.body;
}

/** The file as a stream of bytes (Node), rows read from `chunks` as the reader takes them. */
export function exportStream<R>(
  format: ExportFormat,
  columns: Column<R>[],
  chunks: AsyncIterable<R[]>,
  title: string,
): Readable {
  return format === 'csv' ? csvStream(columns, chunks) : xlsxStream(columns, chunks, title);
}

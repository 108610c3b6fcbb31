import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { type ExportFormat, neutralizeCell } from '../../shared/domain/exports';

export type Cell = string | number | boolean | Date | null | undefined;

/** One column of an export: its header, and its cell for a row. */
export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
  /** XLSX column width in characters (default from the header). */
  width?: number;
  /** Date-time cells (shown in UTC, as the header says). */
  time?: boolean;
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

function csvCell(cell: Cell): string | number {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return neutralizeCell(cell);
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (cell instanceof Date) return timeText(cell);
  return cell;
}

function xlsxCell(cell: Cell): string | number | Date | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') {
    // XML keeps no carriage returns (readers turn them into line feeds): say so plainly, after the
    // formula check has seen the text as it was.
    const clean = neutralizeCell(cell.replace(XML_INVALID, '')).replace(/\r\n?/g, '\n');
    return clean.length > XLSX_CELL_MAX ? `${clean.slice(0, XLSX_CELL_MAX - 1)}…` : clean;
  }
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return cell;
}

/** The reader went away (the download was cancelled): stop reading rows. */
class Cancelled extends Error {}

/** Resolves when `target` wants more; rejects with Cancelled when it is closed first. */
function room(target: Writable): Promise<void> {
  if (target.destroyed) return Promise.reject(new Cancelled());
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      target.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      target.off('drain', onDrain);
      reject(new Cancelled());
    };
    target.once('drain', onDrain);
    target.once('close', onClose);
  });
}

/**
 * Writes one row and waits while the reader is behind: the whole file is never in memory, only what
 * the network has not taken yet (a stream's high-water mark).
 */
async function write(target: Writable, chunk: unknown) {
  if (target.destroyed) throw new Cancelled();
  if (!target.write(chunk)) await room(target);
}

/** Runs the producer; a failure ends the file with an error (the download fails), a cancel just stops. */
function produce(target: Writable, producer: () => Promise<void>) {
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
          columns.map((c) => csvCell(c.value(row))),
        );
    out.end();
  });
  return out;
}

/** A worksheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export';

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed (written out and dropped) as
 * it is added; strings are written inline (no shared-strings table kept in memory).
 */
function xlsxStream<R>(columns: Column<R>[], chunks: AsyncIterable<R[]>, title: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'ApplyHub';
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? Math.min(60, Math.max(12, c.header.length + 2)),
    ...(c.time ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  produce(out, async () => {
    const header = sheet.addRow(columns.map((c) => xlsxCell(c.header)));
    header.font = { bold: true };
    header.commit();
    for await (const rows of chunks) {
      if (out.destroyed) throw new Cancelled();
      for (const row of rows) sheet.addRow(columns.map((c) => xlsxCell(c.value(row)))).commit();
      // Let the zip catch up before reading more rows when the reader is behind.
      if (out.writableNeedDrain) await room(out);
    }
    sheet.commit();
    await workbook.commit();
  });
  return out;
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

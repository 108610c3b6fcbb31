import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { Cancelled, room } from './flow';

/**
 * A streaming .xlsx writer (decision 037, amended): one worksheet of inline strings, numbers and
 * dates, its header row bold and frozen, its columns sized; written into a zip (archiver) whose
 * deflate and reader hold the writer back. Only the parts a workbook needs: content types,
 * relationships, the workbook, its styles (a bold font, date-time and day number formats), the sheet and a
 * line of document properties. exceljs still reads the files in the tests.
 */

/** One column of the sheet. */
export interface SheetColumn {
  /** Width in characters. */
  width: number;
  /** A column of date-times: its empty cells are formatted as dates too. */
  time?: boolean;
  /** A column of calendar days (a date question's answers): its dates show as yyyy-mm-dd. */
  day?: boolean;
}

/** A cell: text, a number, a date-time (shown yyyy-mm-dd hh:mm, in UTC; yyyy-mm-dd in a day column), or nothing. */
export type XlsxCell = string | number | Date | null | undefined;

export interface XlsxOptions {
  sheetName: string;
  columns: SheetColumn[];
  /** Deflate level of the sheet (zlib, 1–9). */
  level?: number;
}

export interface XlsxFile {
  /** The file's bytes as they are made. */
  body: Readable;
  /**
   * Adds the next row. Returns a promise when the writer should wait before adding more (the zip or
   * the reader is behind), rejected with Cancelled when the reader went away; nothing otherwise.
   */
  row(cells: XlsxCell[], o?: { bold?: boolean }): Promise<void> | undefined;
  /** Ends the sheet and the file. */
  end(): void;
}

/** Sheet XML gathered before one write into the zip (characters). */
const FLUSH_AT = 32 * 1024;
/** How much sheet XML may wait for the zip, and zipped bytes for the reader, before the writer is held back. */
const HIGH_WATER = 64 * 1024;

// Cell styles (cellXfs in styles.xml).
const DATE = 1;
const BOLD = 2;
const BOLD_DATE = 3;
const DAY = 4;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 does not allow, and Excel's own escape (_xHHHH_) that must not be read as one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, tested for.
const NEEDS_WORK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>"]|_x[0-9A-Fa-f]{4}_/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data (also fit for a double-quoted attribute). */
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return (
    text
      .replace(XML_INVALID, '')
      // ECMA-376 ST_Xstring: a literal "_xHHHH_" is written with its underscore escaped.
      .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
      .replace(/[&<>"]/g, (ch) => ESCAPES[ch])
  );
}

/** The letters of a column: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Excel's serial date (days since 1899-12-30, the fraction the time of day), for a UTC time. */
export const excelDate = (d: Date) => d.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, value: XlsxCell, bold: boolean, day = false): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return cellXml(ref, String(value), bold);
    return `<c r="${ref}"${bold ? ` s="${BOLD}"` : ''}><v>${value}</v></c>`;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `<c r="${ref}" s="${bold ? BOLD_DATE : day ? DAY : DATE}"><v>${excelDate(value)}</v></c>`;
  }
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${bold ? ` s="${BOLD}"` : ''}><is><t${space}>${xmlText(value)}</t></is></c>`;
}

function sheetStart(columns: SheetColumn[]): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.time ? ` style="${DATE}"` : c.day ? ` style="${DAY}"` : ''}/>`,
    )
    .join('');
  return (
    `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

const SHEET_END = '</sheetData></worksheet>';

/** The parts besides the sheet, in the order they go into the zip. */
function parts(sheetName: string): [string, string][] {
  const type = (part: string, contentType: string) =>
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-${contentType}"/>`;
  return [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        type('/xl/workbook.xml', 'officedocument.spreadsheetml.sheet.main+xml') +
        type('/xl/worksheets/sheet1.xml', 'officedocument.spreadsheetml.worksheet+xml') +
        type('/xl/styles.xml', 'officedocument.spreadsheetml.styles+xml') +
        type('/docProps/core.xml', 'package.core-properties+xml') +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
        '</Relationships>',
    ],
    [
      'docProps/core.xml',
      `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        '<dc:creator>ApplyHub</dc:creator></cp:coreProperties>',
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      `${HEAD}<styleSheet xmlns="${MAIN}">` +
        '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/>' +
        '<numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="5">' +
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        '<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
        '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}

/**
 * A workbook of one sheet, streamed: rows go in as XML text, gathered into writes of about 32 KB to
 * the sheet's entry; when the zip (deflate, then the reader) is behind, `row` returns a promise and the
 * caller waits, so at most a few hundred kilobytes of the file are in memory at any time.
 */
export function xlsxFile(o: XlsxOptions): XlsxFile {
  // archiver's own buffer is 1 MB by default (each way): far more than a reader needs in hand.
  const archive = new ZipArchive({ zlib: { level: o.level ?? 6 }, highWaterMark: HIGH_WATER });
  const sheet = new PassThrough({ highWaterMark: HIGH_WATER });
  // A cancelled download closes the archive: wake a writer waiting for room.
  archive.once('close', () => sheet.destroy());
  for (const [name, xml] of parts(o.sheetName)) archive.append(xml, { name });
  archive.append(sheet, { name: 'xl/worksheets/sheet1.xml' });

  const refs = o.columns.map((_, i) => columnName(i));
  const days = o.columns.map((c) => c.day === true);
  let pending = sheetStart(o.columns);
  let rowNumber = 0;
  let ended = false;
  return {
    body: archive,
    row(cells, style) {
      if (ended) throw new Error('The sheet has ended.');
      if (sheet.destroyed) return Promise.reject(new Cancelled());
      rowNumber++;
      const bold = style?.bold === true;
      let xml = `<row r="${rowNumber}">`;
      for (let i = 0; i < cells.length; i++) {
        xml += cellXml(`${refs[i] ?? columnName(i)}${rowNumber}`, cells[i], bold, days[i]);
      }
      pending += `${xml}</row>`;
      if (pending.length < FLUSH_AT) return undefined;
      const text = pending;
      pending = '';
      return sheet.write(text) ? undefined : room(sheet);
    },
    end() {
      if (ended) return;
      ended = true;
      if (sheet.destroyed) throw new Cancelled();
      sheet.end(pending + SHEET_END);
      pending = '';
      // Errors also reach the archive stream (the download fails); the promise adds nothing.
      archive.finalize().catch(() => {});
    },
  };
}

import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Cancelled } from './flow';
import { columnName, excelDate, xlsxFile, xmlText } from './xlsx';

async function bytesOf(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

async function workbookOf(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  return wb;
}

/** The text of one part of the zip, through exceljs's own unzip (JSZip). */
async function partText(bytes: Buffer, name: string): Promise<string> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(bytes);
  const file = zip.file(name);
  if (!file) throw new Error(`no ${name} in the zip`);
  return file.async('string');
}

/** Resolves once `read()` has stopped growing for a while (the producer is waiting). */
async function settled(read: () => number): Promise<number> {
  let quiet = 0;
  let last = read();
  while (quiet < 5) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const now = read();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

describe('xlsx writer', () => {
  it('names columns like Excel', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  it('escapes XML, drops what XML cannot hold, and keeps a literal _xHHHH_ literal', () => {
    expect(xmlText('plain text, nothing to do')).toBe('plain text, nothing to do');
    expect(xmlText('a < b && "c" > d')).toBe('a &lt; b &amp;&amp; &quot;c&quot; &gt; d');
    expect(xmlText('bell\u0007 and\u0000 nul\uFFFF')).toBe('bell and nul');
    expect(xmlText('line\nfeed\ttab')).toBe('line\nfeed\ttab');
    expect(xmlText('code _x0041_ here')).toBe('code _x005F_x0041_ here');
  });

  it('writes a workbook exceljs reads back: text, numbers, dates, empty cells, bold frozen header, widths', async () => {
    const when = new Date('2026-11-25T10:11:12.345Z');
    const file = xlsxFile({
      sheetName: 'Auditions & "Fees" <2026>',
      columns: [{ width: 38 }, { width: 12 }, { width: 18, time: true }, { width: 50 }],
    });
    const bytes = bytesOf(file.body);
    await file.row(['Application ID', 'Score', 'Submitted (UTC)', 'Essay'], { bold: true });
    await file.row(['a1', 4.5, when, 'Amélie, "the bow" 🎻 <b>&amp;</b>\nsecond line']);
    await file.row(['a2', 0, null, '  spaces kept  ']);
    await file.row(['a3', -12, undefined, '']);
    file.end();
    const out = await bytes;

    const wb = await workbookOf(out);
    expect(wb.worksheets).toHaveLength(1);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Auditions & "Fees" <2026>');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.columns.map((c) => c.width)).toEqual([38, 12, 18, 50]);
    expect(sheet.getColumn(3).numFmt).toBe('yyyy-mm-dd hh:mm');

    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Application ID', 'Score', 'Submitted (UTC)', 'Essay']);
    for (let c = 1; c <= 4; c++) expect(sheet.getRow(1).getCell(c).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(values(2)).toEqual(['a1', 4.5, when, 'Amélie, "the bow" 🎻 <b>&amp;</b>\nsecond line']);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(values(3)).toEqual(['a2', 0, undefined, '  spaces kept  ']);
    expect(values(4)).toEqual(['a3', -12]);
    expect(sheet.rowCount).toBe(4);

    // Inline strings (no shared-strings table), dates as serial numbers in a date style.
    const xml = await partText(out, 'xl/worksheets/sheet1.xml');
    expect(xml).toContain('<c r="A2" t="inlineStr"><is><t>a1</t></is></c>');
    expect(xml).toContain(`<c r="C2" s="1"><v>${excelDate(when)}</v></c>`);
    expect(xml).toContain('<t xml:space="preserve">  spaces kept  </t>');
    await expect(partText(out, 'xl/sharedStrings.xml')).rejects.toThrow();
  });

  it('writes calendar days in a day column as dates shown yyyy-mm-dd', async () => {
    const day = new Date('2026-05-01T00:00:00Z');
    const file = xlsxFile({ sheetName: 'Days', columns: [{ width: 12, day: true }] });
    const bytes = bytesOf(file.body);
    await file.row(['Start date'], { bold: true });
    await file.row([day]);
    file.end();
    const out = await bytes;
    const sheet = (await workbookOf(out)).worksheets[0];
    expect(sheet.getColumn(1).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(2).getCell(1).value).toEqual(day);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(await partText(out, 'xl/worksheets/sheet1.xml')).toContain(
      `<c r="A2" s="4"><v>${excelDate(day)}</v></c>`,
    );
  });

  it('holds the writer back while nobody reads, and lets it go on when the reader does', async () => {
    const file = xlsxFile({ sheetName: 'Big', columns: [{ width: 10 }, { width: 60 }] });
    const total = 20_000;
    // Text that deflate cannot shrink much, so the zip's own buffers fill like a real export's.
    let seed = 1;
    const noise = () =>
      Array.from({ length: 40 }, () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed.toString(36);
      }).join(' ');
    let written = 0;
    let waiting: Promise<void> | undefined;
    const produce = (async () => {
      while (written < total) {
        waiting = file.row([written, noise()]);
        written++;
        if (waiting) await waiting;
      }
      file.end();
    })();

    // Nobody reads: the writer stops after a bounded amount (a few hundred kilobytes of XML), far
    // short of the 20,000 rows (~6 MB of XML) it was given.
    const heldAt = await settled(() => written);
    expect(heldAt).toBeLessThan(5_000);
    expect(waiting).toBeInstanceOf(Promise);

    // Reading lets it finish, and every row is in the file.
    const out = await bytesOf(file.body);
    await produce;
    expect(written).toBe(total);
    const sheet = (await workbookOf(out)).worksheets[0];
    expect(sheet.rowCount).toBe(total);
    expect(sheet.getRow(total).getCell(1).value).toBe(total - 1);
  }, 60_000);

  it('stops a waiting writer with Cancelled when the download is cancelled', async () => {
    const file = xlsxFile({ sheetName: 'Cancelled', columns: [{ width: 10 }] });
    let pending: Promise<void> | undefined;
    for (let i = 0; i < 100_000 && !pending; i++) pending = file.row([`row ${i} ${'x'.repeat(200)}`]);
    expect(pending).toBeInstanceOf(Promise);
    file.body.destroy();
    await expect(pending).rejects.toBeInstanceOf(Cancelled);
    await expect(file.row(['after'])).rejects.toBeInstanceOf(Cancelled);
  });
});

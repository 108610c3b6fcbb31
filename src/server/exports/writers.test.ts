import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Column, exportStream, sheetName } from './writers';

interface Row {
  n: number;
  text: string;
  at: Date;
}

const columns: Column<Row>[] = [
  { header: 'Number', value: (r) => r.n },
  { header: 'Text', value: (r) => r.text, width: 60 },
  { header: 'At (UTC)', value: (r) => r.at, time: true },
];

/** Rows in chunks of 500 like exportRows, counting how many the export has read so far. */
function counted(total: number) {
  let read = 0;
  let closed = false;
  let seed = 7;
  // Text deflate cannot shrink much, so the zip's buffers fill like those of a real export.
  const noise = () =>
    Array.from({ length: 30 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed.toString(36);
    }).join(' ');
  async function* chunks(): AsyncGenerator<Row[]> {
    try {
      for (let start = 0; start < total; start += 500) {
        const rows: Row[] = [];
        for (let n = start; n < Math.min(total, start + 500); n++)
          rows.push({ n, text: noise(), at: new Date(Date.UTC(2026, 10, 1) + n * 60_000) });
        read += rows.length;
        yield rows;
      }
    } finally {
      closed = true;
    }
  }
  return { chunks: chunks(), read: () => read, closed: () => closed };
}

/** Resolves once `value()` has stopped changing for a while (the producer is waiting, or done). */
async function settled<T>(value: () => T): Promise<T> {
  let quiet = 0;
  let last = value();
  while (quiet < 5) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const now = value();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

async function rowsIn(format: 'csv' | 'xlsx', bytes: Buffer): Promise<number> {
  if (format === 'csv') return (parse(bytes, { bom: true }) as string[][]).length;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  return wb.worksheets[0].rowCount;
}

describe('export streams', () => {
  const total = 20_000;

  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: a reader that does not read holds the rows back; reading takes them all`, async () => {
      const source = counted(total);
      const body = exportStream(format, columns, source.chunks, 'Backpressure');
      // Nobody reads: the export stops reading rows after a few chunks, far short of the 20,000.
      const held = await settled(source.read);
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThanOrEqual(5_000);
      // Reading takes every row, and the file has them all (and the header).
      const bytes = await bytesOf(body);
      expect(source.read()).toBe(total);
      expect(source.closed()).toBe(true);
      expect(await rowsIn(format, bytes)).toBe(total + 1);
    }, 60_000);

    it(`${format}: a cancelled download stops reading rows and closes the source`, async () => {
      const source = counted(total);
      const body = exportStream(format, columns, source.chunks, 'Cancelled');
      await settled(source.read);
      body.destroy();
      expect(await settled(source.closed)).toBe(true);
      expect(source.read()).toBeLessThan(total);
    });
  }

  it('names the sheet as Excel allows', () => {
    expect(sheetName('Youth Orchestra: Auditions [2026/27]?')).toBe('Youth Orchestra  Auditions  202');
    expect(sheetName("'Quoted'")).toBe('Quoted');
    expect(sheetName('*?:')).toBe('Export');
    expect(sheetName('')).toBe('Export');
  });
});

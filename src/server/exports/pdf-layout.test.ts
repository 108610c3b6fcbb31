import { describe, expect, it } from 'vitest';
import { PdfWriter } from './pdf-layout';

/** Each line of text pdf.js finds, with its page and position. */
async function textLines(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  const lines: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items)
      if ('str' in item && item.str)
        lines.push(`${p} ${item.transform[4].toFixed(2)},${item.transform[5].toFixed(2)} ${item.str}`);
  }
  await doc.destroy();
  return lines;
}

async function pdfOf(name: string, paragraphs: number) {
  const pdf = await PdfWriter.create(`Application of ${name}`, `${name} · generated for a test`);
  pdf.title(`Application of ${name}`, 'Youth Orchestra Auditions');
  pdf.heading('Answers');
  for (let i = 0; i < paragraphs; i++) {
    pdf.field(`Question ${i + 1}`, `${name} answers, with a comma and "quotes" — é ü ß. `.repeat(12));
    pdf.field('Notes', 'First line\nSecond line\n\nAfter a blank line');
  }
  return pdf.save();
}

describe('PDF layout', () => {
  it('wraps text into lines a leading apart, page after page, each line where it belongs', async () => {
    const lines = await textLines(await pdfOf('Amélie', 12));
    const pages = new Set(lines.map((l) => l.split(' ')[0]));
    expect(pages.size).toBeGreaterThan(1);
    // Lines of one wrapped answer share their x and step down by the leading (10.5 pt × 1.35).
    const answer = lines.filter((l) => l.includes('Amélie answers') || l.includes('quotes'));
    const ys = answer.slice(0, 3).map((l) => Number(l.split(' ')[1].split(',')[1]));
    expect(ys[0] - ys[1]).toBeCloseTo(14.175, 1);
    expect(ys[1] - ys[2]).toBeCloseTo(14.175, 1);
    // A blank line keeps its space: "After a blank line" is two leadings below "Second line".
    const y = (text: string) =>
      Number(
        lines
          .find((l) => l.endsWith(text))!
          .split(' ')[1]
          .split(',')[1],
      );
    expect(y('Second line') - y('After a blank line')).toBeCloseTo(2 * 14.175, 1);
    // Footers carry the page numbers.
    expect(lines.some((l) => l.endsWith(`Page 1 of ${pages.size}`))).toBe(true);
  });

  it('makes PDFs at the same time from the shared fonts exactly as one at a time', async () => {
    const alone = [await textLines(await pdfOf('Amélie', 4)), await textLines(await pdfOf('Bo', 6))];
    const together = await Promise.all([pdfOf('Amélie', 4), pdfOf('Bo', 6)]);
    expect([await textLines(together[0]), await textLines(together[1])]).toEqual(alone);
  });
});

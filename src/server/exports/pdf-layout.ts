import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/**
 * A small flowing-text layout on pdf-lib (decision 037): A4 pages, headings, label/value pairs and
 * wrapped paragraphs, in Liberation Sans (SIL Open Font License 1.1, shipped with pdfjs-dist, which
 * the app already depends on), a Unicode TrueType font embedded as a subset, so accented names
 * print as written. Characters the font has no glyph for (emoji, most CJK) print as '?'.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fontBytes() {
  fonts ??= {
    regular: readFileSync(require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf')),
    bold: readFileSync(require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf')),
  };
  return fonts;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;
/**
 * fontkit, parsing each of our two fonts once per process instead of once per document. A parsed font
 * keeps the tables it has decoded (metrics, character map, glyphs, layout lookups); parsed per PDF,
 * all of that was made again for every PDF and outlived V8's young generation, so a dossier of 1,000
 * PDFs left ~760 MB of garbage in the old generation (~220 MB now). Each document still makes its own
 * subset of the glyphs it uses (createSubset). fontkit decodes synchronously, so two documents made at
 * the same time cannot interleave inside a decode of the shared font.
 */
const parsedFonts = new Map<Uint8Array, Font>();
const sharedFontkit: Fontkit = {
  create(data, postscriptName) {
    let font = postscriptName === undefined ? parsedFonts.get(data) : undefined;
    if (!font) {
      font = fontkit.create(data, postscriptName);
      if (postscriptName === undefined) parsedFonts.set(data, font);
    }
    return font;
  },
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const RULE = rgb(0.8, 0.84, 0.88);

type Glyphs = { hasGlyphForCodePoint(cp: number): boolean };
const glyphsOf = (font: PDFFont) => (font as unknown as { embedder: { font: Glyphs } }).embedder.font;

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];
  /** Pages of other PDFs (appendPdf), added after ours when the document is saved. */
  private readonly appended: PDFPage[] = [];
  /** Widths at size 1 of the words seen, per font: each word is shaped once, not once per line it is tried on. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  static async create(title: string, footer: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(sharedFontkit);
    doc.setTitle(title);
    doc.setCreator('ApplyHub');
    doc.setProducer('ApplyHub');
    const bytes = fontBytes();
    const regular = await doc.embedFont(bytes.regular, { subset: true });
    const bold = await doc.embedFont(bytes.bold, { subset: true });
    return new PdfWriter(doc, regular, bold, footer);
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
  }

  private room(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  /** Text the font can draw: tabs as spaces, no control characters, '?' for glyphs it lacks. */
  private printable(text: string, font: PDFFont): string {
    const glyphs = glyphsOf(font);
    let out = '';
    for (const ch of text.replace(/\t/g, '    ')) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20) continue;
      out += glyphs.hasGlyphForCodePoint(cp) ? ch : '?';
    }
    return out;
  }

  private wordWidth(word: string, font: PDFFont, size: number): number {
    const known = this.widths.get(font) ?? new Map<string, number>();
    this.widths.set(font, known);
    let w = known.get(word);
    if (w === undefined) {
      w = font.widthOfTextAtSize(word, 1);
      known.set(word, w);
    }
    return w * size;
  }

  /**
   * Lines of at most `width` points: by words (a line's width is the sum of its words' widths, so
   * a long essay costs one measurement per word), and a word longer than a line by characters.
   */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const para of text.replace(/\r\n?/g, '\n').split('\n')) {
      const clean = this.printable(para, font);
      if (!clean.trim()) {
        lines.push('');
        continue;
      }
      let line = '';
      let lineWidth = 0;
      for (const word of clean.split(/(\s+)/)) {
        if (!word) continue;
        const w = this.wordWidth(word, font, size);
        if (lineWidth + w <= width) {
          line += word;
          lineWidth += w;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = word.trimStart();
        while (font.widthOfTextAtSize(line, size) > width) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
        lineWidth = this.wordWidth(line, font, size);
      }
      if (line.trim()) lines.push(line.trimEnd());
    }
    return lines;
  }

  /**
   * Wrapped text. The lines that land on one page are drawn as one text object (one drawText of
   * several lines, `leading` apart) rather than a drawText per line: about two PDF operators a line
   * instead of ten, each kept in memory until the file is saved (the text lands where it did).
   */
  private lines(text: string, opts: { size: number; bold?: boolean; color?: typeof TEXT; indent?: number }) {
    const font = opts.bold ? this.bold : this.regular;
    const x = MARGIN + (opts.indent ?? 0);
    const leading = opts.size * 1.35;
    let batch: string[] = [];
    let page = this.page;
    let top = 0;
    const draw = () => {
      if (batch.some((line) => line !== ''))
        page.drawText(batch.join('\n'), {
          x,
          y: top,
          size: opts.size,
          font,
          color: opts.color ?? TEXT,
          lineHeight: leading,
        });
      batch = [];
    };
    for (const line of this.wrap(text, font, opts.size, A4.width - MARGIN - x)) {
      this.room(leading);
      if (this.page !== page) {
        draw();
        page = this.page;
      }
      this.y -= leading;
      if (batch.length === 0) top = this.y;
      batch.push(line);
    }
    draw();
  }

  title(text: string, subtitle?: string) {
    this.lines(text, { size: 18, bold: true });
    if (subtitle) this.lines(subtitle, { size: 11, color: MUTED });
    this.gap(8);
  }

  heading(text: string) {
    this.room(40);
    this.gap(10);
    this.lines(text, { size: 13, bold: true });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 4 },
      end: { x: A4.width - MARGIN, y: this.y - 4 },
      thickness: 0.5,
      color: RULE,
    });
    this.gap(10);
  }

  subheading(text: string) {
    this.room(36);
    this.gap(4);
    this.lines(text, { size: 11.5, bold: true });
    this.gap(4);
  }

  /** A label (bold) and its value under it; an empty value prints as '—'. */
  field(label: string, value: string | null | undefined) {
    this.room(30);
    this.lines(label, { size: 10, bold: true, color: MUTED });
    this.lines(value === null || value === undefined || value === '' ? '—' : value, { size: 10.5 });
    this.gap(6);
  }

  paragraph(text: string, opts: { muted?: boolean; size?: number } = {}) {
    this.lines(text, { size: opts.size ?? 10.5, color: opts.muted ? MUTED : TEXT });
    this.gap(4);
  }

  gap(points: number) {
    this.y -= points;
  }

  /**
   * Another PDF's pages, added after this document's own when it is saved (a reference letter
   * uploaded as a PDF). Returns how many pages it has; throws when the bytes are not a PDF pdf-lib
   * can read (malformed, encrypted, no pages), leaving this document as it was.
   */
  async appendPdf(bytes: Uint8Array): Promise<number> {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const indices = source.getPageIndices();
    if (indices.length === 0) throw new Error('The PDF has no pages.');
    const copied = await this.doc.copyPages(source, indices);
    this.appended.push(...copied);
    return copied.length;
  }

  /** Page numbers and the footer on every page of its own (appended pages are left as they are), then the file's bytes. */
  async save(): Promise<Uint8Array> {
    for (const page of this.appended) this.doc.addPage(page);
    const total = this.pages.length + this.appended.length;
    this.pages.forEach((page, i) => {
      const text = this.printable(`${this.footer} · Page ${i + 1} of ${total}`, this.regular);
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 8, font: this.regular, color: MUTED });
    });
    return this.doc.save({ useObjectStreams: true });
  }
}

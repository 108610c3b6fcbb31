import { deflateSync } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import type { Storage } from '../../storage/storage';
import type { Db } from '../client';
import { files, user } from '../schema';

/**
 * The demo applicant's profile files, generated (no binary assets in the repository): a one-page PDF
 * resume, a PNG headshot, a short WAV recording and a PDF letter. The seed records them; the server
 * writes their bytes to storage on start when they are missing.
 */
export interface DemoFile {
  folder: 'resume' | 'profile';
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

function pdf(lines: string[]): Buffer {
  const text = lines
    .map(
      (l, i) =>
        `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${740 - i * 22} Td (${l.replace(/[()\\]/g, '\\$&')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 160×160 portrait placeholder: a soft gradient with a round "head" and "shoulders". */
function png(size = 160): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const head = (x - size / 2) ** 2 + (y - size * 0.4) ** 2 < (size * 0.18) ** 2;
      const body = (x - size / 2) ** 2 + (y - size * 1.05) ** 2 < (size * 0.42) ** 2;
      const o = y * (size * 3 + 1) + 1 + x * 3;
      const [r, g, b] = head || body ? [226, 232, 240] : [37 + y / 4, 99 + x / 8, 235];
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Two seconds of a quiet A major arpeggio, 8 kHz mono 16-bit PCM. */
function wav(seconds = 2, rate = 8000): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  const notes = [440, 554.37, 659.25, 880];
  for (let i = 0; i < samples; i++) {
    const f = notes[Math.floor((i / samples) * notes.length)];
    const fade = Math.min(1, (samples - i) / (rate * 0.2));
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * f * i) / rate) * 6000 * fade), i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

export function demoApplicantFiles(name: string): { resume: DemoFile; portfolio: DemoFile[] } {
  return {
    resume: {
      folder: 'resume',
      fileName: 'resume.pdf',
      contentType: 'application/pdf',
      bytes: pdf([
        name,
        'Cellist - Riverside, CA',
        'Riverside Youth Strings, principal cello (3 seasons)',
        'Community center beginner lessons, volunteer teacher',
        'Summer folk ensemble: arranger and performer',
        'Certificate of Merit, level 8',
      ]),
    },
    portfolio: [
      { folder: 'profile', fileName: 'headshot.png', contentType: 'image/png', bytes: png() },
      { folder: 'profile', fileName: 'arpeggio-excerpt.wav', contentType: 'audio/wav', bytes: wav() },
      {
        folder: 'profile',
        fileName: 'recommendation-letter.pdf',
        contentType: 'application/pdf',
        bytes: pdf([
          'Letter of recommendation',
          `It is a pleasure to recommend ${name}.`,
          'A dedicated musician and a generous teacher of younger students.',
          '- Dr. Elena Ruiz, Riverside Youth Strings',
        ]),
      },
    ],
  };
}

/** The seeded applications' answer to a recording question. */
export function demoRecording(): DemoFile {
  return { folder: 'profile', fileName: 'audition-recording.wav', contentType: 'audio/wav', bytes: wav(4) };
}

/** The bytes of a seeded demo file, by its name and its owner's name; null for any other file. */
function demoFileBytes(fileName: string, ownerName: string): DemoFile | null {
  if (fileName === demoRecording().fileName) return demoRecording();
  const { resume, portfolio } = demoApplicantFiles(ownerName);
  return [resume, ...portfolio].find((f) => f.fileName === fileName) ?? null;
}

/**
 * The demo files the seed recorded (owned by demo accounts), with their bytes, so the server can write
 * them to storage on start (the seed itself only touches the database).
 */
export async function demoFilesToWrite(db: Db): Promise<Array<{ path: string; file: DemoFile }>> {
  const rows = await db
    .select({ path: files.path, fileName: files.fileName, owner: user.name })
    .from(files)
    .innerJoin(user, eq(user.id, files.ownerId))
    .where(like(user.email, '%@demo.test'));
  return rows.flatMap((r) => {
    const file = demoFileBytes(r.fileName, r.owner);
    return file ? [{ path: r.path, file }] : [];
  });
}

/** Writes the bytes of seeded demo files that storage does not hold yet (idempotent). */
export async function materializeDemoFiles(
  storage: Storage,
  files: Array<{ path: string; file: DemoFile }>,
): Promise<number> {
  let written = 0;
  for (const { path, file } of files) {
    if (await storage.exists(path)) continue;
    await storage.put(
      path,
      (async function* () {
        yield new Uint8Array(file.bytes);
      })(),
      { contentType: file.contentType, maxBytes: file.bytes.length + 1, size: file.bytes.length },
    );
    written++;
  }
  return written;
}

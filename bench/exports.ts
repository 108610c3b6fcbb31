/**
 * Issue 21, on PostgreSQL with the built server in its own process (WORKERS=1, so its memory is one
 * process's): a program's applications exported as CSV and as XLSX at two sizes (default 10,000 and
 * 100,000 applications), each timed to the last byte with the server's peak RSS above its idle RSS
 * just before (VmRSS read from /proc every 20 ms); then the program dossier (a zip of every submitted
 * application's PDF and its files) of the first applications, each with a 1 MB file (default 1,000):
 * applications and MB per second, and the same memory figure. Applications are generated with
 * set-based SQL into the demo's Youth Orchestra Auditions (every question type, ~1 KB of answers each);
 * the 1 MB files are hard links of one file in the server's local storage. Prints figures; asserts
 * nothing about time.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoProgramId } from '../src/server/db/seed/ids';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { freePort, serverEnv, startChild, stopChild, waitReady } from './proc';
import { round, sleep } from './stats';

export interface DownloadFigure {
  what: string;
  rows: number;
  seconds: number;
  mb: number;
  /** VmRSS just before the download, its highest reading during it, and the difference. */
  idleRssMb: number;
  peakRssMb: number;
  growthMb: number;
  /** The machine's 1-minute load average when the download ended (times vary with it; memory less). */
  load: number;
}

export interface ExportsBenchReport {
  exports: DownloadFigure[];
  dossier: (DownloadFigure & { applicationsPerSecond: number; mbPerSecond: number }) | null;
  generateSeconds: number;
}

const PROGRAM = demoProgramId(1);
const FILE_BYTES = 1024 * 1024;
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** Adds applicants `from`..`to` (1-based), each with a submitted application to the program. */
async function addApplications(db: pg.Client, from: number, to: number) {
  await db.query('begin');
  await db.query(
    `insert into "user" (id, email, name, email_verified)
     select gen_random_uuid(), 'export-' || n || '@bench.test', 'Export Applicant ' || n, true
     from generate_series($1::int, $2::int) n`,
    [from, to],
  );
  await db.query(
    `insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
     select id, name, now(), now() from "user"
     where email like 'export-%@bench.test' and split_part(split_part(email, '@', 1), '-', 2)::int between $1 and $2`,
    [from, to],
  );
  // ~1 KB of answers: a select, short text, a long text with commas, quotes, a line break and an
  // emoji, a date, a checkbox; a formula-looking answer every 7th row; the profile snapshot.
  await db.query(
    `insert into applications (program_id, user_id, status, submitted_at, created_at, answers, profile_snapshot)
     select $3::uuid, u.id, 'submitted', now() - (n % 30) * interval '1 day', now() - (n % 30 + 1) * interval '1 day',
       jsonb_build_object(
         'q_instrument', (array['Violin', 'Viola', 'Cello', 'Flute', 'Horn'])[1 + n % 5],
         'q_years_playing', case when n % 7 = 0 then '=1+1' else (n % 12)::text end,
         'q_repertoire', 'Bach: Partita No. 2 in D minor, "Chaconne"; Shostakovich: Concerto No. 1, first movement. ' ||
           repeat('Phrasing, intonation and a clear sense of line — ', 16) || E'\\nTake ' || n || ' 🎻',
         'q_preferred_date', '2026-12-0' || (1 + n % 9),
         'q_rehearsal_commitment', true),
       jsonb_build_object('full_name', u.name, 'email', u.email, 'phone', '+1 555 01' || lpad((n % 100)::text, 2, '0'),
         'city', 'Riverside', 'bio', 'Plays in a string quartet; teaches beginners on Saturdays.')
     from generate_series($1::int, $2::int) n
     join "user" u on u.email = 'export-' || n || '@bench.test'`,
    [from, to, PROGRAM],
  );
  await db.query('commit');
  await db.query('analyze');
}

/**
 * Gives the applications of applicants `1..count` a 1 MB recording: the answer, its `files` row, and
 * the object in the server's storage (a hard link of one file, so 1,000 files cost 1 MB of disk).
 */
async function addRecordings(db: pg.Client, count: number, filesRoot: string) {
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `select a.id, a.user_id from applications a join "user" u on u.id = a.user_id
     where a.program_id = $1 and u.email like 'export-%@bench.test'
       and split_part(split_part(u.email, '@', 1), '-', 2)::int <= $2`,
    [PROGRAM, count],
  );
  const source = path.join(filesRoot, '.bench-recording.mp3');
  mkdirSync(filesRoot, { recursive: true });
  const body = Buffer.alloc(FILE_BYTES, 0x55);
  Buffer.from('ID3').copy(body);
  writeFileSync(source, body);
  for (const r of rows) {
    const objectPath = `applications/${r.id}/q_recording/recording.mp3`;
    mkdirSync(path.dirname(path.join(filesRoot, objectPath)), { recursive: true });
    linkSync(source, path.join(filesRoot, objectPath));
  }
  await db.query(
    `update applications a set answers = a.answers || jsonb_build_object('q_recording', jsonb_build_object(
       'fileName', 'recording.mp3', 'filePath', 'applications/' || a.id || '/q_recording/recording.mp3',
       'fileSize', $2::int, 'contentType', 'audio/mpeg', 'uploadedAt', now()))
     where a.id = any($1::uuid[])`,
    [rows.map((r) => r.id), FILE_BYTES],
  );
  await db.query(
    `insert into files (path, owner_id, application_id, kind, file_name, content_type, size)
     select 'applications/' || a.id || '/q_recording/recording.mp3', a.user_id, a.id, 'answer', 'recording.mp3', 'audio/mpeg', $2::int
     from applications a where a.id = any($1::uuid[])`,
    [rows.map((r) => r.id), FILE_BYTES],
  );
  return rows.length;
}

/** Downloads `url` to nowhere, reading the server's RSS every 20 ms. */
async function download(
  what: string,
  rows: number,
  url: string,
  headers: Record<string, string>,
  pid: number,
): Promise<DownloadFigure> {
  await sleep(2000); // settle after the previous download
  const idle = rssKb(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    const now = rssKb(pid);
    if (now > peak) peak = now;
  }, 20);
  const t0 = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  peak = Math.max(peak, rssKb(pid));
  return {
    what,
    rows,
    seconds: round(seconds, 2),
    mb: round(bytes / 1024 / 1024, 1),
    idleRssMb: round(idle / 1024, 1),
    peakRssMb: round(peak / 1024, 1),
    growthMb: round((peak - idle) / 1024, 1),
    load: round(os.loadavg()[0], 1),
  };
}

export async function runExportsBench(
  database: BenchDatabase,
  root: string,
  o: { sizes: number[]; dossier: number; log: (line: string) => void },
): Promise<ExportsBenchReport> {
  const { log } = o;
  const sizes = [...o.sizes].sort((a, b) => a - b);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-bench-exports-'));
  const nodeArgs = [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ...(process.env.BENCH_EXPORT_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  /**
   * A fresh server process for each download (same database and files), so that each figure is the
   * growth above that process's own idle memory, not above what an earlier download left in its heap.
   */
  const withServer = async <T>(
    fn: (pid: number, base: string, headers: Record<string, string>) => Promise<T>,
  ) => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = startChild(
      'exports server',
      [...nodeArgs, 'dist/server/index.js'],
      serverEnv(port, dataDir, database.url, { WORKERS: '1' }),
      root,
    );
    try {
      await waitReady(child, `${base}/api/health`, 180_000);
      const cookie = await demoSignIn(base, 'admin@demo.test');
      const headers = { cookie, origin: base };
      const notice = await fetch(`${base}/api/me/personal-data-notice`, { method: 'POST', headers });
      if (notice.status !== 200) throw new Error(`personal-data notice: ${notice.status}`);
      return await fn(child.proc.pid!, base, headers);
    } finally {
      await stopChild(child);
    }
  };
  const db = new pg.Client({ connectionString: database.url });
  const report: ExportsBenchReport = { exports: [], dossier: null, generateSeconds: 0 };
  try {
    // The first start migrates and seeds the database.
    await withServer(async () => {});
    await db.connect();

    let have = 0;
    let generated = 0;
    const grow = async (to: number) => {
      const g0 = performance.now();
      await addApplications(db, have + 1, to);
      generated += (performance.now() - g0) / 1000;
      have = to;
    };

    if (o.dossier > 0) {
      await grow(o.dossier);
      const files = await addRecordings(db, o.dossier, path.join(dataDir, 'files'));
      const d = await withServer((pid, base, headers) =>
        download(
          `dossier of ${files} applications with a 1 MB file each`,
          files,
          `${base}/api/programs/${PROGRAM}/dossier`,
          headers,
          pid,
        ),
      );
      report.dossier = {
        ...d,
        applicationsPerSecond: round(files / d.seconds, 1),
        mbPerSecond: round(d.mb / d.seconds, 1),
      };
      log(
        `  ${d.what}: ${d.mb} MB in ${d.seconds} s = ${report.dossier.applicationsPerSecond} applications/s, ${report.dossier.mbPerSecond} MB/s; RSS ${d.idleRssMb} MB idle, peak ${d.peakRssMb} MB (+${d.growthMb} MB); load ${d.load}`,
      );
    }

    for (const size of sizes) {
      await grow(size);
      // Every application of the program (the demo data set's own few included).
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from applications where program_id = $1 and status <> 'draft'`,
        [PROGRAM],
      );
      for (const format of ['csv', 'xlsx'] as const) {
        const f = await withServer((pid, base, headers) =>
          download(
            `${format.toUpperCase()} of ${rows[0].n} applications`,
            rows[0].n,
            `${base}/api/programs/${PROGRAM}/exports/applications?format=${format}&status=all`,
            headers,
            pid,
          ),
        );
        report.exports.push(f);
        log(
          `  ${f.what}: ${f.mb} MB in ${f.seconds} s (${round(f.rows / f.seconds, 0)} rows/s); RSS ${f.idleRssMb} MB idle, peak ${f.peakRssMb} MB (+${f.growthMb} MB); load ${f.load}`,
        );
      }
    }
    report.generateSeconds = round(generated, 1);
    log(`  (applications generated with SQL in ${report.generateSeconds} s in all)`);
    return report;
  } finally {
    await db.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

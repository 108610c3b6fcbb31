/**
 * Upload throughput: the built server (PGlite, local-disk storage) receives a 50 MB file (just under
 * the portfolio limit) streamed over HTTP, three times; prints MB/s per upload and the server's peak
 * RSS during the uploads (read from /proc every 10 ms) beside its RSS before. Never asserts times.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoSignIn } from './load';
import { freePort, startChild, stopChild, waitReady } from './proc';

export interface UploadsBenchReport {
  fileMb: number;
  uploads: { ms: number; mbPerSecond: number; status: number }[];
  rssMbBefore: number | null;
  peakRssMb: number | null;
}

/** An MP4 header (so the sniffer accepts it) followed by zeros: 50 MB minus one byte. */
function mp4(bytes: number): Buffer {
  const body = Buffer.alloc(bytes);
  Buffer.from('000000206674797069736f6d0000020069736f6d69736f326d703431', 'hex').copy(body);
  return body;
}

export async function runUploadsBench(
  root: string,
  serverEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<UploadsBenchReport> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-bench-uploads-'));
  const base = `http://127.0.0.1:${port}`;
  const child = startChild('uploads server', ['dist/server/index.js'], serverEnv(port, dataDir), root);
  try {
    await waitReady(child, `${base}/api/health`, 120_000);
    const cookie = await demoSignIn(base, 'applicant@demo.test');

    const size = 50 * 1024 * 1024 - 1;
    const file = mp4(size);
    const rssMbBefore = child.rssMb();
    let peak = rssMbBefore ?? 0;
    const sampler = setInterval(() => {
      const rss = child.rssMb();
      if (rss !== null && rss > peak) peak = rss;
    }, 10);
    const uploads: UploadsBenchReport['uploads'] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/files?purpose=portfolio`, {
          method: 'POST',
          headers: {
            origin: base,
            cookie,
            'content-type': 'video/mp4',
            'content-length': String(size),
            'x-file-name': encodeURIComponent(`bench-${i}.mp4`),
          },
          body: new Blob([new Uint8Array(file)]),
        });
        await res.arrayBuffer();
        const ms = performance.now() - started;
        const mbPerSecond = Math.round((size / (1024 * 1024) / (ms / 1000)) * 10) / 10;
        uploads.push({ ms: Math.round(ms), mbPerSecond, status: res.status });
        log(`  upload ${i + 1}: ${res.status} in ${Math.round(ms)} ms (${mbPerSecond} MB/s)`);
      }
    } finally {
      clearInterval(sampler);
    }
    log(`  server RSS before ${rssMbBefore ?? '?'} MB, peak during uploads ${peak || '?'} MB`);
    return { fileMb: 50, uploads, rssMbBefore, peakRssMb: peak || null };
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

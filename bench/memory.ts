/**
 * Issue 12 item 7: the server's memory on PGlite. Starts the built server (demo mode) on a fresh data
 * directory (first start: initdb, migrations, demo seed), then again on the same directory (a restart),
 * and reports resident memory (VmRSS) and its peak (VmHWM) when ready, after 10 s of signed-in load
 * at 8 connections, and after 10 s idle.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoSignIn, load } from './load';
import { freePort, startChild, stopChild, waitReady } from './proc';
import { sleep } from './stats';

export interface MemoryReading {
  when: string;
  rssMb: number;
  peakMb: number;
}

function readMemory(pid: number, when: string): MemoryReading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  return { when, rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

export async function runMemoryBench(
  root: string,
  envFor: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<MemoryReading[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-memory-'));
  const readings: MemoryReading[] = [];
  try {
    for (const start of ['first start', 'restart']) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = startChild(`memory ${start}`, ['dist/server/index.js'], envFor(port, dataDir), root);
      try {
        await waitReady(child, `${base}/api/health`, 180_000);
        const pid = child.proc.pid!;
        readings.push(readMemory(pid, `${start}: ready`));
        const cookie = await demoSignIn(base, 'admin@demo.test');
        await load({
          target: 'memory',
          endpoint: 'capabilities',
          url: `${base}/api/me/capabilities`,
          connections: 8,
          seconds: 10,
          headers: { cookie },
        });
        readings.push(readMemory(pid, `${start}: after 10 s of load`));
        await sleep(10_000);
        readings.push(readMemory(pid, `${start}: 10 s idle`));
      } finally {
        await stopChild(child);
      }
    }
    for (const r of readings) log(`  ${r.when}: RSS ${r.rssMb} MB (peak ${r.peakMb} MB)`);
    return readings;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

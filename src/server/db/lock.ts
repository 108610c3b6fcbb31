import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite allows one process per data directory and does not lock it itself.
 * Returns a release function; throws with a clear message when another live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(
        `The data directory ${dataDir} is in use by another ApplyHub process (pid ${pid}). Stop it first, or set DATA_DIR to another directory.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // best effort on shutdown
    }
  };
}

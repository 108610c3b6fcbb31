import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// The child's whole program: PGlite creates the cluster (initdb) and closes it.
const INITDB = `
const [pglite, dir, options] = process.argv.slice(1);
const { PGlite } = await import(pglite);
await (await PGlite.create(dir, JSON.parse(options))).close();
`;

/**
 * Creates a new PGlite cluster in `dir` in a short-lived child process, when there is none yet.
 * initdb runs a second WebAssembly instance and copies the first one's memory; done in the server's
 * own process, 60–150 MB of it stays resident for good (garbage V8 has no reason to collect, and
 * native heap the allocator does not give back), so a first start idled far above a restart
 * (decision 032). The child costs about half a second, on a first start only.
 */
export async function initPglite(dir: string, options: object): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  try {
    await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', INITDB, pglite, dir, JSON.stringify(options)],
      { maxBuffer: 1024 * 1024 },
    );
  } catch (err) {
    const { stderr } = err as { stderr?: string };
    const why = stderr?.trim().split('\n').slice(-3).join(' ') || (err as Error).message;
    throw new Error(`Could not create the embedded database in ${dir}: ${why}`);
  }
}

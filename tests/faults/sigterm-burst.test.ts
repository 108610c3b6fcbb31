/**
 * SIGTERM under a burst of autosaves on PGlite (issue 33 item 15, decision 055): autosaves sent each
 * on a new connection in the moments around the signal are every one answered (saved, or a version
 * conflict) or refused outright (the listener closed before they connected); none is reset after
 * the kernel accepted it. Five runs in a row, each a server of its own on the same data.
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { applicantWithApplication, type RunningServer, startServer } from './support/server';

const RUNS = 5;
const BURST = 41;
/** The burst starts this long before the signal, one save a millisecond. */
const LEAD_MS = 20;

let dataDir: string | null = null;
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A request on its own connection: its status, or the error that ended it (ECONNRESET, …). */
function attempt(url: string, init: { method: string; headers: Record<string, string>; body: string }) {
  return new Promise<number | string>((resolve) => {
    const req = http.request(url, { method: init.method, headers: init.headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    req.setTimeout(30_000, () => {
      resolve('no answer in 30 s');
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end(init.body);
  });
}

it(`answers or cleanly refuses every autosave of a burst around SIGTERM, ${RUNS} runs in a row (PGlite)`, async () => {
  const results: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const server: RunningServer = await startServer(
      { SHUTDOWN_DELAY: '0' },
      { pglite: true, database: dataDir ?? undefined },
    );
    dataDir = server.database;
    try {
      const people = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          applicantWithApplication(server.url, run * 10 + i, demoProgramId(1)),
        ),
      );
      const saves: Promise<number | string>[] = [];
      for (let i = 0; i < BURST; i++) {
        if (i === LEAD_MS) server.child.kill('SIGTERM');
        const p = people[i % people.length];
        saves.push(
          attempt(`${server.url}/api/applications/${p.appId}/answers`, {
            method: 'PUT',
            headers: p.headers,
            body: JSON.stringify({ answers: { q_repertoire: `Burst ${run}.${i}` }, version: 1 }),
          }),
        );
        await new Promise((r) => setTimeout(r, 1));
      }
      const outcomes = await Promise.all(saves);
      const exitCode = await server.exited;
      const counts: Record<string, number> = {};
      for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
      results.push(`run ${run + 1}: ${JSON.stringify(counts)}, exit ${exitCode}`);
      // Saved or a version conflict (saves share applicants), or refused before connecting.
      expect(
        outcomes.filter((o) => o !== 200 && o !== 409 && o !== 'ECONNREFUSED'),
        server.output(),
      ).toEqual([]);
      expect(exitCode).toBe(0);
    } finally {
      await server.crash();
    }
  }
  console.log(results.join('\n'));
}, 600_000);

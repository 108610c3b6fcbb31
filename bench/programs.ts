/**
 * Issue 3 figures, in-process on PostgreSQL: saving a 100-question form and reading the public program
 * page, p50/p99 at 8 concurrent clients over real HTTP, and the SQL statements each request runs
 * (counted on the pool, so every statement counts, not just transactions) for 1, 10 and 100 questions.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';
import { demoProgramId } from '../src/server/db/seed/ids';
import { createNotifier } from '../src/server/realtime/notifier';
import { createStorage } from '../src/server/storage';
import type { ApplicationForm } from '../src/shared/schemas/forms';
import { type LoadResult, load } from './load';
import type { BenchDatabase } from './postgres';

export interface ProgramsBenchReport {
  queriesPerSave: Record<string, number>;
  queriesPerPublicPage: Record<string, number>;
  save100: {
    clients: number;
    seconds: number;
    saves: number;
    perSecond: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
  };
  publicPage: LoadResult;
}

function formWith(n: number): ApplicationForm {
  const types = ['short_text', 'long_text', 'date', 'select', 'checkbox', 'file'] as const;
  return {
    questions: Array.from({ length: n }, (_, i) => ({
      key: `q_${i}`,
      type: types[i % types.length],
      label: `Question ${i + 1}: tell us about your experience`,
      required: i % 3 === 0,
      ...(types[i % types.length] === 'select' ? { options: ['One', 'Two', 'Three'] } : {}),
      ...(types[i % types.length] === 'long_text' ? { maxWords: 250 } : {}),
    })),
    common: { applyhub: true, coalition: false },
    profile: { enabled: true, sections: {} },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

export async function runProgramsBench(db: BenchDatabase, seconds: number): Promise<ProgramsBenchReport> {
  const database = await openPostgres(db.url, 20);
  let statements = 0;
  const pool = database.pool!;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
  // Statements inside transactions go through a checked-out client: count those too.
  pool.on('connect', (client) => {
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements++;
      return clientQuery(...args);
    };
  });
  await migrate(database);
  await seed(database.db, { demo: true });

  const server = serve({ fetch: () => new Response('starting'), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: '/tmp/applyhub-bench-unused',
    LOG_REQUESTS: '0',
    NODE_ENV: 'development',
  });
  const notifier = createNotifier(database);
  await notifier.start();
  const app = createApp({
    config,
    database,
    db: database.db,
    auth: createAuth({ config, db: database.db }),
    clock: systemClock,
    notifier,
    storage: createStorage(config),
  });
  server.removeAllListeners('request');
  const { getRequestListener } = await import('@hono/node-server');
  server.on('request', getRequestListener(app.fetch));

  try {
    const signIn = await fetch(`${base}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'admin@demo.test' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { 'content-type': 'application/json', origin: base, cookie };

    const createDraft = async (name: string) => {
      const res = await fetch(`${base}/api/orgs/riverside-arts/programs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const versionOf = async (id: string) =>
      ((await (await fetch(`${base}/api/programs/${id}/editor`, { headers })).json()) as { version: number })
        .version;

    const queriesPerSave: Record<string, number> = {};
    for (const n of [1, 10, 100]) {
      const id = await createDraft(`Queries ${n}`);
      const version = await versionOf(id);
      const before = statements;
      const res = await fetch(`${base}/api/programs/${id}/form`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ form: formWith(n), version }),
      });
      if (!res.ok) throw new Error(`save failed: ${res.status} ${await res.text()}`);
      queriesPerSave[`${n} questions`] = statements - before;
    }

    const publicId = demoProgramId(1);
    const queriesPerPublicPage: Record<string, number> = {};
    {
      const before = statements;
      await fetch(`${base}/api/programs/${publicId}`);
      queriesPerPublicPage.anonymous = statements - before;
    }

    // 8 clients, each saving its own 100-question draft again and again with the version it got back.
    const clients = 8;
    const ids = await Promise.all(Array.from({ length: clients }, (_, i) => createDraft(`Load ${i}`)));
    const form = formWith(100);
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      ids.map(async (id) => {
        let version = await versionOf(id);
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/programs/${id}/form`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ form, version }),
          });
          const body = (await res.json()) as { program?: { version: number } };
          if (!res.ok || !body.program) {
            errors++;
            version = await versionOf(id);
            continue;
          }
          latencies.push(performance.now() - t0);
          version = body.program.version;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 100) / 100;
    const save100 = {
      clients,
      seconds,
      saves: latencies.length,
      perSecond: round(latencies.length / seconds),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      errors,
    };
    const publicPage = await load({
      target: 'ApplyHub on PostgreSQL (in-process)',
      endpoint: 'GET /api/programs/{id}',
      url: `${base}/api/programs/${publicId}`,
      connections: 8,
      seconds,
    });
    return { queriesPerSave, queriesPerPublicPage, save100, publicPage };
  } finally {
    server.close();
    await notifier.stop();
    await database.close();
  }
}

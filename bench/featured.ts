/**
 * Issue 6 figures, in-process: the discovery page's Featured endpoint (GET /api/featured) with 20
 * visible sections × 20 items (programs, organizations, coalitions) plus hidden and scheduled-out
 * items, p50/p99 at 8 connections over real HTTP, and the SQL statements one request runs (counted
 * on the driver, so every statement counts). Runs on PGlite (in memory) and on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { organizations, programs } from '../src/server/db/schema';
import { seed } from '../src/server/db/seed';
import { createNotifier } from '../src/server/realtime/notifier';
import { createStorage } from '../src/server/storage';
import { emptyApplicationForm } from '../src/shared/schemas/forms';
import { type LoadResult, load } from './load';

export const SECTIONS = 20;
export const ITEMS_PER_SECTION = 20;

export interface FeaturedBenchReport {
  database: 'pglite' | 'postgres';
  sections: number;
  itemsPerSection: number;
  /** Sections and items the endpoint answered with (visible ones). */
  answered: { sections: number; items: number; bytes: number };
  statementsPerRequest: number;
  load: LoadResult;
}

/**
 * Counts every statement the database runs from now on: on PostgreSQL at pg.Client (every pooled
 * statement goes through one, so none is counted twice), on PGlite at its query method.
 */
async function countStatements(database: Database): Promise<() => number> {
  let statements = 0;
  const wrap = (obj: { query: (...a: unknown[]) => unknown }) => {
    const query = obj.query;
    obj.query = function (this: unknown, ...args: unknown[]) {
      statements++;
      return query.apply(this, args);
    };
  };
  if (database.pool) {
    const { default: pg } = await import('pg');
    wrap(pg.Client.prototype as never);
  } else if (database.pglite) {
    wrap(database.pglite as never);
  }
  return () => statements;
}

export async function runFeaturedBench(
  kind: 'pglite' | 'postgres',
  seconds: number,
  postgresUrl?: string,
): Promise<FeaturedBenchReport> {
  const database = kind === 'postgres' ? await openPostgres(postgresUrl!, 20) : await openPglite(null);
  await migrate(database);
  await seed(database.db, { demo: true });
  const statements = await countStatements(database);

  const server = serve({ fetch: () => new Response('starting'), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    PORT: '0',
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
  server.on('request', getRequestListener(app.fetch));

  try {
    // Targets: 20 extra organizations, each with one published program.
    const orgRows = await database.db
      .insert(organizations)
      .values(
        Array.from({ length: ITEMS_PER_SECTION }, (_, i) => ({
          name: `Bench Organization ${i + 1}`,
          slug: `bench-org-${i + 1}`,
          description: 'An organization made by the featured benchmark.',
        })),
      )
      .returning({ id: organizations.id });
    const programRows = await database.db
      .insert(programs)
      .values(
        orgRows.map((o, i) => ({
          organizationId: o.id,
          name: `Bench Program ${i + 1}`,
          type: 'audition' as const,
          description: 'A published program made by the featured benchmark.',
          published: true,
          publishedScope: 'org' as const,
          publishedAt: new Date(),
          reviewStatus: 'published' as const,
          form: emptyApplicationForm(),
          closeAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
        })),
      )
      .returning({ id: programs.id });

    const signIn = await fetch(`${base}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'super@demo.test' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { 'content-type': 'application/json', origin: base, cookie };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    // Sections and items through the manager's API: half programs, half organizations, some with a
    // schedule window that includes now, one in four items with a card colour.
    const now = Date.now();
    for (let s = 0; s < SECTIONS; s++) {
      const { section } = (await post('/super/featured/sections', {
        header: `Bench section ${s + 1}`,
        section_type: s % 2 ? 'gallery' : 'carousel',
      })) as { section: { id: string } };
      for (let i = 0; i < ITEMS_PER_SECTION; i++) {
        const program = i % 2 === 0;
        const pool = program ? programRows : orgRows;
        await post(`/super/featured/sections/${section.id}/items`, {
          target_type: program ? 'program' : 'org',
          target_id: pool[(i + s) % pool.length].id,
          title: `Featured ${s + 1}.${i + 1}`,
          card_color: i % 4 === 0 ? 'bg-teal-600' : null,
          ...(i % 3 === 0
            ? {
                starts_at: new Date(now - 86_400_000).toISOString(),
                ends_at: new Date(now + 30 * 86_400_000).toISOString(),
              }
            : {}),
        });
      }
    }

    const url = `${base}/api/featured`;
    const first = await fetch(url);
    const text = await first.text();
    const body = JSON.parse(text) as { items: { items: unknown[] }[] };
    const before = statements();
    await (await fetch(url)).arrayBuffer();
    const statementsPerRequest = statements() - before;

    const result = await load({
      target: `ApplyHub on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (in-process)`,
      endpoint: 'GET /api/featured (20×20)',
      url,
      connections: 8,
      seconds,
    });
    return {
      database: kind,
      sections: SECTIONS,
      itemsPerSection: ITEMS_PER_SECTION,
      answered: {
        sections: body.items.length,
        items: body.items.reduce((n, s) => n + s.items.length, 0),
        bytes: text.length,
      },
      statementsPerRequest,
      load: result,
    };
  } finally {
    server.close();
    await notifier.stop();
    await database.close();
  }
}

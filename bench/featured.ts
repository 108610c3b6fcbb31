/**
 * Issue 6 figures, in-process: the discovery page's Featured endpoint (GET /api/featured) with 20
 * visible sections × 20 items (programs, organizations, coalitions) plus hidden and scheduled-out
 * items, p50/p99 at 8 connections over real HTTP, and the SQL statements one request runs (counted
 * on the driver, so every statement counts). Runs on PGlite (in memory) and on PostgreSQL.
 */
import { organizations, programs } from '../src/server/db/schema';
import { emptyApplicationForm } from '../src/shared/schemas/forms';
import { startInProcessApp } from './inprocess';
import { demoSignIn, type LoadResult, load, loadLine } from './load';
import type { BenchDatabase } from './postgres';

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

/** On PostgreSQL when `db` is given, else on PGlite in memory. */
export async function runFeaturedBench(
  db: BenchDatabase | null,
  seconds: number,
  log: (line: string) => void,
): Promise<FeaturedBenchReport> {
  const kind = db ? 'postgres' : 'pglite';
  const bench = await startInProcessApp({ postgresUrl: db?.url });
  const { base, database } = bench;
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

    const cookie = await demoSignIn(base, 'super@demo.test');
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
    const { statements: statementsPerRequest } = await bench.measure(async () =>
      (await fetch(url)).arrayBuffer(),
    );

    const result = await load({
      target: `ApplyHub on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (in-process)`,
      endpoint: 'GET /api/featured (20×20)',
      url,
      connections: 8,
      seconds,
    });
    const report: FeaturedBenchReport = {
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
    const { answered } = report;
    log(`\nFeatured endpoint (${result.target}, ${seconds} s):`);
    log(
      `  ${SECTIONS} sections × ${ITEMS_PER_SECTION} items; answered ${answered.sections} sections, ${answered.items} items, ${answered.bytes} bytes`,
    );
    log(`  SQL statements per request: ${statementsPerRequest}`);
    log(`  GET /api/featured @8: ${loadLine(result)}`);
    return report;
  } finally {
    await bench.close();
  }
}

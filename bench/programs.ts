/**
 * Issue 3 figures, in-process on PostgreSQL: saving a 100-question form and reading the public program
 * page, p50/p99 at 8 concurrent clients over real HTTP, and the SQL statements each request runs
 * (each statement once, on the pooled client that runs it) for 1, 10 and 100 questions.
 */
import { demoProgramId } from '../src/server/db/seed/ids';
import type { ApplicationForm } from '../src/shared/schemas/forms';
import { startInProcessApp } from './inprocess';
import { demoSignIn, type LoadResult, load, loadLine } from './load';
import type { BenchDatabase } from './postgres';
import { closedLoop, round, timing } from './stats';

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

export async function runProgramsBench(
  db: BenchDatabase,
  seconds: number,
  log: (line: string) => void,
): Promise<ProgramsBenchReport> {
  const bench = await startInProcessApp({ postgresUrl: db.url });
  const { base } = bench;
  try {
    const cookie = await demoSignIn(base, 'admin@demo.test');
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
      const { value: res, statements } = await bench.measure(() =>
        fetch(`${base}/api/programs/${id}/form`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ form: formWith(n), version }),
        }),
      );
      if (!res.ok) throw new Error(`save failed: ${res.status} ${await res.text()}`);
      queriesPerSave[`${n} questions`] = statements;
    }

    const publicId = demoProgramId(1);
    const queriesPerPublicPage = {
      anonymous: (await bench.measure(() => fetch(`${base}/api/programs/${publicId}`))).statements,
    };

    // 8 clients, each saving its own 100-question draft again and again with the version it got back.
    const clients = 8;
    const ids = await Promise.all(Array.from({ length: clients }, (_, i) => createDraft(`Load ${i}`)));
    const versions = await Promise.all(ids.map(versionOf));
    const form = formWith(100);
    let errors = 0;
    const latencies = await closedLoop(clients, seconds, async (i) => {
      const res = await fetch(`${base}/api/programs/${ids[i]}/form`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ form, version: versions[i] }),
      });
      const body = (await res.json()) as { program?: { version: number } };
      if (!res.ok || !body.program) {
        errors++;
        versions[i] = await versionOf(ids[i]);
        return false;
      }
      versions[i] = body.program.version;
      return true;
    });
    const saves = timing(latencies);
    const save100 = {
      clients,
      seconds,
      saves: saves.n,
      perSecond: round(saves.n / seconds),
      p50Ms: saves.p50Ms,
      p99Ms: saves.p99Ms,
      errors,
    };
    const publicPage = await load({
      target: 'ApplyHub on PostgreSQL (in-process)',
      endpoint: 'GET /api/programs/{id}',
      url: `${base}/api/programs/${publicId}`,
      connections: 8,
      seconds,
    });

    log(`\nPrograms (PostgreSQL, in-process, ${seconds} s):`);
    log(`  SQL statements per form save: ${JSON.stringify(queriesPerSave)}`);
    log(`  SQL statements per public program page: ${JSON.stringify(queriesPerPublicPage)}`);
    log(
      `  save of a 100-question form, ${clients} clients: ${save100.perSecond} saves/s, p50 ${save100.p50Ms} ms, p99 ${save100.p99Ms} ms, errors ${errors}`,
    );
    log(`  public program page @8: ${loadLine(publicPage)}`);
    return { queriesPerSave, queriesPerPublicPage, save100, publicPage };
  } finally {
    await bench.close();
  }
}

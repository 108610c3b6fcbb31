/**
 * The whole save with conditions (issue 29, decision 062): the real autosave path, the applications
 * service's `saveAnswers` (session-free: the actor is given; the form from the form cache, the rules,
 * the conditional UPDATE), in-process on a fresh demo database, for a 100-question form in four
 * sections with 30 question conditions and 2 section conditions, against the same form without
 * conditions. Saves of the two alternate (so the machine's load hits both alike); median of many.
 * Prints; never asserts.
 */
import { sql } from 'drizzle-orm';
import { saveAnswers } from '../src/server/applications/service';
import { systemClock } from '../src/server/clock';
import { demoOrgId } from '../src/server/db/seed/ids';
import type { Actor } from '../src/shared/policy';
import type { ApplicationForm } from '../src/shared/schemas/forms';
import { answers, form } from './conditions';
import { openBenchDb } from './inprocess';
import { round, timing } from './stats';

const actorFor = (userId: string): Actor => ({
  userId,
  email: `${userId}@bench.test`,
  role: 'applicant',
  deleted: false,
  onboarded: true,
  orgAdmin: [],
  coalitionManager: [],
  reviewerOrgs: [],
  reviewerPrograms: [],
  programAdmin: [],
});

/** The id of an INSERT … RETURNING id (PGlite and node-postgres both answer `{ rows }`). */
const idOf = (result: unknown) => (result as { rows: { id: string }[] }).rows[0].id;

/** The bench form in four sections of 25; with conditions, sections 3 and 4 carry one each. */
function sectioned(conditions: number): ApplicationForm {
  const f = form(conditions);
  const keys = ['s1', 's2', 's3', 's4'];
  return {
    ...f,
    questions: f.questions.map((q, i) => ({ ...q, section: keys[Math.floor(i / 25)] })),
    sections: keys.map((key, i) => ({
      key,
      title: `Section ${i + 1}`,
      // On choice questions of earlier sections (q0 and q24 are choices in sections 1).
      ...(conditions && i >= 2
        ? {
            showIf: {
              join: 'all' as const,
              rules: [{ question: i === 2 ? 'q0' : 'q24', op: 'not' as const, value: 'No' }],
            },
          }
        : {}),
    })),
  };
}

export async function runWholeSaveBench(
  log: (line: string) => void,
  options: { postgresUrl?: string; rounds?: number } = {},
) {
  const rounds = options.rounds ?? 1_000;
  const bench = await openBenchDb({ postgresUrl: options.postgresUrl });
  try {
    const { db } = bench.database;
    const apps: { id: string; actor: Actor; version: number }[] = [];
    const forms = [sectioned(0), sectioned(30)];
    const counts = forms.map(
      (f) => f.questions.filter((q) => q.showIf).length + (f.sections ?? []).filter((s) => s.showIf).length,
    );
    for (const [i, f] of forms.entries()) {
      const program = await db.execute(
        sql`insert into programs (organization_id, name, type, published, published_at, review_status, form)
            values (${demoOrgId(1)}, ${`Whole save ${i}`}, 'application', true, now(), 'published', ${JSON.stringify(f)}::jsonb)
            returning id`,
      );
      const programId = idOf(program);
      const user = await db.execute(
        sql`insert into "user" (name, email) values (${`Saver ${i}`}, ${`saver-${i}-${Date.now()}@bench.test`}) returning id`,
      );
      const userId = idOf(user);
      await db.execute(sql`insert into profiles (id, onboarded_at) values (${userId}, now())`);
      const app = await db.execute(
        sql`insert into applications (program_id, user_id) values (${programId}, ${userId}) returning id`,
      );
      apps.push({ id: idOf(app), actor: actorFor(userId), version: 1 });
    }
    const samples: number[][] = [[], []];
    const statements: number[] = [0, 0];
    const save = async (which: number, turn: number, record: boolean) => {
      const a = apps[which];
      const before = bench.statements();
      const t0 = performance.now();
      const r = await saveAnswers(db, systemClock, a.actor, a.id, {
        answers: answers(turn),
        version: a.version,
      });
      const ms = performance.now() - t0;
      a.version = r.version;
      if (record) {
        samples[which].push(ms);
        statements[which] = bench.statements() - before;
      }
    };
    for (let turn = 0; turn < 100; turn++) {
      await save(0, turn, false);
      await save(1, turn, false);
    }
    for (let turn = 0; turn < rounds; turn++) {
      // Alternate which goes first, so neither always follows the other.
      const order = turn % 2 ? [1, 0] : [0, 1];
      for (const which of order) await save(which, turn + 100, true);
    }
    const [a, b] = samples.map(timing);
    const ratio = round(b.p50Ms / a.p50Ms);
    log(
      `\nWhole save (saveAnswers in-process on ${bench.database.kind}; 100 questions in 4 sections, ~14 KB of answers):`,
    );
    log(
      `  without conditions        p50 ${a.p50Ms} ms  p99 ${a.p99Ms} ms  (${a.n} saves, ${statements[0]} statements)`,
    );
    log(
      `  with ${counts[1]} conditions (30 + 2 on sections)  p50 ${b.p50Ms} ms  p99 ${b.p99Ms} ms  (${b.n} saves, ${statements[1]} statements)  ratio p50 ${ratio}×`,
    );
    return { without: a, with: b, conditions: counts[1], ratioP50: ratio, statements };
  } finally {
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await runWholeSaveBench(console.log, {
    postgresUrl: process.env.BENCH_WHOLE_SAVE_DATABASE_URL,
    rounds: Number(process.env.BENCH_WHOLE_SAVE_ROUNDS) || undefined,
  });

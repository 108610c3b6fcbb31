/** Runs only the HTTP autosave bench: `npx tsx bench/autosave-http-only.ts` (BENCH_HTTP_APPLICANTS, default 200). */
import { runAutosaveHttpBench } from './autosave-http';
import { createBenchDatabase } from './postgres';

async function main() {
  const db = await createBenchDatabase(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    await runAutosaveHttpBench(db, {
      applicants: Number(process.env.BENCH_HTTP_APPLICANTS || 200),
      log: console.log,
    });
  } finally {
    await db.drop();
  }
}
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

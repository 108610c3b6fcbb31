/** Runs only the applications bench (deadline rush, All Programs): `npx tsx bench/rush-only.ts`. */
import { runApplicationsBench } from './applications';
import { createBenchDatabase } from './postgres';

async function main() {
  const db = await createBenchDatabase(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const sizes = (process.env.BENCH_RUSH_SIZES || '100,1000,5000').split(',').map(Number);
    const rushSeconds = Number(process.env.BENCH_RUSH_SECONDS || 20);
    await runApplicationsBench(db, { sizes, rushSeconds, log: console.log });
  } finally {
    await db.drop();
  }
}
void main();

import { createBenchDatabase } from '/work/wt/review/bench/postgres';
import { runReviewsBench } from '/work/wt/review/bench/reviews';

const db = await createBenchDatabase('postgres://postgres@127.0.0.1:5432/postgres');
try {
  const r = await runReviewsBench(db, console.log, { full: process.env.FULL === '1', requests: 10 });
  console.log(JSON.stringify(r));
} finally {
  await db.drop();
}

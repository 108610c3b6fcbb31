import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Transactions committed or rolled back in this database so far (from pg_stat_database). */
  transactions(): Promise<number>;
  drop(): Promise<void>;
}

/** Creates a fresh `applyhub_bench_<random>` database next to the one `adminUrl` points at. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `applyhub_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (err) {
    await admin.end().catch(() => {});
    throw err;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async transactions() {
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query(
        'select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = $1',
        [name],
      );
      return Number(rows[0]?.n ?? Number.NaN);
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end().catch(() => {});
      }
    },
  };
}

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../src/server/db/client';
import { MAX_PREPARED_PER_CONNECTION } from '../../src/server/db/prepared-client';

// Prepared statements on PostgreSQL (decision 030); PGlite's are tested in src/server/db/pglite-prepared.test.ts (decision 047).
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  /** One connection, so every statement below runs on the session whose statements we list. */
  async function open(prepare: boolean) {
    database = await openPostgres(url as string, 1, { prepare });
    return database;
  }

  async function preparedTexts(d: Database): Promise<string[]> {
    const { rows } = await d.pool!.query('select statement from pg_prepared_statements order by statement');
    return rows.map((r) => r.statement as string);
  }

  it('prepares a parameterised statement once per connection and reuses it', async () => {
    const d = await open(true);
    for (const n of [1, 2, 3]) {
      const { rows } = await d.pool!.query({ text: 'select $1::int + 1 as next', values: [n] });
      expect(rows).toEqual([{ next: n + 1 }]);
    }
    expect(await preparedTexts(d)).toEqual(['select $1::int + 1 as next']);
  });

  it('leaves statements without parameters on the simple protocol (several may share one text)', async () => {
    const d = await open(true);
    await d.pool!.query('select 1; select 2');
    await d.db.execute(sql`select 3`);
    expect(await preparedTexts(d)).toEqual([]);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} statements per connection; the rest are planned each time`, async () => {
    const d = await open(true);
    const extra = 10;
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + extra; i++) {
      // A distinct text each time: the literal differs, the parameter keeps it parameterised.
      const { rows } = await d.pool!.query(`select $1::int + ${i} as n`, [i]);
      expect(rows).toEqual([{ n: 2 * i }]);
    }
    expect(await preparedTexts(d)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });

  it('prepares nothing with DATABASE_PREPARE=0', async () => {
    const d = await open(false);
    await d.db.execute(sql`select ${1}::int as one`);
    expect(await preparedTexts(d)).toEqual([]);
  });
});

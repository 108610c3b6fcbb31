import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, wrapPglite } from './client';
import { preparePglite } from './pglite-prepared';

// PGlite in memory with the app's wrapping: the prepared path is the one every query of the server takes.
// A fresh PGlite per test (a few seconds each on a busy machine).
describe('prepared statements on PGlite (decision 047)', { timeout: 60_000 }, () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  async function open(prepare = true): Promise<Database> {
    database = await wrapPglite(await PGlite.create(), { prepare });
    return database;
  }

  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

  const preparedTexts = async (pglite: PGlite) =>
    (
      await pglite.query<{ statement: string }>('select statement from pg_prepared_statements order by 1')
    ).rows.map((r) => r.statement);

  it('prepares a parameterised statement once and reuses it', async () => {
    const { db, pglite } = await open();
    for (const n of [1, 2, 3]) {
      expect(rowsOf(await db.execute(sql`select ${n}::int + 1 as next`))).toEqual([{ next: n + 1 }]);
    }
    expect(await preparedTexts(pglite!)).toEqual(['select $1::int + 1 as next']);
  });

  it('prepares nothing when turned off (DATABASE_PREPARE=0)', async () => {
    const { db, pglite } = await open(false);
    await db.execute(sql`select ${1}::int as one`);
    expect(await preparedTexts(pglite!)).toEqual([]);
  });

  it('writes each value for its type and reads rows back as PGlite does', async () => {
    const { pglite } = await open();
    const at = new Date('2026-03-01T12:34:56.789Z');
    const text = 'select $1::jsonb as j, $2::timestamptz as t, $3::text[] as a, $4::int as n, $5::bool as b';
    const params = [{ k: ['v', 1] }, at, ['x', 'y,z'], null, true];
    const expected = { j: { k: ['v', 1] }, t: at, a: ['x', 'y,z'], n: null, b: true };
    expect((await pglite!.query(text, params)).rows).toEqual([expected]);
    expect((await pglite!.query(text, params, { rowMode: 'array' })).rows).toEqual([Object.values(expected)]);
    expect(await preparedTexts(pglite!)).toEqual([text]);
  });

  it('runs a statement without parameters in one batch, unprepared, with its affected rows', async () => {
    const { pglite } = await open();
    await pglite!.query('create table t (id int primary key, v text)');
    const inserted = await pglite!.query(`insert into t values (1, 'a'), (2, 'b')`);
    expect(inserted.affectedRows).toBe(2);
    expect((await pglite!.query('select id, v from t order by id')).rows).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ]);
    expect(await preparedTexts(pglite!)).toEqual([]);
  });

  it('reports a failed statement with its code and query, and goes on working', async () => {
    const { pglite } = await open();
    const bad = pglite!.query('select $1::uuid as id', ['not a uuid']);
    await expect(bad).rejects.toMatchObject({ code: '22P02', query: 'select $1::uuid as id' });
    await expect(pglite!.query('select $1::int as n', [7])).resolves.toMatchObject({ rows: [{ n: 7 }] });
    // A statement that does not parse is not kept: the next one gets the name.
    await expect(pglite!.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(await preparedTexts(pglite!)).toEqual(['select $1::int as n', 'select $1::uuid as id']);
  });

  it('keeps a transaction whole: prepared statements inside it roll back with it', async () => {
    const { db, pglite } = await open();
    await pglite!.exec('create table t (id int primary key)');
    await db.execute(sql`insert into t values (${1})`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (${2})`);
        expect(rowsOf(await tx.execute(sql`select count(*)::int as n from t where id > ${0}`))).toEqual([
          { n: 2 },
        ]);
        await tx.execute(sql`insert into t values (${1})`); // duplicate key: the transaction fails
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from t where id > ${0}`))).toEqual([
      { n: 1 },
    ]);
  });

  it('keeps at most the cap of statements; the rest take PGlite’s own path', async () => {
    const pglite = await PGlite.create();
    try {
      preparePglite(pglite, 3);
      for (let i = 0; i < 5; i++) {
        expect((await pglite.query(`select $1::int + ${i} as n`, [i])).rows).toEqual([{ n: 2 * i }]);
      }
      expect(await preparedTexts(pglite)).toHaveLength(3);
      // Past the cap, a statement still answers correctly.
      expect((await pglite.query('select $1::int * 10 as n', [4])).rows).toEqual([{ n: 40 }]);
    } finally {
      await pglite.close();
    }
  });

  it('still delivers notifications sent by a prepared statement', async () => {
    const { db, pglite } = await open();
    const heard = new Promise<string>((resolve) => void pglite!.listen('topic', resolve));
    await db.execute(sql`select pg_notify(${'topic'}, ${'hello'})`);
    expect(await heard).toBe('hello');
  });
});

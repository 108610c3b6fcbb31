/**
 * The pool's time limits (db/client.ts) on a connection whose replies stop coming, through the
 * fault proxy: a transaction whose statement got no reply does not wait a second time for its
 * ROLLBACK, and the pool goes on with a new connection.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openPostgres, POOL_TIMEOUTS } from '../../src/server/db/client';
import { FaultProxy } from './support/proxy';
import { POSTGRES_URL } from './support/server';

const REPLY_MS = 1_000;
let proxy: FaultProxy;
let database: Database;
beforeAll(async () => {
  const target = new URL(POSTGRES_URL);
  proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(POSTGRES_URL);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  database = await openPostgres(viaProxy.toString(), 1, {
    timeouts: { ...POOL_TIMEOUTS, statement_timeout: REPLY_MS - 100, query_timeout: REPLY_MS },
  });
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
});

it('a transaction whose statement got no reply fails once, and the pool moves on', async () => {
  await database.db.execute(sql`select 1`);
  const started = performance.now();
  const failed = database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.mode = 'blackhole';
      await tx.execute(sql`select 2`);
    })
    .then(
      () => null,
      (err: Error) => err,
    );
  const err = await failed;
  const waited = performance.now() - started;
  proxy.mode = 'pass';
  expect(err).toBeInstanceOf(Error);
  // One reply limit, not two: the ROLLBACK found the connection closed instead of waiting again.
  expect(waited).toBeLessThan(1.8 * REPLY_MS);
  // The one pooled connection was replaced: the next statement works.
  const next = (await database.db.execute(sql`select 3 as n`)) as unknown as { rows: unknown[] };
  expect(next.rows).toEqual([{ n: 3 }]);
});

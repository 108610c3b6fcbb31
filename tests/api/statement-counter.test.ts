import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, statementsDuring, type TestApp } from '../support/test-app';

// The N+1 and "one statement" checks lean on this counter: it must see every statement the
// database receives, including those a transaction sends on the connection it holds.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('statementsDuring', () => {
  it('counts a statement outside a transaction', async () => {
    expect(await statementsDuring(t.database, () => t.deps.db.execute(sql`select 1`))).toBe(1);
  });

  it('counts statements inside a transaction, with its BEGIN and COMMIT', async () => {
    const one = () => t.deps.db.transaction((tx) => tx.execute(sql`select 1`));
    const two = () =>
      t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
    expect(await statementsDuring(t.database, one)).toBe(3);
    // A query added inside a transaction shows in the count.
    expect(await statementsDuring(t.database, two)).toBe(4);
  });

  it('counts parameterised statements once each', async () => {
    const read = async () => {
      await t.deps.db.execute(sql`select ${1}::int`);
      await t.deps.db.transaction((tx) => tx.execute(sql`select ${2}::int`));
    };
    expect(await statementsDuring(t.database, read)).toBe(4);
  });

  it('stops counting when fn ends', async () => {
    await statementsDuring(t.database, async () => {});
    expect(await statementsDuring(t.database, async () => {})).toBe(0);
    await t.deps.db.execute(sql`select 1`);
  });
});

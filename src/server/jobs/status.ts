import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { JOB_SCHEMA, jobIdFor } from './enqueue';
import type { JobName } from './registry';

/**
 * When each of these jobs (by the key it was enqueued with) runs again after a failed attempt: only
 * jobs waiting for a retry are listed. One statement whatever the number of keys.
 */
export async function retriesOf(db: Db, name: JobName, keys: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  if (keys.length === 0) return out;
  const byId = new Map(keys.map((k) => [jobIdFor(name, k), k]));
  const result = await db.execute(sql`
    select id::text as id, start_after from ${sql.raw(JOB_SCHEMA)}.job
    where name = ${name} and id in (${sql.join(
      [...byId.keys()].map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and state = 'retry'`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    start_after: Date | string;
  }[];
  for (const r of rows) {
    const key = byId.get(r.id);
    if (key) out.set(key, new Date(r.start_after));
  }
  return out;
}

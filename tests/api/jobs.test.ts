import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueJob,
  enqueueJobs,
  JOB_SCHEMA,
  jobIdFor,
  PermanentJobError,
  registerJobHandler,
} from '../../src/server/jobs';
import { installJobQueue } from '../../src/server/jobs/install';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { parsePrometheus } from '../support/prometheus';
import { createTestApp, type TestApp } from '../support/test-app';

declare module '../../src/server/jobs/registry' {
  interface JobTypes {
    'test.record': { value: string; failTimes?: number; permanent?: boolean; sleepMs?: number };
  }
}

/** What the test queue's handler did: values done, attempts per value, failures recorded. */
const done: string[] = [];
const attempts = new Map<string, number>();
const failures: { value: string; message: string; attempt: number }[] = [];

registerJobHandler(
  'test.record',
  async (job) => {
    const n = (attempts.get(job.data.value) ?? 0) + 1;
    attempts.set(job.data.value, n);
    if (job.data.permanent) throw new PermanentJobError(`refused ${job.data.value}`);
    if (n <= (job.data.failTimes ?? 0)) throw new Error(`temporary ${n}`);
    if (job.data.sleepMs) await new Promise((r) => setTimeout(r, job.data.sleepMs));
    done.push(job.data.value);
  },
  {
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryBackoff: false,
    onFailure: async (job, error) => {
      failures.push({ value: job.data.value, message: error.message, attempt: job.attempt });
    },
  },
);

const METRICS_TOKEN = 'jobs-metrics-token-0123456789';
let t: TestApp;
let runner: JobRunner | null = null;
beforeAll(async () => {
  t = await createTestApp({ config: { metrics: { token: METRICS_TOKEN, port: null } } });
  // The template was installed before this file registered its queue.
  await installJobQueue(t.database);
});
afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: any[] }).rows);
const jobCount = async (state?: string) =>
  Number(
    rowsOf(
      await t.deps.db.execute(
        sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name = 'test.record' ${
          state ? sql`and state = ${state}::${sql.raw(JOB_SCHEMA)}.job_state` : sql``
        }`,
      ),
    )[0].n,
  );

async function scrape() {
  const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheus(await res.text());
}

describe('job queue', () => {
  it('writes a job only when the caller’s transaction commits', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.record', { value: 'rolled back' }, { key: 'rb' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await jobCount()).toBe(0);

    const id = await t.deps.db.transaction((tx) =>
      enqueueJob(tx, 'test.record', { value: 'a' }, { key: 'a' }),
    );
    expect(id).toBe(jobIdFor('test.record', 'a'));
    expect(await jobCount()).toBe(1);
  });

  it('enqueues a key once', async () => {
    const again = await t.deps.db.transaction((tx) =>
      enqueueJob(tx, 'test.record', { value: 'a (again)' }, { key: 'a' }),
    );
    expect(again).toBeNull();
    await t.deps.db.transaction((tx) =>
      enqueueJobs(tx, 'test.record', [
        { data: { value: 'a (bulk)' }, key: 'a' },
        { data: { value: 'b' }, key: 'b' },
        { data: { value: 'b (twice)' }, key: 'b' },
        { data: { value: 'c', failTimes: 1 }, key: 'c' },
        { data: { value: 'd', failTimes: 5 }, key: 'd' },
        { data: { value: 'e', permanent: true }, key: 'e' },
      ]),
    );
    expect(await jobCount()).toBe(5);
  });

  it('works every job; retries temporary failures; records permanent ones once', async () => {
    runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5, metrics: t.metrics });
    await runner.drained({ timeoutMs: 20_000 });
    expect(done.sort()).toEqual(['a', 'b', 'c']);
    // c failed once then succeeded; d failed on all three attempts; e once, not retried.
    expect(attempts.get('c')).toBe(2);
    expect(attempts.get('d')).toBe(3);
    expect(attempts.get('e')).toBe(1);
    expect(failures.sort((x, y) => x.value.localeCompare(y.value))).toEqual([
      { value: 'd', message: 'temporary 3', attempt: 3 },
      { value: 'e', message: 'refused e', attempt: 1 },
    ]);
    expect(await jobCount('completed')).toBe(3);
    expect(await jobCount('failed')).toBe(2);

    // The metrics: c's one retry and d's two, then d and e given up; nothing waiting, two failed.
    const after = await scrape();
    const failed = (outcome: string) =>
      after.find('applyhub_job_failures_total', { queue: 'test.record', outcome })[0]?.value;
    expect(failed('retry')).toBe(3);
    expect(failed('failed')).toBe(2);
    expect(after.find('applyhub_jobs', { queue: 'test.record', state: 'created' })[0]?.value).toBe(0);
    expect(after.find('applyhub_jobs', { queue: 'test.record', state: 'failed' })[0]?.value).toBe(2);
  });

  it('wakes the worker when a job commits', async () => {
    await t.deps.db.transaction((tx) => enqueueJob(tx, 'test.record', { value: 'f' }, { key: 'f' }));
    await runner!.drained({ timeoutMs: 10_000 });
    expect(done).toContain('f');
  });

  it('keeps a job it works past its lease; retries one whose process died once its lease ends', async () => {
    await runner!.stop();
    // Leases of 2 s (renewed every 0.67 s, lost jobs looked for every second) instead of 30 s.
    runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5, leaseSeconds: 2 });

    // Worked for 5 s, longer than its lease: renewed, never taken back and started a second time.
    await t.deps.db.transaction((tx) =>
      enqueueJob(tx, 'test.record', { value: 'slow', sleepMs: 5_000 }, { key: 'slow' }),
    );
    await runner.drained({ timeoutMs: 20_000 });
    expect(attempts.get('slow')).toBe(1);
    expect(done).toContain('slow');

    // Fetched by a process that died (kill -9): active, its 2 s lease never renewed. (Enqueued for
    // later, so that this process cannot fetch it first.)
    await t.deps.db.transaction((tx) =>
      enqueueJob(tx, 'test.record', { value: 'orphan' }, { key: 'orphan', startAfter: 3600 }),
    );
    await t.deps.db.execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job set state = 'active', started_on = now(), expire_in = interval '2 seconds'
          where name = 'test.record' and id = ${jobIdFor('test.record', 'orphan')}`,
    );
    const t0 = Date.now();
    await runner.drained({ timeoutMs: 20_000 });
    expect(Date.now() - t0).toBeGreaterThan(1_000); // taken back only once its lease ended
    expect(attempts.get('orphan')).toBe(1);
    expect(done).toContain('orphan');
  });
});

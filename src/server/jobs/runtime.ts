import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { Deps } from '../context';
import type { Metrics } from '../metrics/metrics';
import { JOB_SCHEMA, wakeTopic } from './enqueue';
import { databaseExecutor, type SqlExecutor } from './executor';
import './handlers';
import { LEASE_RENEW_SECONDS, LEASE_SECONDS, queueOptionsOf } from './install';
import { type Job, type JobDefinition, type JobName, jobDefinitions, PermanentJobError } from './registry';

export interface JobRunnerOptions {
  /** Seconds between polls of an idle queue (a committed job also wakes its workers at once). */
  pollingIntervalSeconds?: number;
  /** Runs pg-boss maintenance (expiring lost jobs, archiving) and the cron schedules (default true). */
  supervise?: boolean;
  /** Per-queue overrides of the registered options (tests: short retry delays). */
  overrides?: Partial<Record<JobName, Partial<JobDefinition['options']>>>;
  /** Seconds a fetched job stays this process's without a renewal (default {@link LEASE_SECONDS}; tests: short). */
  leaseSeconds?: number;
  log?: (message: string) => void;
  /** The process's metrics: queue depth by state, and failed attempts (decision 039). */
  metrics?: Pick<Metrics, 'addGauge' | 'counter'> | null;
}

export interface JobRunner {
  /** Fetches from every queue now instead of at the next poll. */
  wake(): void;
  /**
   * Resolves once no registered queue has a job waiting, retrying or running (delayed retries
   * included), checked each time a worker finishes a batch or finds its queue empty; rejects after
   * `timeoutMs` with what is still pending.
   */
  drained(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops fetching, lets the jobs in hand finish (bounded), then stops pg-boss. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

const MAX_IDLE_BACKOFF_MS = 30_000;

/**
 * Works every registered queue in this process. Each queue has one fetch loop: it takes a batch
 * (pg-boss: `FOR UPDATE SKIP LOCKED`, so any number of processes share a queue without taking a
 * job twice), runs its handlers a few at a time, completes the ones that succeeded in one
 * statement and fails the others (pg-boss schedules the retry with backoff). A permanent error,
 * or a failure on the last attempt, is reported to the queue's `onFailure` once.
 */
export async function startJobs(deps: Deps, options: JobRunnerOptions = {}): Promise<JobRunner> {
  const { database, notifier } = deps;
  const log = options.log ?? ((m: string) => console.error(m));
  const pollMs = Math.max(0.5, options.pollingIntervalSeconds ?? 2) * 1000;
  const executor: SqlExecutor = databaseExecutor(database);
  const lease = options.leaseSeconds ?? LEASE_SECONDS;
  const renewEveryMs = Math.min(LEASE_RENEW_SECONDS, lease / 3) * 1000;
  const definitions = jobDefinitions().map((d) => ({
    ...d,
    options: { ...d.options, ...(options.overrides as Record<string, object> | undefined)?.[d.name] },
  }));

  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: executor,
    migrate: false,
    supervise: options.supervise ?? true,
    schedule: (options.supervise ?? true) && definitions.some((d) => d.options.schedule),
    // Lost jobs (their process died and stopped renewing their lease) are retried within a lease
    // and a half (45 s); one process acts per interval.
    maintenanceIntervalSeconds: Math.max(1, Math.floor(lease / 2)),
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    deleteAfterDays: 30,
  });
  boss.on('error', (err: Error) => log(`job queue: ${err.message}`));
  await boss.start();
  for (const d of definitions) {
    await boss.updateQueue(d.name, queueOptionsOf(d, lease));
    if (d.options.schedule) await boss.schedule(d.name, d.options.schedule, {}, { tz: 'UTC' });
  }

  const failedAttempts = options.metrics?.counter(
    'applyhub_job_failures_total',
    'Failed job attempts by queue: outcome "retry" (another attempt follows) or "failed" (given up).',
    ['queue', 'outcome'],
  );

  const events = new EventEmitter();
  events.setMaxListeners(0);
  let stopping = false;
  /** Jobs being worked right now, by queue: failed back to their queue if a stop cannot wait for them. */
  const inHand = new Map<string, Set<string>>();
  /** Jobs fetched and not yet completed or failed, by queue: their leases are renewed. */
  const leased = new Map<string, Set<string>>();
  const leasedOf = (name: string) => {
    const set = leased.get(name) ?? new Set<string>();
    leased.set(name, set);
    return set;
  };
  const timeoutOf = new Map<string, number>(definitions.map((d) => [d.name, d.options.timeoutSeconds]));
  /**
   * Renews the lease of every job in hand (one statement per queue), never past the queue's
   * timeout: a handler stuck longer than that loses its job to a retry, as before.
   */
  const renewLeases = async () => {
    for (const [name, ids] of leased) {
      if (ids.size === 0) continue;
      await executor
        .executeSql(
          `UPDATE ${JOB_SCHEMA}.job SET expire_in = least(now() - started_on + make_interval(secs => $3), make_interval(secs => $4))
           WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
          [name, [...ids], lease, timeoutOf.get(name) ?? lease],
        )
        .catch((err: unknown) => log(`job queue ${name}: renewing leases failed: ${String(err)}`));
    }
  };
  const renewer = setInterval(() => void renewLeases(), renewEveryMs);
  renewer.unref();
  const loops = definitions.map((definition) => workQueue(definition));
  const unsubscribes = definitions.map((d) =>
    notifier.subscribe(wakeTopic(d.name), () => loops.find((l) => l.name === d.name)?.wake()),
  );

  function workQueue(definition: (typeof definitions)[number]) {
    const { name, handler, options: o } = definition;
    let wakeUp: (() => void) | null = null;
    let woken = false;
    let failures = 0;

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken || stopping) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      });

    const runOne = async (raw: PgBoss.JobWithMetadata<object>): Promise<string | null> => {
      const job: Job = {
        id: raw.id,
        name: name,
        data: raw.data as never,
        attempt: raw.retryCount + 1,
        attempts: raw.retryLimit + 1,
      };
      const held = inHand.get(name) ?? new Set<string>();
      inHand.set(name, held);
      held.add(job.id);
      try {
        await handler(job, deps);
        return raw.id;
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        const permanent = error instanceof PermanentJobError;
        const last = permanent || job.attempt >= job.attempts;
        failedAttempts?.inc({ queue: name, outcome: last ? 'failed' : 'retry' });
        if (last && o.onFailure) {
          await o.onFailure(job, error, deps).catch((err: unknown) => {
            log(`job ${name} ${job.id}: recording its failure failed: ${String(err)}`);
          });
        }
        if (permanent) {
          // Spend the retries, so pg-boss marks it failed instead of scheduling another attempt.
          await executor.executeSql(
            `UPDATE ${JOB_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`,
            [name, job.id],
          );
        }
        await boss.fail(name, job.id, { message: error.message, permanent });
        return null;
      } finally {
        held.delete(job.id);
      }
    };

    const runBatch = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
      const done: string[] = [];
      const lease = leasedOf(name);
      for (const j of jobs) lease.add(j.id);
      let next = 0;
      // A stopping process starts no more of its batch: those are handed back by stop().
      const lane = async () => {
        while (next < jobs.length && !stopping) {
          const raw = jobs[next++];
          const id = await runOne(raw);
          if (id) done.push(id);
          else lease.delete(raw.id); // failed: back in pg-boss's hands
        }
      };
      await Promise.all(Array.from({ length: Math.min(o.concurrency, jobs.length) }, lane));
      if (done.length > 0) await boss.complete(name, done);
      for (const id of done) lease.delete(id);
    };

    const running = (async () => {
      while (!stopping) {
        woken = false;
        let fetched = 0;
        try {
          const jobs = (await boss.fetch(name, {
            batchSize: o.batchSize,
            includeMetadata: true,
          })) as PgBoss.JobWithMetadata<object>[];
          fetched = jobs.length;
          if (fetched > 0) await runBatch(jobs);
          failures = 0;
        } catch (err) {
          failures++;
          log(`job queue ${name}: ${err instanceof Error ? err.message : String(err)}`);
        }
        events.emit('checked');
        if (stopping) break;
        // A full batch: there may be more, fetch again at once. Otherwise wait (longer after errors).
        if (fetched < o.batchSize || failures > 0) {
          await pause(failures > 0 ? Math.min(MAX_IDLE_BACKOFF_MS, pollMs * 2 ** failures) : pollMs);
        }
      }
    })();

    return {
      name,
      running,
      wake() {
        woken = true;
        wakeUp?.();
      },
    };
  }

  const names = definitions.map((d) => d.name);
  const pendingCount = async (): Promise<number> => {
    if (names.length === 0) return 0;
    const { rows } = await executor.executeSql(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'completed'`,
      [names],
    );
    return Number(rows[0]?.n ?? 0);
  };

  options.metrics?.addGauge({
    name: 'applyhub_jobs',
    help: 'Background jobs by queue and state: created (waiting), retry (waiting for another attempt), active, failed (kept 30 days).',
    labelNames: ['queue', 'state'],
    aggregator: 'max',
    collect: async () => {
      const { rows } = await executor.executeSql(
        `SELECT name, state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job
         WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
        [names],
      );
      const counts = new Map(rows.map((r) => [`${r.name} ${r.state}`, Number(r.n)]));
      return names.flatMap((queue) =>
        ['created', 'retry', 'active', 'failed'].map((state) => ({
          labels: { queue, state },
          value: counts.get(`${queue} ${state}`) ?? 0,
        })),
      );
    },
  });

  return {
    wake() {
      for (const loop of loops) loop.wake();
    },

    async drained({ timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await pendingCount()) === 0) return;
        if (stopping) throw new Error('The job runner stopped before the queues were empty.');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Jobs still pending after ${timeoutMs} ms: ${await pendingCount()}.`);
        // The next time any worker finishes a batch or finds its queue empty.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          events.once('checked', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      if (stopping) return;
      stopping = true;
      for (const unsubscribe of unsubscribes) unsubscribe();
      for (const loop of loops) loop.wake();
      const finished = Promise.all(loops.map((l) => l.running)).then(() => true);
      const inTime = await Promise.race([
        finished,
        new Promise<false>((r) => setTimeout(() => r(false), timeoutMs).unref()),
      ]);
      clearInterval(renewer);
      if (!inTime) {
        // Back to their queues now rather than after their lease (a handler still running may
        // finish too: work is idempotent, so at worst it is done twice, never lost).
        for (const [name, ids] of inHand) {
          for (const id of ids) {
            await boss.fail(name, id, { message: 'stopped while running' }).catch(() => {});
            leased.get(name)?.delete(id);
          }
        }
      }
      // Fetched but never started: waiting again at once, for any process, without spending a retry.
      for (const [name, ids] of leased) {
        if (ids.size === 0) continue;
        await executor
          .executeSql(
            `UPDATE ${JOB_SCHEMA}.job SET state = 'created', started_on = NULL
             WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
            [name, [...ids]],
          )
          .catch(() => {});
        ids.clear();
      }
      await boss.stop({ graceful: false, close: false }).catch(() => {});
    },
  };
}

/**
 * The one background job queue (decision 033): pg-boss on our own connection, on PostgreSQL and on
 * the embedded PGlite alike.
 *
 * Enqueue (any area, inside the transaction of the change that causes the work: an outbox):
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(...);                                         // the state change
 *     await enqueueJob(tx, 'webhooks.deliver', { deliveryId }, { key: `delivery:${deliveryId}` });
 *   });
 *
 *   - The job exists only if the transaction commits; its workers are woken when it does.
 *   - `key` makes it idempotent: the same key twice enqueues once (see {@link EnqueueOptions.key}).
 *   - `enqueueJobs(tx, name, [...])` writes thousands in a few statements.
 *
 * Work (each area, once, in its jobs file imported from `./handlers.ts`):
 *
 *   declare module '../jobs/registry' { interface JobTypes { 'webhooks.deliver': { deliveryId: string } } }
 *   registerJobHandler('webhooks.deliver', async (job, deps) => { ... }, {
 *     retryLimit: 8, retryDelaySeconds: 10, retryBackoff: true,   // retries with backoff
 *     onFailure: async (job, error, deps) => { ... },             // failed for good: record it
 *   });
 *
 *   - A handler throws to fail; `PermanentJobError` fails at once without retries.
 *   - Handlers run at least once: a crash after the work but before completion repeats it, so the
 *     work must be idempotent (keyed by the job's key or data).
 *
 * Run: `installJobQueue(database)` is part of `migrate()`; `startJobs(deps)` works every queue in
 * this process (any number of processes may, on PostgreSQL); `runner.stop()` drains and stops.
 * Tests: `const runner = await startJobs(app.deps, { pollingIntervalSeconds: 0.5 })`, then
 * `await runner.drained()` resolves when every queue is empty.
 */
export { type EnqueueOptions, enqueueJob, enqueueJobs, JOB_SCHEMA, jobIdFor } from './enqueue';
export {
  type Job,
  type JobHandler,
  type JobHandlerOptions,
  type JobName,
  type JobTypes,
  PermanentJobError,
  registerJobHandler,
} from './registry';
export { retriesOf } from './status';

import type { Deps } from '../context';

/**
 * The data each queue's jobs carry. An area adds its queues by declaration merging:
 *
 *   declare module '../jobs/registry' { interface JobTypes { 'webhooks.deliver': { deliveryId: string } } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each area.
export interface JobTypes {}

export type JobName = keyof JobTypes & string;

/** One job as a handler sees it. `attempt` counts from 1; the last one is `attempt === attempts`. */
export interface Job<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobTypes[N];
  attempt: number;
  /** 1 + the retries the job may have. */
  attempts: number;
}

export type JobHandler<N extends JobName> = (job: Job<N>, deps: Deps) => Promise<void>;

export interface JobHandlerOptions<N extends JobName> {
  /** Retries after the first attempt (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10). */
  retryDelaySeconds?: number;
  /** Doubles the delay after each failure, with jitter (default true). */
  retryBackoff?: boolean;
  /**
   * Seconds a job may stay active before it counts as lost (its process died) and is retried
   * (default 300). A handler must finish well within it.
   */
  timeoutSeconds?: number;
  /** Jobs fetched at once (default 20). */
  batchSize?: number;
  /** Of those, how many handlers run at the same time (default 5). */
  concurrency?: number;
  /** A cron expression (UTC): a job with empty data is enqueued on this schedule, once across processes. */
  schedule?: string;
  /**
   * Called once when a job has failed for good (a {@link PermanentJobError}, or its last retry):
   * the area records the failure where its users see it. Errors it throws are logged.
   */
  onFailure?: (job: Job<N>, error: Error, deps: Deps) => Promise<void>;
}

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  handler: JobHandler<N>;
  options: Required<Omit<JobHandlerOptions<N>, 'schedule' | 'onFailure'>> &
    Pick<JobHandlerOptions<N>, 'schedule' | 'onFailure'>;
}

/** A failure no retry can fix (a refused recipient, bad data): recorded at once, never retried. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

const definitions = new Map<string, JobDefinition>();

export const JOB_DEFAULTS = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  timeoutSeconds: 300,
  batchSize: 20,
  concurrency: 5,
};

/**
 * Says how one queue's jobs are worked. Call it at module load of the area's jobs file, and import
 * that file from `src/server/jobs/handlers.ts`, so every process (and the schema installer) knows it.
 */
export function registerJobHandler<N extends JobName>(
  name: N,
  handler: JobHandler<N>,
  options: JobHandlerOptions<N> = {},
): void {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`Invalid job queue name "${name}".`);
  definitions.set(name, {
    name,
    handler: handler as unknown as JobHandler<JobName>,
    options: { ...JOB_DEFAULTS, ...options } as unknown as JobDefinition['options'],
  } as unknown as JobDefinition);
}

/** Every registered queue (after `./handlers` was imported). */
export function jobDefinitions(): JobDefinition[] {
  return [...definitions.values()];
}

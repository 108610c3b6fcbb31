import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { notifyTopic } from '../realtime/notify';
import { drizzleExecutor } from './executor';
import type { JobName, JobTypes } from './registry';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

/** Realtime topic a queue's workers listen on: a job committed there wakes them at once. */
export const wakeTopic = (name: string) => `jobs:${name}`;

export interface EnqueueOptions {
  /**
   * What makes this job unique in its queue: the same key twice enqueues once (the job id is derived
   * from it) for as long as pg-boss keeps the job (waiting, running, or finished within a day).
   * Work that must never repeat after that keeps its own record under the same key (as mail does).
   */
  key: string;
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** Overrides the queue's retry limit for this job. */
  retryLimit?: number;
  /** Higher first (default 0). */
  priority?: number;
}

let sender: PgBoss | null = null;
/** pg-boss's own insert statements, run on the connection each call passes (never its own). */
function boss(): PgBoss {
  sender ??= new PgBoss({
    schema: JOB_SCHEMA,
    db: {
      executeSql: () => Promise.reject(new Error('enqueue runs on the caller’s transaction')),
    },
  });
  return sender;
}

/** A UUID derived from queue and key (SHA-256, laid out as a version 5 UUID). */
export function jobIdFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\n${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Always a time: pg-boss's insert casts the value both as a time and as an interval, and PostgreSQL
 * refuses an interval text cast as a time even in the branch it does not take.
 */
function startAfterOf(value: Date | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return (value instanceof Date ? value : new Date(Date.now() + Math.max(0, value) * 1000)).toISOString();
}

/**
 * Writes one job inside the caller's transaction (`tx`): it exists only if that transaction
 * commits, and its workers are woken when it does. Returns the job id, or null when a job with
 * this key is already there.
 */
export async function enqueueJob<N extends JobName>(
  tx: Db,
  name: N,
  data: JobTypes[N],
  options: EnqueueOptions,
): Promise<string | null> {
  // pg-boss checks every option present, so absent ones are left out rather than undefined.
  const id = await boss().send(name, data as object, {
    id: jobIdFor(name, options.key),
    db: drizzleExecutor(tx),
    ...(options.startAfter !== undefined && { startAfter: startAfterOf(options.startAfter) }),
    ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
    ...(options.priority !== undefined && { priority: options.priority }),
  });
  if (id) await notifyTopic(tx, wakeTopic(name), {});
  return id;
}

/** Most jobs written by one statement of {@link enqueueJobs}. */
const INSERT_CHUNK = 5_000;

/**
 * Many jobs of one queue inside the caller's transaction, a statement per 5,000: what a bulk
 * action (publishing 10,000 results) uses. Keys already there are skipped, as in {@link enqueueJob}.
 */
export async function enqueueJobs<N extends JobName>(
  tx: Db,
  name: N,
  jobs: { data: JobTypes[N]; key: string; startAfter?: Date; priority?: number }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const db = drizzleExecutor(tx);
  // The first of the same key wins, as it would across calls.
  const seen = new Set<string>();
  const unique = jobs.filter((j) => !seen.has(j.key) && seen.add(j.key));
  for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
    const chunk = unique.slice(i, i + INSERT_CHUNK).map((j) => ({
      id: jobIdFor(name, j.key),
      name,
      data: j.data as object,
      priority: j.priority,
      startAfter: j.startAfter?.toISOString(),
    }));
    await boss().insert(chunk, { db });
  }
  await notifyTopic(tx, wakeTopic(name), {});
}

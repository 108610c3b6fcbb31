import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { JOB_SCHEMA } from './enqueue';
import { databaseExecutor } from './executor';
import './handlers';
import { type JobDefinition, jobDefinitions } from './registry';

/**
 * Seconds a fetched job stays ours without a renewal: the process working it renews the lease of
 * every job in hand every {@link LEASE_RENEW_SECONDS} (up to the queue's timeout), so a job whose
 * process died (kill -9, a lost machine) is retried about this long after, not after its whole
 * timeout (decision 033).
 */
export const LEASE_SECONDS = 30;
export const LEASE_RENEW_SECONDS = 10;

/** The queue row pg-boss keeps for a registered queue: its retry and expiry policy. */
export function queueOptionsOf(definition: JobDefinition, lease = LEASE_SECONDS) {
  const { retryLimit, retryDelaySeconds, retryBackoff, timeoutSeconds } = definition.options;
  return {
    name: definition.name,
    policy: 'standard' as const,
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff,
    // A job starts with a short lease; the runtime extends it while the job is worked.
    expireInSeconds: Math.min(timeoutSeconds, lease),
  };
}

/**
 * pg-boss's schema and one queue per registered handler, part of migrating the database (so a test
 * database, and every process that enqueues, finds them). Safe when several processes start at
 * once: pg-boss creates and migrates its schema under an advisory lock, and creating a queue that
 * exists does nothing. A queue's policy is brought up to date with its registration.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: databaseExecutor(database),
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (err) => console.error('job queue:', err.message));
  await boss.start();
  try {
    for (const definition of jobDefinitions()) {
      const options = queueOptionsOf(definition);
      await boss.createQueue(definition.name, options);
      await boss.updateQueue(definition.name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

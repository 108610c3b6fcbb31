import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { DAY_MS, FEATURED_PURGE_DAYS } from '../../shared/domain/featured';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { featuredSections } from '../db/schema';
import { logger } from '../log/logger';

/** Any constant: it only has to differ from the other advisory locks the application takes. */
export const PURGE_LOCK_KEY = 7_270_010_002;
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface PurgeResult {
  /** False when another instance was purging at the same moment (it does the work). */
  ran: boolean;
  deleted: number;
}

/**
 * Deletes for good the sections hidden more than 30 days before `now` (their items go with them,
 * ON DELETE CASCADE). Active sections are never touched. One instance at a time: the transaction
 * takes a transaction-level advisory lock without waiting; whoever does not get it skips this run.
 */
export async function purgeHiddenSections(db: Db, now: Date): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - FEATURED_PURGE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${sql.raw(String(PURGE_LOCK_KEY))}) as locked`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      locked: boolean;
    }[];
    if (!rows[0]?.locked) return { ran: false, deleted: 0 };
    const deleted = await tx
      .delete(featuredSections)
      .where(
        and(
          eq(featuredSections.active, false),
          isNotNull(featuredSections.deletedAt),
          lt(featuredSections.deletedAt, cutoff),
        ),
      )
      .returning({ id: featuredSections.id, header: featuredSections.header });
    for (const section of deleted)
      await recordAudit(tx, {
        actor: null,
        action: 'featured.changed',
        target: { type: 'featured_section', id: section.id, label: section.header },
        summary: `hidden section deleted for good after ${FEATURED_PURGE_DAYS} days`,
        at: now,
      });
    return { ran: true, deleted: deleted.length };
  });
}

export interface PurgeJob {
  /** Runs one purge now (also what the timer calls); resolves when it is done. */
  runOnce(): Promise<PurgeResult | null>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The periodic purge: once at start, then every hour. Failures are logged and retried next time;
 * the timer does not keep the process alive.
 */
export function startFeaturedPurge(options: {
  db: Db;
  clock: Clock;
  intervalMs?: number;
  log?: (message: string) => void;
}): PurgeJob {
  const { db, clock, intervalMs = PURGE_INTERVAL_MS, log = (m) => logger().info(m) } = options;
  let stopped = false;
  let running: Promise<PurgeResult | null> | null = null;

  const runOnce = () => {
    if (stopped) return Promise.resolve(null);
    if (running) return running;
    running = purgeHiddenSections(db, clock.now())
      .then((r) => {
        if (r.deleted > 0) log(`featured purge: deleted ${r.deleted} hidden section(s).`);
        return r;
      })
      .catch((err) => {
        log(`featured purge failed: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}

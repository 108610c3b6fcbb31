import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The one Postgres channel every realtime change goes through; the payload names the topic. */
export const REALTIME_CHANNEL = 'applyhub_events';

export interface RealtimeMessage {
  topic: string;
  data?: unknown;
}

/**
 * Announces a change on a topic (`program:<id>`, `reviews`, …). Call it inside the transaction that
 * makes the change: Postgres delivers NOTIFY only when that transaction commits, and never if it
 * rolls back, so listeners hear exactly the committed changes (a transactional outbox for free).
 */
export async function notifyTopic(tx: Db, topic: string, data: unknown = {}): Promise<void> {
  const message: RealtimeMessage = { topic, data };
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(message)})`);
}

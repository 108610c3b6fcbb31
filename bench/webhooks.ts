/**
 * Webhooks (issue 22 item 5; `npx tsx bench/webhooks.ts`), in-process with the demo data, on PGlite
 * and, unless BENCH_SKIP_POSTGRES=1, on a fresh PostgreSQL database (BENCH_DATABASE_URL's server):
 * what an event costs the transaction that emits it with no endpoint listening and with ten (time and
 * SQL statements), then how fast the job queue delivers the deliveries written, signed, to a local
 * HTTP receiver (deliveries per second, attempt durations). Prints figures; asserts nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { createAuth } from '../src/server/auth/auth';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import type { Deps } from '../src/server/context';
import { organizations, webhookDeliveries, webhookEndpoints } from '../src/server/db/schema';
import { startJobs } from '../src/server/jobs/runtime';
import { createNotifier } from '../src/server/realtime/notifier';
import { createStorage } from '../src/server/storage';
import { emitWebhookEvent } from '../src/server/webhooks';
import { newWebhookSecret } from '../src/server/webhooks/signing';
import { openBenchDb } from './inprocess';
import { createBenchDatabase } from './postgres';
import { ms, round, timing } from './stats';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS || 200);
const ENDPOINTS = 10;

async function run(label: string, postgresUrl?: string) {
  console.log(`— ${label}`);
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as AddressInfo).port;

  const bench = await openBenchDb({ postgresUrl });
  const { database } = bench;
  const db = database.db;
  const config = loadConfig({
    DATA_DIR: '/tmp/applyhub-bench-unused',
    LOG_REQUESTS: '0',
    NODE_ENV: 'development',
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_PORTS: 'any',
  });
  const notifier = createNotifier(database);
  await notifier.start();
  const deps: Deps = {
    config,
    database,
    db,
    auth: createAuth({ config, db }),
    clock: systemClock,
    notifier,
    storage: await createStorage(config),
  };
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, 'riverside-arts'));

  let n = 0;
  const emit = () =>
    db.transaction((tx) =>
      emitWebhookEvent(tx, {
        type: 'application.submitted',
        scope: { organizationId: org.id },
        key: `bench:${++n}`,
        data: { application_id: `bench-${n}` },
        at: new Date(),
      }),
    );

  const none = await bench.repeat({ times: EVENTS, warmUp: 20 }, emit);
  console.log(
    `emit, no endpoint listening: p50 ${ms(none.timing.p50Ms)} ms, p99 ${ms(none.timing.p99Ms)} ms, ${none.statements} statements`,
  );

  await db.insert(webhookEndpoints).values(
    Array.from({ length: ENDPOINTS }, (_, i) => ({
      organizationId: org.id,
      url: `http://127.0.0.1:${port}/hook/${i}`,
      events: ['application.submitted'],
      secret: newWebhookSecret(),
    })),
  );
  const ten = await bench.repeat({ times: EVENTS, warmUp: 0 }, emit);
  console.log(
    `emit, ${ENDPOINTS} endpoints listening: p50 ${ms(ten.timing.p50Ms)} ms, p99 ${ms(ten.timing.p99Ms)} ms, ${ten.statements} statements`,
  );

  const [{ pending }] = (
    (await db.execute(
      sql`select count(*)::int as pending from webhook_deliveries where status = 'pending'`,
    )) as unknown as { rows: { pending: number }[] }
  ).rows;
  const t0 = performance.now();
  const runner = await startJobs(deps, { pollingIntervalSeconds: 0.5, log: () => {} });
  await runner.drained({ timeoutMs: 600_000 });
  const seconds = (performance.now() - t0) / 1000;
  await runner.stop();
  const durations = (
    await db
      .select({ ms: webhookDeliveries.durationMs })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'succeeded'))
  ).map((r) => r.ms ?? 0);
  const attempt = timing(durations);
  console.log(
    `delivered ${received} of ${pending} to a local receiver in ${round(seconds)} s: ${round(received / seconds, 1)} deliveries/s (one process, 10 at a time); attempt p50 ${ms(attempt.p50Ms)} ms, p99 ${ms(attempt.p99Ms)} ms`,
  );

  await notifier.stop();
  await bench.close();
  receiver.close();
}

async function main() {
  await run('PGlite (statements are not counted on PGlite)');
  if (process.env.BENCH_SKIP_POSTGRES === '1') return;
  const pg = await createBenchDatabase(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    await run('PostgreSQL', pg.url);
  } finally {
    await pg.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Issues 5 and 19, in-process on PostgreSQL: publishing 10,000 finalized results in one call
 * (POST /api/programs/{id}/publish-results, mode all_finalized), in seconds, with the SQL statements it
 * ran and the result emails it queued (one `mail_messages` row and one `mail.send` job each, in the
 * same transaction); then the same call again (an idempotent no-op: nothing queued), the program's
 * publish queue at 10,000 rows, and one applicant's results. Last, the job worker delivers the queued
 * emails to a local SMTP server (smtp-server in its own process, `bench/smtp-sink.mjs`): messages per
 * second from the worker's start until the last one arrived. The data set (10,000 applicants,
 * submitted applications and finalized reviews) comes from `generateFinalizedResults`. Prints
 * figures; asserts nothing about time.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { demoProgramId } from '../src/server/db/seed/ids';
import { startJobs } from '../src/server/jobs/runtime';
import { closeTransport } from '../src/server/mail/transport';
import { generateFinalizedResults } from './generate';
import { startInProcessApp } from './inprocess';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { freePort } from './proc';
import { round, sleep } from './stats';

export interface PublishBenchReport {
  results: number;
  generateSeconds: number;
  publish: {
    seconds: number;
    statements: number;
    published: number;
    notifications: number;
    /** Result emails waiting to be sent, and their jobs, after the call. */
    emailsQueued: number;
    mailJobs: number;
  };
  republish: { seconds: number; statements: number; published: number; emailsQueued: number };
  queue: { ms: number; statements: number; items: number };
  myResults: { ms: number; statements: number };
  delivery: {
    messages: number;
    seconds: number;
    perSecond: number;
    /** Messages the SMTP server accepted, and how many distinct Message-IDs among them. */
    received: number;
    distinctMessageIds: number;
    statementsPerMessage: number;
    sent: number;
    failed: number;
  } | null;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The local SMTP server in its own process; `count()` asks it how many messages arrived. */
async function startSink() {
  const port = await freePort();
  const child: ChildProcess = fork(fileURLToPath(new URL('./smtp-sink.mjs', import.meta.url)), [], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
    child.once('message', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () =>
      new Promise<{ received: number; distinct: number }>((resolve) => {
        child.once('message', (m) => resolve(m as { received: number; distinct: number }));
        child.send({ type: 'count' });
      }),
    stop: () => {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    },
  };
}

export async function runPublishBench(
  db: BenchDatabase,
  log: (line: string) => void,
  results = 10_000,
): Promise<PublishBenchReport> {
  const sink = await startSink();
  const bench = await startInProcessApp({
    postgresUrl: db.url,
    pool: 10,
    env: { SMTP_URL: sink.url, MAIL_FROM: 'ApplyHub <no-reply@bench.test>' },
  }).catch((err) => {
    sink.stop();
    throw err;
  });
  const { app, base, database } = bench;
  try {
    // A program of its own, so the demo data set's reviews do not count.
    const programId = demoProgramId(3);
    const g0 = performance.now();
    const client = await database.pool!.connect();
    try {
      await generateFinalizedResults(client, { programId, count: results });
    } finally {
      client.release();
    }
    const generateSeconds = round((performance.now() - g0) / 1000);
    const mailCounts = async () => {
      const [m] = rowsOf<{ pending: number; jobs: number }>(
        await database.db.execute(sql`
          select (select count(*)::int from mail_messages
                  where program_id = ${programId} and kind = 'results_published' and status = 'pending') as pending,
                 (select count(*)::int from pgboss.job where name = 'mail.send' and state = 'created') as jobs`),
      );
      return m;
    };

    const headers = {
      'content-type': 'application/json',
      origin: base,
      cookie: await demoSignIn(base, 'admin@demo.test'),
    };

    const timed = async (method: string, path: string, body?: unknown) => {
      const { value, ms, statements } = await bench.measure(async () => {
        const res = await app.request(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { res, json: (await res.json()) as Record<string, unknown> };
      });
      if (value.res.status !== 200)
        throw new Error(`${method} ${path} answered ${value.res.status}: ${JSON.stringify(value.json)}`);
      return { json: value.json, ms, statements };
    };

    const body = {
      mode: 'all_finalized',
      visibility: { decision: true, score: false, comments: true, customMessage: 'Thank you for applying.' },
    };
    const first = await timed('POST', `/api/programs/${programId}/publish-results`, body);
    const [{ n: notifications }] = (
      (await database.db.execute(
        sql`select count(*)::int as n from notifications n join "user" u on u.id = n.user_id where u.email like 'bench-applicant-%'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    const queued = await mailCounts();
    const again = await timed('POST', `/api/programs/${programId}/publish-results`, body);
    const queuedAgain = (await mailCounts()).pending - queued.pending;
    const queue = await timed('GET', `/api/programs/${programId}/publish-queue`);

    const applicantCookie = await demoSignIn(base, 'bench-applicant-1@bench.test');
    const mine = await bench.measure(async () =>
      (await app.request(`${base}/api/me/results`, { headers: { cookie: applicantCookie } })).json(),
    );
    const myResults = { ms: round(mine.ms), statements: mine.statements };

    const r: PublishBenchReport = {
      results,
      generateSeconds,
      publish: {
        seconds: round(first.ms / 1000, 3),
        statements: first.statements,
        published: Number(first.json.published),
        notifications,
        emailsQueued: 0,
        mailJobs: 0,
      },
      republish: {
        seconds: round(again.ms / 1000, 3),
        statements: again.statements,
        published: Number(again.json.published),
        emailsQueued: 0,
      },
      queue: {
        ms: round(queue.ms),
        statements: queue.statements,
        items: (queue.json.items as unknown[]).length,
      },
      myResults,
      delivery: null,
    };
    r.publish.emailsQueued = queued.pending;
    r.publish.mailJobs = queued.jobs;
    r.republish.emailsQueued = queuedAgain;
    log(
      `\nPublishing results (PostgreSQL, in-process; ${r.results} finalized results generated in ${r.generateSeconds} s):`,
    );
    log(
      `  publish all ${r.publish.published} in one call: ${r.publish.seconds} s, ${r.publish.statements} SQL statements, ${r.publish.notifications} notifications, ${r.publish.emailsQueued} emails queued (${r.publish.mailJobs} jobs)`,
    );
    log(
      `  the same call again (no-op): ${r.republish.seconds} s, ${r.republish.statements} statements, ${r.republish.published} published, ${r.republish.emailsQueued} emails queued`,
    );
    log(`  publish queue of ${r.queue.items} rows: ${r.queue.ms} ms, ${r.queue.statements} statements`);
    log(`  an applicant's results: ${r.myResults.ms} ms, ${r.myResults.statements} statements`);

    // Delivery: the worker (as every server process runs it) sends them to the local SMTP server.
    const messages = queued.pending;
    const s0 = bench.statements();
    const d0 = performance.now();
    const runner = await startJobs(bench.deps, { log: (m) => log(`  (worker) ${m}`) });
    let arrived = { received: 0, distinct: 0 };
    const deadline = Date.now() + Math.max(120_000, messages * 50);
    while (arrived.received < messages && Date.now() < deadline) {
      await sleep(100);
      arrived = await sink.count();
    }
    const seconds = (performance.now() - d0) / 1000;
    const statements = bench.statements() - s0;
    await runner.drained({ timeoutMs: 60_000 }).catch(() => {});
    await runner.stop();
    await closeTransport(bench.deps.config);
    const [status] = rowsOf<{ sent: number; failed: number }>(
      await database.db.execute(sql`
        select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed
        from mail_messages where program_id = ${programId}`),
    );
    r.delivery = {
      messages,
      seconds: round(seconds, 2),
      perSecond: round(arrived.received / seconds, 0),
      received: arrived.received,
      distinctMessageIds: arrived.distinct,
      statementsPerMessage: round(statements / Math.max(1, arrived.received), 2),
      sent: status.sent,
      failed: status.failed,
    };
    log(
      `  the worker delivers them to a local SMTP server: ${r.delivery.received} of ${messages} in ${r.delivery.seconds} s = ${r.delivery.perSecond} messages/s (${r.delivery.distinctMessageIds} distinct Message-IDs; ${r.delivery.statementsPerMessage} SQL statements per message; rows sent ${r.delivery.sent}, failed ${r.delivery.failed})`,
    );
    return r;
  } finally {
    await bench.close();
    sink.stop();
  }
}

/**
 * Issue 32 (decision 066), in-process on PostgreSQL: inviting 10,000 applicants of a program's
 * first stage to its second in one call (POST /api/programs/{id}/invitations), in seconds, with the
 * SQL statements it ran, the drafts it created (prefilled), the invitation emails it queued (one
 * `mail_messages` row and one `mail.send` job each, in the same transaction) and the webhook
 * deliveries (`application.invited`, one subscribed endpoint); then the same call again (an
 * idempotent no-op). The data set (10,000 submitted applications) comes from
 * `generateSubmittedApplications`. Prints figures; asserts nothing about time.
 */
import { sql } from 'drizzle-orm';
import { generateSubmittedApplications } from './generate';
import { startInProcessApp } from './inprocess';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { round } from './stats';

export interface StagesBenchReport {
  applicants: number;
  generateSeconds: number;
  invite: {
    seconds: number;
    statements: number;
    invited: number;
    drafts: number;
    prefilled: number;
    emailsQueued: number;
    mailJobs: number;
    webhookDeliveries: number;
  };
  again: { seconds: number; statements: number; invited: number; alreadyInvited: number };
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const questions = [
  { key: 'q_title', type: 'short_text', label: 'Project title', required: true },
  { key: 'q_summary', type: 'long_text', label: 'Summary', required: true },
];

export async function runStagesBench(
  db: BenchDatabase,
  log: (line: string) => void,
  applicants = 10_000,
): Promise<StagesBenchReport> {
  const bench = await startInProcessApp({ postgresUrl: db.url, pool: 10 });
  const { app, base, database } = bench;
  try {
    const headers = {
      'content-type': 'application/json',
      origin: base,
      cookie: await demoSignIn(base, 'admin@demo.test'),
    };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await app.request(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, any>;
      if (res.status >= 300)
        throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const timed = async (method: string, path: string, body?: unknown) => {
      const { value, ms, statements } = await bench.measure(() => call(method, path, body));
      return { json: value, ms, statements };
    };
    // Stage 1 and stage 2 of a program of their own, built and published through the API.
    const publish = async (id: string, stageQuestions: unknown[]) => {
      const editor = await call('GET', `/api/programs/${id}/editor`);
      await call('POST', `/api/programs/${id}/publish`, {
        form: { ...editor.form, questions: stageQuestions },
        version: editor.version,
        editor: 'org',
      });
    };
    const stage1 = (await call('POST', '/api/orgs/riverside-arts/programs', { name: 'Bench Arts Grant' })).id;
    await publish(stage1, questions);
    const stage2 = (await call('POST', `/api/programs/${stage1}/stages`, { name: 'Full proposal' })).id;
    await publish(stage2, [
      questions[0],
      { key: 'q_plan', type: 'long_text', label: 'Project plan', required: true },
    ]);
    await call('POST', '/api/orgs/riverside-arts/webhooks', {
      url: 'https://hooks.bench.test/applyhub',
      events: ['application.invited'],
    });

    const g0 = performance.now();
    const client = await database.pool!.connect();
    try {
      await generateSubmittedApplications(client, {
        programId: stage1,
        count: applicants,
        emailPrefix: 'bench-stage',
        answers: {
          q_title: 'A mural for the river walk',
          q_summary: 'Paint the flood wall with the school.',
        },
      });
      await client.query('analyze');
    } finally {
      client.release();
    }
    const generateSeconds = round((performance.now() - g0) / 1000);

    const body = { filter: { view: 'all' }, message: 'Congratulations: you are on the shortlist.' };
    const first = await timed('POST', `/api/programs/${stage1}/invitations`, body);
    const [counts] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`
        select (select count(*)::int from applications where program_id = ${stage2}) as drafts,
               (select count(*)::int from applications where program_id = ${stage2} and answers ? 'q_title') as prefilled,
               (select count(*)::int from mail_messages where kind = 'stage_invitation' and status = 'pending') as emails,
               (select count(*)::int from pgboss.job where name = 'mail.send' and state = 'created') as jobs,
               (select count(*)::int from webhook_deliveries where event_type = 'application.invited') as hooks`),
    );
    const again = await timed('POST', `/api/programs/${stage1}/invitations`, body);

    const r: StagesBenchReport = {
      applicants,
      generateSeconds,
      invite: {
        seconds: round(first.ms / 1000, 3),
        statements: first.statements,
        invited: Number(first.json.invited),
        drafts: counts.drafts,
        prefilled: counts.prefilled,
        emailsQueued: counts.emails,
        mailJobs: counts.jobs,
        webhookDeliveries: counts.hooks,
      },
      again: {
        seconds: round(again.ms / 1000, 3),
        statements: again.statements,
        invited: Number(again.json.invited),
        alreadyInvited: Number(again.json.already_invited),
      },
    };
    log(
      `\nInviting to the next stage (PostgreSQL, in-process; ${r.applicants} submitted applications generated in ${r.generateSeconds} s):`,
    );
    log(
      `  invite ${r.invite.invited} in one call: ${r.invite.seconds} s, ${r.invite.statements} SQL statements, ${r.invite.drafts} drafts (${r.invite.prefilled} prefilled), ${r.invite.emailsQueued} emails queued (${r.invite.mailJobs} jobs), ${r.invite.webhookDeliveries} webhook deliveries`,
    );
    log(
      `  the same call again (no-op): ${r.again.seconds} s, ${r.again.statements} statements, ${r.again.invited} invited, ${r.again.alreadyInvited} already invited`,
    );
    return r;
  } finally {
    await bench.close();
  }
}

import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { emitWebhookEvent } from '../../src/server/webhooks';
import { postWebhook } from '../../src/server/webhooks/http';
import { webhookMessages } from '../../src/shared/domain/webhooks';
import {
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookSecretResultSchema,
} from '../../src/shared/schemas/webhooks';
import { reviewApplication, submittedApplication } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, type World } from '../support/world';

/**
 * Webhooks against a real HTTP receiver started here; signatures checked by the independent
 * `standardwebhooks` package. Retries a second apart and two of them (not 60 s doubling, ten).
 */
let t: TestApp;
let world: World;
let runner: JobRunner;
let receiver: WebhookReceiver;
let admin: string;
const base = '/api/orgs/riverside-arts/webhooks';
const settings = () => t.deps.config.webhooks;
const runnerOverrides = {
  'webhooks.deliver': { retryDelaySeconds: 1, retryBackoff: false, retryLimit: 2 },
} as const;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, ports: 'any', timeoutMs: 2_000 } } });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5, overrides: runnerOverrides });
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await receiver?.stop();
  await t?.close();
});

async function register(path: string, events: string[], as = admin) {
  const res = await t.json('POST', base, { as, body: { url: receiver.url(path), events } });
  expect(res.status).toBe(201);
  return webhookSecretResultSchema.parse(res.body);
}

async function deliveries(endpointId: string) {
  const res = await t.json('GET', `${base}/${endpointId}/deliveries`, { as: admin });
  expect(res.status).toBe(200);
  return webhookDeliveryPageSchema.parse(res.body).items;
}

const verify = (secret: string, r: { headers: Record<string, unknown>; body: string }) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

let applicants = 0;
const submit = () =>
  submittedApplication(t, `hook${++applicants}@webhooks.test`, world.ids.publishedProgram, {
    name: 'Hook Applicant',
  });

describe('registering endpoints', () => {
  it('answers a Standard Webhooks secret once; the list never shows it', async () => {
    const created = await register('/listed', ['application.submitted']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.message).toBe(webhookMessages.created);
    expect(created.endpoint).toMatchObject({
      enabled: true,
      failure_count: 0,
      events: ['application.submitted'],
    });
    const list = await t.json('GET', base, { as: admin });
    expect(list.status).toBe(200);
    expect(webhookEndpointListSchema.parse(list.body).items.map((e) => e.id)).toContain(created.endpoint.id);
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(6));
    expect((await t.json('DELETE', `${base}/${created.endpoint.id}`, { as: admin })).status).toBe(200);
  });

  it('refuses addresses webhooks may not reach, http without WEBHOOKS_ALLOW_PRIVATE, and bad input', async () => {
    settings().allowPrivate = false;
    try {
      const refused = async (url: string, message: string, events = ['application.submitted']) => {
        const res = await t.json('POST', base, { as: admin, body: { url, events } });
        expect(res.status, url).toBe(422);
        expect(res.body.error.fields).toMatchObject(message ? { url: message } : {});
      };
      await refused('http://hooks.example.org/x', webhookMessages.httpsOnly);
      await refused('https://127.0.0.1/x', webhookMessages.privateAddress);
      await refused('https://10.1.2.3/x', webhookMessages.privateAddress);
      await refused('https://169.254.169.254/latest/meta-data', webhookMessages.privateAddress);
      await refused('https://[::1]/x', webhookMessages.privateAddress);
      await refused('https://[::ffff:10.0.0.1]/x', webhookMessages.privateAddress);
      await refused('https://localhost:8443/x', webhookMessages.privateAddress);
      await refused('https://user:pw@hooks.example.org/x', webhookMessages.credentials);
      await refused('ftp://hooks.example.org/x', webhookMessages.urlInvalid);
      const none = await t.json('POST', base, {
        as: admin,
        body: { url: 'https://hooks.example.org/x', events: [] },
      });
      expect(none.status).toBe(400);
      expect(none.body.error.message).toBe(webhookMessages.eventsRequired);
      const ok = await t.json('POST', base, {
        as: admin,
        body: { url: 'https://hooks.example.org/x', events: ['program.published'] },
      });
      expect(ok.status).toBe(201);
      await t.json('DELETE', `${base}/${ok.body.endpoint.id}`, { as: admin });
    } finally {
      settings().allowPrivate = true;
    }
  });

  it('keeps to ten endpoints per organization', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await register(`/many-${i}`, ['program.published'])).endpoint.id);
    const eleventh = await t.json('POST', base, {
      as: admin,
      body: { url: receiver.url('/many-10'), events: ['program.published'] },
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.message).toBe(webhookMessages.tooMany);
    for (const id of ids) expect((await t.json('DELETE', `${base}/${id}`, { as: admin })).status).toBe(200);
  });

  it('is for the organization’s admins and super admins only', async () => {
    const { endpoint } = await register('/roles', ['program.published']);
    const statusAs = async (as: string | null, method = 'GET', path = base) =>
      (await t.request(method, path, { as })).status;
    expect(await statusAs(admin)).toBe(200);
    expect(await statusAs(world.cookies.superAdmin)).toBe(200);
    expect(await statusAs(world.cookies.otherOrgAdmin)).toBe(403);
    expect(await statusAs(world.cookies.reviewer)).toBe(403);
    expect(await statusAs(world.cookies.applicant)).toBe(403);
    expect(await statusAs(null)).toBe(401);
    // Another organization's admin cannot reach this endpoint through their own organization either.
    const other = '/api/orgs/northgate-dance-academy/webhooks';
    expect(await statusAs(world.cookies.otherOrgAdmin, 'GET', `${other}/${endpoint.id}/deliveries`)).toBe(
      404,
    );
    expect(await statusAs(world.cookies.otherOrgAdmin, 'DELETE', `${other}/${endpoint.id}`)).toBe(404);
    expect(await statusAs(world.cookies.otherOrgAdmin, 'DELETE', `${base}/${endpoint.id}`)).toBe(403);
    expect(await statusAs(admin, 'DELETE', `${base}/${endpoint.id}`)).toBe(200);
  });
});

describe('delivering', () => {
  it('delivers a submission signed to the standard, in the transaction of the change, with ids only', async () => {
    const { endpoint, secret } = await register('/submitted', ['application.submitted']);
    const quiet = await register('/quiet', ['program.published']);
    const app = await submit();
    await runner.drained();
    const [got] = receiver.on('/submitted');
    expect(receiver.on('/quiet')).toHaveLength(0);
    const payload = verify(secret, got);
    expect(payload.type).toBe('application.submitted');
    expect(payload.data).toEqual({
      application_id: app.id,
      program_id: world.ids.publishedProgram,
      submitted_at: t.clock.now().toISOString(),
    });
    expect(got.body).not.toContain('@webhooks.test');
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    expect(() => verify(quiet.secret, got)).toThrow();

    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({
      event_type: 'application.submitted',
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      response_excerpt: 'ok',
      message_id: got.headers['webhook-id'],
      next_retry_at: null,
    });
    expect(logged.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('writes nothing when the change rolls back, and an event once per endpoint', async () => {
    const { endpoint } = await register('/outbox', ['program.published']);
    const event = {
      type: 'program.published' as const,
      scope: { organizationId: world.ids.riversideOrg },
      key: 'outbox-test',
      data: { program_id: world.ids.publishedProgram },
      at: t.clock.now(),
    };
    await expect(
      t.deps.db.transaction(async (tx) => {
        expect(await emitWebhookEvent(tx, event)).toBeGreaterThan(0);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await deliveries(endpoint.id)).toHaveLength(0);
    await t.deps.db.transaction((tx) => emitWebhookEvent(tx, event));
    expect(await t.deps.db.transaction((tx) => emitWebhookEvent(tx, event))).toBe(0);
    await runner.drained();
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    expect(receiver.on('/outbox')).toHaveLength(1);
  });

  it('retries after a 500 with the same webhook-id and body, until it succeeds', async () => {
    const { endpoint, secret } = await register('/flaky', ['application.submitted']);
    receiver.plan('/flaky', 500);
    await submit();
    await runner.drained();
    const got = receiver.on('/flaky');
    expect(got).toHaveLength(2);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect(got[1].body).toBe(got[0].body);
    for (const r of got) expect(verify(secret, r).type).toBe('application.submitted');
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200 });
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });

  it('logs when a failed delivery is tried next (next_retry_at), and clears it once delivered', async () => {
    // Five seconds between attempts for this test, so the wait is there to read, not raced.
    await runner.stop();
    runner = await startJobs(t.deps, {
      pollingIntervalSeconds: 0.5,
      overrides: { 'webhooks.deliver': { ...runnerOverrides['webhooks.deliver'], retryDelaySeconds: 5 } },
    });
    try {
      const { endpoint } = await register('/later', ['application.submitted']);
      receiver.plan('/later', 500);
      const submittedAt = Date.now();
      await submit();
      await expect
        .poll(async () => (await deliveries(endpoint.id))[0]?.next_retry_at ?? null, { timeout: 20_000 })
        .not.toBeNull();
      const [waiting] = await deliveries(endpoint.id);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
      expect(receiver.on('/later')).toHaveLength(1);
      // The queue's own time of the next attempt: five seconds after the failed one.
      const next = Date.parse(String(waiting.next_retry_at));
      expect(next - submittedAt).toBeGreaterThanOrEqual(4_000);
      expect(next - Date.now()).toBeLessThanOrEqual(5_000);

      await runner.drained();
      const [done] = await deliveries(endpoint.id);
      expect(done).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        response_status: 200,
        next_retry_at: null,
      });
      await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
    } finally {
      await runner.stop();
      runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5, overrides: runnerOverrides });
    }
  });

  it('retries after a timeout (WEBHOOKS_TIMEOUT bounds each attempt)', async () => {
    const { endpoint } = await register('/slow', ['application.submitted']);
    receiver.plan('/slow', 'hang');
    const before = settings().timeoutMs;
    settings().timeoutMs = 300;
    try {
      await submit();
      await runner.drained();
    } finally {
      settings().timeoutMs = before;
    }
    expect(receiver.on('/slow')).toHaveLength(2);
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 2 });
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.failureCount).toBe(0);
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });

  it('does not follow redirects, not even to an allowed address', async () => {
    const { endpoint } = await register('/moved', ['application.submitted']);
    receiver.answerAlways('/moved', { redirect: receiver.url('/target') });
    await t.json('POST', `${base}/${endpoint.id}/test`, { as: admin });
    await runner.drained();
    expect(receiver.on('/moved')).toHaveLength(1);
    expect(receiver.on('/target')).toHaveLength(0);
    const [logged] = await deliveries(endpoint.id);
    expect(logged.status).toBe('failed');
    expect(logged.response_status).toBe(302);
    expect(logged.error).toContain('redirects are not followed');
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });

  it('keeps only the first kilobyte of an answer', async () => {
    const { endpoint } = await register('/big', ['program.published']);
    const server = await import('node:http');
    // A second receiver that answers 2 MB.
    const big = server.createServer((_req, res) => res.end('x'.repeat(2 * 1024 * 1024)));
    await new Promise<void>((r) => big.listen(0, '127.0.0.1', r));
    const port = (big.address() as { port: number }).port;
    try {
      const result = await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, settings());
      expect(result.ok).toBe(true);
      expect(result.excerpt).toHaveLength(1024);
    } finally {
      big.closeAllConnections();
      await new Promise((r) => big.close(r));
    }
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });
});

describe('giving up', () => {
  it('gives up after its retries, turns the endpoint off, tells the admins; resend and re-enable work', async () => {
    const { endpoint, secret } = await register('/down', ['review.finalized']);
    receiver.answerAlways('/down', 503);
    const app = await submit();
    await reviewApplication(t, admin, app.id);
    await runner.drained();
    expect(receiver.on('/down')).toHaveLength(3);
    const [failed] = await deliveries(endpoint.id);
    expect(failed).toMatchObject({
      event_type: 'review.finalized',
      status: 'failed',
      attempts: 3,
      response_status: 503,
      response_excerpt: 'error 503',
    });
    const list = webhookEndpointListSchema.parse((await t.json('GET', base, { as: admin })).body);
    const off = list.items.find((e) => e.id === endpoint.id)!;
    expect(off.enabled).toBe(false);
    expect(off.disabled_reason).toContain('3 failed attempts');
    expect(off.failure_count).toBe(3);
    const [told] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'webhook_disabled'), eq(mailMessages.toAddress, 'admin@demo.test')));
    expect(told.data).toMatchObject({ url: receiver.url('/down'), orgSlug: 'riverside-arts' });

    // Off: new events are not written for it, and resending is refused until it is back on.
    const second = await submit();
    await reviewApplication(t, admin, second.id);
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    const refused = await t.json('POST', `${base}/${endpoint.id}/deliveries/${failed.id}/resend`, {
      as: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(webhookMessages.disabled);

    receiver.answerAlways('/down', null);
    const on = await t.json('PATCH', `${base}/${endpoint.id}`, { as: admin, body: { enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body.endpoint).toMatchObject({ enabled: true, disabled_reason: null, failure_count: 0 });
    const resent = await t.json('POST', `${base}/${endpoint.id}/deliveries/${failed.id}/resend`, {
      as: admin,
    });
    expect(resent.status).toBe(200);
    await runner.drained();
    const got = receiver.on('/down');
    expect(got).toHaveLength(4);
    expect(got[3].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect(verify(secret, got[3]).data).toMatchObject({ application_id: app.id });
    const [again] = await deliveries(endpoint.id);
    expect(again).toMatchObject({ id: failed.id, status: 'succeeded', attempts: 4, response_status: 200 });
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });

  it('a failed test event or resend (one attempt) does not turn an endpoint off', async () => {
    const { endpoint } = await register('/test-down', ['program.published']);
    receiver.answerAlways('/test-down', 500);
    expect((await t.json('POST', `${base}/${endpoint.id}/test`, { as: admin })).status).toBe(200);
    await runner.drained();
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ event_type: 'webhook.test', status: 'failed', attempts: 1 });
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.enabled).toBe(true);
    receiver.answerAlways('/test-down', null);
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });
});

describe('rotating the secret', () => {
  it('signs with the new secret and, for a day, the old one too', async () => {
    const { endpoint, secret: old } = await register('/rotated', ['program.published']);
    const rotated = await t.json('POST', `${base}/${endpoint.id}/rotate-secret`, { as: admin });
    expect(rotated.status).toBe(200);
    const { secret, endpoint: after } = webhookSecretResultSchema.parse(rotated.body);
    expect(secret).not.toBe(old);
    expect(after.previous_secret_expires_at).toBe(
      new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    );
    await t.json('POST', `${base}/${endpoint.id}/test`, { as: admin });
    await runner.drained();
    const [got] = receiver.on('/rotated');
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, got).type).toBe('webhook.test');
    expect(verify(old, got).type).toBe('webhook.test');
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });
});

describe('server-side request forgery (WEBHOOKS_ALLOW_PRIVATE unset)', () => {
  // Any port here, so that what refuses is the address (the port rule has a test of its own).
  const strict = () => ({ timeoutMs: 2_000, allowPrivate: false, ports: 'any' as const });

  it('refuses loopback, private and metadata addresses before connecting', async () => {
    const before = receiver.received.length;
    for (const url of [
      `https://127.0.0.1:${receiver.port}/ssrf`,
      `https://10.0.0.1:${receiver.port}/ssrf`,
      'https://169.254.169.254/latest/meta-data/',
      `https://[::1]:${receiver.port}/ssrf`,
      `https://[::ffff:127.0.0.1]:${receiver.port}/ssrf`,
      `https://0.0.0.0:${receiver.port}/ssrf`,
    ]) {
      const result = await postWebhook(url, '{}', {}, strict());
      expect(result, url).toMatchObject({ ok: false, refused: true, status: null });
      expect(result.error).toContain(webhookMessages.privateAddress);
    }
    // http:// is refused too, even to a public address.
    expect(await postWebhook('http://93.184.215.14/', '{}', {}, strict())).toMatchObject({ refused: true });
    // Metadata stays refused even when private addresses are allowed.
    expect(
      await postWebhook(
        'http://169.254.169.254/latest/meta-data/',
        '{}',
        {},
        { ...strict(), allowPrivate: true },
      ),
    ).toMatchObject({ refused: true });
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a name that resolves to them, and a name with any one such address among public ones', async () => {
    const localhost = await postWebhook(`https://localhost:${receiver.port}/ssrf`, '{}', {}, strict());
    expect(localhost).toMatchObject({ ok: false, refused: true });
    expect(localhost.error).toMatch(/localhost \((127\.0\.0\.1|::1)\)/);
    const mixed = await postWebhook(
      'https://hooks.example.test/x',
      '{}',
      {},
      {
        ...strict(),
        resolve: async () => [
          { address: '93.184.215.14', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ],
      },
    );
    expect(mixed).toMatchObject({ refused: true });
    expect(mixed.error).toContain('hooks.example.test (10.0.0.7)');
    const metadata = await postWebhook(
      'https://metadata.example.test/x',
      '{}',
      {},
      {
        ...strict(),
        resolve: async () => [{ address: '169.254.169.254', family: 4 }],
      },
    );
    expect(metadata).toMatchObject({ refused: true });
  });

  it('a delivery to a name that now resolves to loopback fails at once, without retries', async () => {
    // Registered while the name was public (a DNS rebind later): written as the service would.
    const { endpoint } = await register('/rebound', ['program.published']);
    await t.deps.db
      .update(webhookEndpoints)
      .set({ url: `https://localhost:${receiver.port}/rebound` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    settings().allowPrivate = false;
    try {
      await t.deps.db.transaction((tx) =>
        emitWebhookEvent(tx, {
          type: 'program.published',
          scope: { organizationId: world.ids.riversideOrg },
          key: 'rebind-test',
          data: { program_id: world.ids.publishedProgram },
          at: t.clock.now(),
        }),
      );
      await runner.drained();
    } finally {
      settings().allowPrivate = true;
    }
    expect(receiver.on('/rebound')).toHaveLength(0);
    const [row] = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toContain(webhookMessages.privateAddress);
    await t.json('DELETE', `${base}/${endpoint.id}`, { as: admin });
  });

  it('uses ports 443 and 80 only, unless WEBHOOKS_PORTS says otherwise', async () => {
    const before = receiver.received.length;
    const standard = { timeoutMs: 2_000, allowPrivate: true, ports: [443, 80] };
    const other = await postWebhook(receiver.url('/port'), '{}', {}, standard);
    expect(other).toMatchObject({ ok: false, refused: true, error: webhookMessages.portNotAllowed });
    expect(receiver.received.length).toBe(before);
    expect(
      await postWebhook(receiver.url('/port'), '{}', {}, { ...standard, ports: [receiver.port] }),
    ).toMatchObject({ ok: true });
    settings().ports = [443, 80];
    try {
      const res = await t.json('POST', base, {
        as: admin,
        body: { url: 'https://hooks.example.org:8443/x', events: ['program.published'] },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ url: webhookMessages.portNotAllowed });
    } finally {
      settings().ports = 'any';
    }
  });

  it('a redirect to them is not followed', async () => {
    receiver.answerAlways('/to-metadata', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    receiver.answerAlways('/to-loopback', { redirect: receiver.url('/target') });
    for (const path of ['/to-metadata', '/to-loopback']) {
      const result = await postWebhook(
        receiver.url(path),
        '{}',
        {},
        { timeoutMs: 2_000, allowPrivate: true, ports: 'any' },
      );
      expect(result).toMatchObject({ ok: false, status: 302 });
      expect(result.error).toContain('redirects are not followed');
    }
    expect(receiver.on('/target')).toHaveLength(0);
  });
});

describe('events from the other areas', () => {
  it('program.published when a program goes live; results.published when results are published', async () => {
    const { secret } = await register('/lifecycle', ['program.published', 'results.published']);
    const program = world.ids.draftProgram;
    const editor = (await t.json('GET', `/api/programs/${program}/editor`, { as: admin })).body;
    const pub = await t.json('POST', `/api/programs/${program}/publish`, {
      as: admin,
      body: { form: editor.form, version: editor.version },
    });
    expect(pub.status).toBe(200);
    // A submitted and finalized application of the published program, then its result.
    const app = await submit();
    await reviewApplication(t, admin, app.id);
    const res = await t.json('POST', `/api/programs/${world.ids.publishedProgram}/publish-results`, {
      as: admin,
      body: { mode: 'selected', application_ids: [app.id] },
    });
    expect(res.status).toBe(200);
    await runner.drained();
    const events = receiver.on('/lifecycle').map((r) => verify(secret, r));
    expect(events.map((e) => e.type)).toEqual(['program.published', 'results.published']);
    expect(events[0].data).toMatchObject({ program_id: program, scope: 'org', form_update: false });
    expect(events[1].data).toMatchObject({
      program_id: world.ids.publishedProgram,
      published_count: 1,
      application_ids: [app.id],
      application_ids_complete: true,
    });
  });
});

describe('audit log', () => {
  it('records every change of an endpoint, and the system turning one off, in the organization’s log', async () => {
    const res = await t.json('GET', '/api/orgs/riverside-arts/audit?action=webhook&limit=200', { as: admin });
    expect(res.status).toBe(200);
    const entries = res.body.items as { action: string; actor_email: string | null; target_label: string }[];
    const actions = new Set(entries.map((e) => e.action));
    for (const a of ['webhook.created', 'webhook.secret_rotated', 'webhook.enabled', 'webhook.deleted'])
      expect(actions, a).toContain(a);
    const off = entries.find(
      (e) => e.action === 'webhook.disabled' && e.target_label === receiver.url('/down'),
    );
    expect(off).toMatchObject({ actor_email: null });
    expect(entries.find((e) => e.action === 'webhook.created')?.actor_email).toBe('admin@demo.test');
    // Nothing of it in the other organization's log.
    const other = await t.json('GET', '/api/orgs/northgate-dance-academy/audit?action=webhook', {
      as: world.cookies.otherOrgAdmin,
    });
    expect(other.body.items).toEqual([]);
  });
});

import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { WebhookReceiver } from '../support/webhook-receiver';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Webhooks (issue 22 item 5): the org admin registers an endpoint (a real HTTP receiver started
 * here; WEBHOOKS_ALLOW_PRIVATE=1 lets the server reach 127.0.0.1), copies the secret shown once, an
 * applicant submits, the delivery arrives signed and shows in the log, and "Resend" sends it again
 * with the same webhook-id. Axe on the page and its dialogs; 375 px without sideways scroll.
 */

let app: RunningServer;
let browser: Browser;
let receiver: WebhookReceiver;
const ORG = 'riverside-arts';
const ORCHESTRA = demoProgramId(1);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  [app, browser] = await Promise.all([
    startServer({ env: { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_PORTS: 'any' } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.stop();
});

/** A new applicant submits to the Youth Orchestra through the API (the applicant journey has its own e2e test). */
async function applicantSubmits(email: string): Promise<string> {
  const call = async (
    method: string,
    path: string,
    cookie: string,
    body?: unknown,
    raw?: Buffer,
    headers = {},
  ) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        origin: app.url,
        cookie,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { res, body: text ? JSON.parse(text) : null };
  };
  const signIn = await call('POST', '/api/demo/sign-in', '', { email, name: 'Webhook Tester' });
  const cookie = signIn.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await call('POST', '/api/me/onboarding', cookie, { accept_terms: true, full_name: 'Webhook Tester' });
  await call('PUT', '/api/me/profile', cookie, {
    full_name: 'Webhook Tester',
    date_of_birth: '2008-01-02',
    phone_number: '555-0100',
    address_line1: '1 River Road',
    address_city: 'Springfield',
    parent_guardian_name: 'Pat Guardian',
    parent_guardian_email: 'guardian@example.test',
    personal_statement: 'I have loved making music since I was small.',
  });
  const upload = (query: Record<string, string>) =>
    call('POST', `/api/files?${new URLSearchParams(query)}`, cookie, undefined, PDF, {
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'x-file-name': 'file.pdf',
    });
  await upload({ purpose: 'resume' });
  const { id } = (await call('POST', `/api/programs/${ORCHESTRA}/applications`, cookie)).body;
  const application = (await call('GET', `/api/applications/${id}`, cookie)).body;
  const answers: Record<string, unknown> = {};
  for (const q of application.program.form.questions) {
    if (!q.required) continue;
    if (q.type === 'file')
      answers[q.key] = (await upload({ purpose: 'answer', application_id: id, field_key: q.key })).body;
    else if (q.type === 'select') answers[q.key] = q.options[0];
    else if (q.type === 'checkbox') answers[q.key] = true;
    else if (q.type === 'date') answers[q.key] = '2026-09-01';
    else answers[q.key] = 'Bach and Elgar';
  }
  await call('POST', `/api/applications/${id}/submit`, cookie, { answers, version: application.version });
  return id;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('webhooks', () => {
  it('registers an endpoint, shows the secret once, logs a signed delivery of a submission, and resends it', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto(`/org/${ORG}/admin`);
      await page.getByRole('link', { name: /Webhooks/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.getByText('No webhook endpoints yet.').waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const form = page.getByRole('dialog', { name: 'Add endpoint' });
      await form.waitFor();
      // Every event is chosen at first; an empty choice is refused before anything is sent.
      await form.getByLabel('Endpoint URL').fill(receiver.url('/applyhub'));
      await form.getByLabel('Description').fill('Our CRM');
      await expectNoAxeViolations(page);
      await form.getByRole('button', { name: 'Add endpoint' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Copy the signing secret' });
      await secretDialog.waitFor();
      const secret = await secretDialog.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
      await secretDialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoAxeViolations(page);
      await secretDialog.getByRole('button', { name: 'I copied it' }).click();
      await secretDialog.waitFor({ state: 'detached' });
      // Shown once: the page never shows it again.
      expect(await page.content()).not.toContain(secret.slice(6));

      const card = page.getByRole('article', { name: receiver.url('/applyhub') });
      await card.getByText('Active').waitFor();

      const applicationId = await applicantSubmits('webhook.tester@example.test');
      await expect.poll(() => receiver.on('/applyhub').length, { timeout: 20_000 }).toBe(1);
      const [first] = receiver.on('/applyhub');
      const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
        type: string;
        data: { application_id: string };
      };
      expect(payload).toMatchObject({
        type: 'application.submitted',
        data: { application_id: applicationId },
      });

      await card.getByRole('button', { name: 'Show delivery log' }).click();
      const log = card.getByRole('group', { name: 'Delivery log' });
      const row = log.getByRole('row').filter({ hasText: 'application.submitted' });
      await row.getByText('Succeeded').waitFor();
      await row.getByRole('cell', { name: '200' }).waitFor();
      await expectNoAxeViolations(page);

      await row.getByRole('button', { name: /^Resend application\.submitted/ }).click();
      await page.getByText('Delivery queued again.').waitFor();
      await expect.poll(() => receiver.on('/applyhub').length, { timeout: 20_000 }).toBe(2);
      const again = receiver.on('/applyhub')[1];
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(again.body).toBe(first.body);
      await row.getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: 10_000 });

      await page.setViewportSize({ width: 375, height: 800 });
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);

      // Deleting asks first.
      await page.setViewportSize({ width: 1280, height: 800 });
      await card.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
      await page.getByText('No webhook endpoints yet.').waitFor();
    } finally {
      await page.context().close();
    }
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue 22 item 4: an org admin creates an API token, sees it once, it works, and revoking it stops it. */

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const call = (secret: string, path: string) =>
  fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${secret}` } });

describe('API tokens page (375 px)', () => {
  it('creates a token, shows it once with a copy button, the token works, and revoking stops it', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto('/org/riverside-arts/admin');
      await page.getByRole('link', { name: /API tokens/ }).click();
      await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
      await page.getByText('No API tokens yet.').waitFor();
      expect(await page.title()).toBe('API tokens · Riverside Arts Center · ApplyHub');
      await expectNoAxeViolations(page);

      // A name is required: the error is beside the field and focus goes there.
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Please give the token a name.').waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
        .toBe('true');

      await page.getByRole('textbox', { name: /Name/ }).fill('E2E integration');
      await page.getByRole('combobox', { name: 'Access' }).selectOption({ label: 'Read and write' });
      await page.getByRole('combobox', { name: 'Expires after' }).selectOption({ label: '30 days' });
      await page.getByRole('button', { name: 'Create token' }).click();

      const dialog = page.getByRole('dialog', { name: 'Copy your new token' });
      await dialog.waitFor();
      const secret = await dialog.getByRole('textbox', { name: 'E2E integration' }).inputValue();
      expect(secret).toMatch(/^ahp_[A-Za-z0-9_-]{43}$/);
      await dialog.getByRole('button', { name: 'Copy token' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Listed without its secret, and the secret is not shown again (even after a reload).
      const row = page.getByRole('listitem').filter({ hasText: 'E2E integration' });
      await row.getByText('Read and write').waitFor();
      await row.getByText(`${secret.slice(0, 10)}…`).waitFor();
      expect(await page.content()).not.toContain(secret);
      await page.reload();
      await row.waitFor();
      expect(await page.content()).not.toContain(secret);
      // Usable at 375 px: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);

      // The token works from outside the browser, on its organization's admin routes only.
      const programs = await call(secret, '/api/orgs/riverside-arts/programs');
      expect(programs.status).toBe(200);
      expect((await programs.json()).items.length).toBeGreaterThan(0);
      expect((await call(secret, '/api/me')).status).toBe(403);

      // Revoke, after confirming.
      await row.getByRole('button', { name: 'Revoke E2E integration' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke “E2E integration”?' });
      await confirm.getByText('Anything using this token stops working at once.', { exact: false }).waitFor();
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Revoke token' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.getByText('Revoked', { exact: true }).first().waitFor();
      await expect(row.getByRole('button', { name: 'Revoke E2E integration' }).count()).resolves.toBe(0);

      expect((await call(secret, '/api/orgs/riverside-arts/programs')).status).toBe(401);
    } finally {
      await page.context().close();
    }
  });
});

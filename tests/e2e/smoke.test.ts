import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** The built app in demo mode, as `npm start` serves it on a fresh checkout. */

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('smoke', () => {
  it('serves the landing page', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      const res = await page.goto('/');
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Welcome to ApplyHub' }).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('serves a real robots.txt, not the SPA', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*/m);
    expect(body).not.toMatch(/<html/i);
  });

  it('shows Page Not Found for an unknown path', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect(await page.title()).toBe('Page Not Found · ApplyHub');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('signs a browser context in as a seeded demo account', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      const user = await signInAs(page.context(), app.url, 'applicant@demo.test');
      expect(user.email).toBe('applicant@demo.test');
      // The page's own requests carry the session: the cookie landed in the browser context.
      await page.goto('/');
      const me = await page.evaluate(async () => {
        const res = await fetch('/api/me');
        return { status: res.status, body: await res.json() };
      });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('applicant@demo.test');
    } finally {
      await page.context().close();
    }
  });

  it('answers an unknown API path with a JSON 404, not the SPA', async () => {
    const res = await fetch(`${app.url}/api/no-such-route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

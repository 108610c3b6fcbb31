import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 12 item 4, as a visitor sees it: the demo banner is in the first frame (nothing shifts when it
 * arrives), and a signed-out page neither asks /api/me nor logs a 401 in the console.
 */
let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Records layout shifts from the start of the page (buffered), summed like CLS without input. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

describe('first paint of signed-out pages', () => {
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ]) {
    for (const [path, heading] of [
      ['/', 'Welcome to ApplyHub'],
      ['/browse', null],
    ] as const) {
      it(`${path} at ${width} px: banner laid out at once, no /api/me, no console errors`, async () => {
        const page = await newPage(browser, { baseURL: app.url, width, height });
        const consoleErrors: string[] = [];
        const meRequests: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(m.text());
        });
        page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/me') meRequests.push(r.url());
        });
        try {
          const res = await page.goto(path);
          expect(res?.headers()['content-encoding']).toBe('br');
          await page.getByText('Demo mode is on:').waitFor();
          if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          else await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await layoutShift(page)).toBeLessThan(0.01);
          expect(meRequests).toEqual([]);
          expect(consoleErrors).toEqual([]);
          await expectNoAxeViolations(page);
        } finally {
          await page.context().close();
        }
      });
    }
  }

  it('signing in from a page loaded signed out still finds the new session', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await page.goto('/demo-sign-in');
      await page.getByLabel('Email').fill('first-paint@example.test');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/onboarding/);
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      const me = await page.evaluate(async () => (await fetch('/api/me')).status);
      expect(me).toBe(200);
    } finally {
      await page.context().close();
    }
  });
});

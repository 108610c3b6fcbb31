import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const YOUTH_ORCHESTRA = '00000000-0000-4000-8000-de0400000001';
const DEMO_DRAFT = '00000000-0000-4000-8000-dea300000001'; // applicant@demo.test → Dance Access Scholarship

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

// Issue 24 item 14: the entry stylesheet is inlined into every page (decision 016). A page's own code
// (its lazy route chunk) must not fetch it again: that request held the route's code until it arrived,
// then re-applied the whole stylesheet (a second parse and a style recalculation of the whole page).
describe('a page whose code loads after the first paint', () => {
  for (const [path, heading, email] of [
    ['/browse', 'Discover', null],
    [`/programs/${YOUTH_ORCHESTRA}`, 'Youth Orchestra', null],
    [`/applications/${DEMO_DRAFT}`, 'Dance Access Scholarship', 'applicant@demo.test'],
  ] as const) {
    it(`${path.split('/')[1]}: fetches no stylesheet (the inlined one is all it needs)`, async () => {
      const page = await newPage(browser, { baseURL: app.url, width: 375, height: 740 });
      const stylesheets: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'stylesheet' || new URL(r.url()).pathname.endsWith('.css'))
          stylesheets.push(new URL(r.url()).pathname);
      });
      try {
        if (email) await signInAs(page.context(), app.url, email);
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(stylesheets).toEqual([]);
        // Still styled by the inlined sheet (body: bg-slate-50).
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
      } finally {
        await page.context().close();
      }
    });
  }
});

// Issue 29 (decision 062): a draft's application page loads what a draft shows, and asks for each thing
// once: not the messages' code (a draft has no thread), not sonner (no toast raised), and the application
// and the live profile once each while it opens.
describe("a draft's application page", () => {
  it('loads neither the messages nor the toasts, and reads the application and the profile once', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 740 });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    try {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      await page.goto(`/applications/${DEMO_DRAFT}`);
      await page.getByRole('heading', { level: 1, name: 'Dance Access Scholarship' }).waitFor();
      await page.getByRole('button', { name: 'Submit Application' }).waitFor();
      await page.getByTestId('questions-loading').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      expect(requests.filter((p) => p === `/api/applications/${DEMO_DRAFT}`)).toHaveLength(1);
      expect(requests.filter((p) => p === '/api/me/profile')).toHaveLength(1);
      expect(requests.filter((p) => /\/assets\/MessageThread-/.test(p))).toEqual([]);
      expect(await page.locator('[data-sonner-toaster]').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('that fails to load says so with a Retry, and Retry shows every question', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 740 });
    try {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      // Youth Orchestra's form: six questions, no sections, no conditions (the page commits four first).
      const started = await page.request.post(`/api/programs/${YOUTH_ORCHESTRA}/applications`, {
        headers: { origin: app.url },
      });
      expect(started.ok()).toBe(true);
      const { id } = (await started.json()) as { id: string };
      await page.route(`**/api/applications/${id}`, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' }),
      );
      await page.goto(`/applications/${id}`);
      await page.getByText('Failed to load application').waitFor();
      await page.unroute(`**/api/applications/${id}`);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      await expect.poll(() => page.getByTestId('questions').locator(':scope > li').count()).toBe(6);
      expect(await page.getByText('Failed to load application').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

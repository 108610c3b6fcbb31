import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** The foundation's journeys: demo sign-in per role, onboarding, deep links, guards, accessibility. */

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function withPage(fn: (page: Page) => Promise<void>, width = 1280) {
  const page = await newPage(browser, { baseURL: app.url, width });
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** From the landing: 'Sign up / Log in' → 'Log in with Google' → the demo sign-in page. */
async function openDemoSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  await page.getByRole('dialog', { name: 'Welcome to ApplyHub' }).waitFor();
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await page.waitForURL(/\/demo-sign-in/);
  await page.getByRole('heading', { level: 1, name: 'Demo sign-in' }).waitFor();
}

describe('demo sign-in lands each role in its place', () => {
  const cases: Array<[string, RegExp, string]> = [
    ['super@demo.test', /\/super$/, 'Super Admin'],
    ['admin@demo.test', /\/dashboard$/, 'Your Capabilities'],
    ['reviewer@demo.test', /\/dashboard$/, 'Your Capabilities'],
    ['coalition@demo.test', /\/dashboard$/, 'Your Capabilities'],
    ['applicant@demo.test', /\/dashboard$/, 'Discover'],
  ];
  for (const [email, url, heading] of cases) {
    it(`${email} → ${heading}`, async () => {
      await withPage(async (page) => {
        await page.goto('/');
        await openDemoSignIn(page);
        await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
        await page.waitForURL(url);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The top bar names who is signed in.
        const shown = page.getByRole('banner').getByText(email, { exact: true });
        await shown.waitFor({ state: 'visible' });
        expect(await shown.isVisible()).toBe(true);
        if (heading === 'Your Capabilities') await expectNoAxeViolations(page);
      });
    });
  }

  it('shows the admin the organization, its Reviews button and the reviewer programs', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Admin for Organizations' }).waitFor();
      await page.getByRole('link', { name: /Riverside Arts Center \/riverside-arts/ }).waitFor();
      await page.getByRole('link', { name: 'Riverside Arts Center Reviews' }).waitFor();
      await page.getByRole('heading', { name: 'Reviewer for Programs' }).waitFor();
      await page.getByRole('link', { name: 'All Reviews' }).waitFor();
      // The quick-access bar offers Reviews to reviewers only.
      await page.getByRole('link', { name: 'Reviews', exact: true }).waitFor();
    });
  });

  it('gives the applicant no Reviews link', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'My Submissions' }).waitFor();
      expect(await page.getByRole('link', { name: 'Reviews', exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page);
    });
  });
});

describe('a new user', () => {
  it('signs up with a new email, onboards, and reaches the dashboard', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await openDemoSignIn(page);
      await page.getByLabel('Email').fill('fresh.person@example.test');
      await page.getByLabel('Name').fill('Fresh Person');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/onboarding/);
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      await expectNoAxeViolations(page);
      const finish = page.getByRole('button', { name: 'Finish sign up' });
      expect(await finish.isDisabled()).toBe(true);
      await page.getByLabel('Full name').fill('Fresh Person');
      await page.getByRole('checkbox', { name: 'I agree to the Terms & Privacy Policy' }).click();
      await finish.click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('heading', { level: 1, name: 'Discover' }).waitFor();
      const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
      expect(me).toMatchObject({
        email: 'fresh.person@example.test',
        full_name: 'Fresh Person',
        onboarded: true,
      });
    });
  });

  it('is sent to onboarding before anything else', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'not.yet@example.test');
      await page.goto('/dashboard');
      await page.waitForURL(/\/onboarding\?next=/);
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    });
  });
});

describe('sign-out', () => {
  it('says so and keeps the user signed in when the server cannot end the session; signs out on a retry', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Sign out' }).click({ trial: true });
      // The database is down: the server answers sign-out with 503 (tests/faults covers the server).
      await page.route('**/api/auth/sign-out', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'retry-after': '5' },
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Unavailable' } }),
        }),
      );
      await page.getByRole('button', { name: 'Sign out' }).click();
      const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Could not sign out.' });
      await failed.getByText('You are still signed in.').waitFor();
      expect(page.url()).toMatch(/\/dashboard$/);
      expect((await page.context().request.get(`${app.url}/api/me`)).status()).toBe(200);
      await expectNoAxeViolations(page);

      await page.unroute('**/api/auth/sign-out');
      await failed.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Sign up / Log in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect((await page.context().request.get(`${app.url}/api/me`)).status()).toBe(401);
    });
  });
});

describe('guards', () => {
  it('sends a signed-out deep link to / and back there after sign-in', async () => {
    await withPage(async (page) => {
      await page.goto('/org/riverside-arts/reviewer');
      await page.waitForURL(
        (url) => url.pathname === '/' && url.searchParams.get('next') === '/org/riverside-arts/reviewer',
      );
      // The login dialog opens by itself for a carried location.
      await page.getByRole('dialog', { name: 'Welcome to ApplyHub' }).waitFor();
      await page.getByRole('button', { name: 'Log in with Google' }).click();
      await page.waitForURL(/\/demo-sign-in/);
      await page.getByRole('button', { name: /reviewer@demo\.test/ }).click();
      await page.waitForURL(/\/org\/riverside-arts\/reviewer$/);
      await page.getByRole('heading', { level: 1, name: 'Reviewer' }).waitFor();
      await page.getByRole('link', { name: 'Riverside Arts Center' }).waitFor();
    });
  });

  it('lets the org admin into the admin hub of their organization', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto('/dashboard');
      await page.getByRole('link', { name: /Riverside Arts Center \/riverside-arts/ }).click();
      await page.waitForURL(/\/org\/riverside-arts\/admin$/);
      await page.getByRole('heading', { level: 1, name: 'Riverside Arts Center' }).waitFor();
      await page.getByRole('link', { name: /Applications Inbox/ }).waitFor();
      // No placeholder cards (decision 027).
      expect(await page.getByText('Coming soon').count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.goto('/org/northgate-dance-academy/admin');
      await page.waitForURL(/\/unauthorized$/);
    });
  });

  it('keeps an applicant out of the super and org admin areas', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      await page.goto('/super');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/org/riverside-arts/admin');
      await page.waitForURL(/\/unauthorized$/);
      await page.getByText("You don't have permission to access this resource.").waitFor();
      await expectNoAxeViolations(page);
    });
  });

  it('shows the not-found screen for a missing organization, coalition and program', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'super@demo.test');
      await page.goto('/org/no-such-org/admin');
      await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
      await page.getByText('Organization', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
      await page.goto('/coalitions/no-such-coalition');
      await page.getByText('Coalition', { exact: true }).waitFor();
      await page.goto('/programs/00000000-0000-4000-8000-000000000000');
      await page.waitForURL(/\/unauthorized$/);
    });
  });

  it('lets the coalition manager into their coalition only', async () => {
    await withPage(async (page) => {
      await signInAs(page.context(), app.url, 'coalition@demo.test');
      await page.goto('/coalition/metro-arts-coalition/cm');
      await page.getByRole('heading', { level: 1, name: 'Metro Arts Coalition' }).waitFor();
      expect(await page.getByText('Coming soon').count()).toBe(0);
      await page.goto('/coalition/youth-scholarship-alliance/cm');
      await page.waitForURL(/\/unauthorized$/);
    });
  });
});

describe('public pages', () => {
  it('passes axe on the landing, features, not found and a public org page, on a phone too', async () => {
    for (const width of [1280, 375]) {
      await withPage(async (page) => {
        for (const path of ['/', '/features', '/no-such-page', '/org/riverside-arts']) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectNoAxeViolations(page);
        }
      }, width);
    }
  });

  it('shows the public program page with its window and questions', async () => {
    await withPage(async (page) => {
      await page.goto('/org/riverside-arts');
      await page.getByRole('link', { name: /View program.*Youth Orchestra Auditions/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      await page.getByRole('heading', { name: 'Application Details' }).waitFor();
      await expectNoAxeViolations(page);
    });
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAROUSEL_MS } from '../../src/shared/domain/discovery';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * The discovery page an applicant (no assignments) sees on /dashboard: Featured (carousel with dots,
 * gallery, hidden section left out), All Orgs (search, coalition label), All Programs (type filter,
 * search, Learn More opens the program page). Axe on each tab at 1280 and 375 px.
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

async function withApplicant(fn: (page: Page) => Promise<void>, width = 1280) {
  const page = await newPage(browser, { baseURL: app.url, width });
  // Playwright's clock (time flows as usual): a test can make the carousel's 5 s pass at once.
  await page.clock.install();
  try {
    await signInAs(page.context(), app.url, 'applicant@demo.test');
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Featured' }).waitFor();
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** Two frames later: whatever a fired timer set in motion has rendered. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('discovery page', () => {
  it('shows the three tabs and the featured sections; dots switch slides; rotation pauses', async () => {
    await withApplicant(async (page) => {
      for (const name of ['Featured', 'All Orgs', 'All Programs']) {
        await page.getByRole('tab', { name }).waitFor();
      }
      expect(await page.getByRole('tab', { name: 'Featured' }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('heading', { level: 2, name: 'Featured Opportunities' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Explore Organizations' }).waitFor();
      expect(await page.getByText('Winter Showcase Highlights').count()).toBe(0);
      // A gallery card: the org's name stands in for a missing title; 'View' is the default label.
      const gallery = page.getByRole('region', { name: 'Explore Organizations' });
      await gallery.getByRole('heading', { level: 3, name: 'Riverside Arts Center' }).waitFor();
      await gallery.getByRole('link', { name: /^View\s*: Riverside Arts Center$/ }).waitFor();
      expect(await page.getByRole('heading', { name: 'Summer Theatre Intensive opens soon' }).count()).toBe(
        0,
      );

      const carousel = page.getByRole('region', { name: 'Featured Opportunities' });
      const dot = (n: number) => carousel.getByRole('button', { name: `Show slide ${n} of 4` });
      expect(await dot(1).getAttribute('aria-current')).toBe('true');
      await carousel.getByRole('heading', { name: 'Take your seat in the Youth Orchestra' }).waitFor();
      expect(await carousel.getByText('Riverside Arts Center').first().isVisible()).toBe(true);
      await shot(page, 'featured-1280');
      await expectNoAxeViolations(page);

      await dot(3).click();
      expect(await dot(3).getAttribute('aria-current')).toBe('true');
      expect(await dot(1).getAttribute('aria-current')).toBeNull();
      await carousel.getByRole('heading', { name: 'Train at Northgate Dance Academy' }).waitFor();
      await carousel
        .getByRole('heading', { name: 'Take your seat in the Youth Orchestra' })
        .waitFor({ state: 'hidden' });
      // Focus and the pointer are inside: it does not rotate.
      expect(await carousel.getAttribute('data-rotating')).toBe('false');
      await page.clock.runFor(CAROUSEL_MS + 600);
      await settled(page);
      expect(await dot(3).getAttribute('aria-current')).toBe('true');

      // Pointer and focus away: it advances on its own after 5 s.
      await page.mouse.move(1, 1);
      await page.getByRole('heading', { level: 1 }).click();
      expect(await carousel.getAttribute('data-rotating')).toBe('true');
      await page.clock.runFor(CAROUSEL_MS);
      await carousel.getByRole('heading', { name: 'One application, the whole metro arts scene' }).waitFor();
      expect(await dot(4).getAttribute('aria-current')).toBe('true');
      await carousel
        .getByRole('link', { name: /^Learn More\s*: One application, the whole metro arts scene$/ })
        .click();
      await page.waitForURL('**/coalitions/metro-arts-coalition');

      // Reduced motion: no auto-rotation.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/dashboard');
      await page.getByRole('region', { name: 'Featured Opportunities' }).waitFor();
      await page.mouse.move(1, 1);
      expect(
        await page.getByRole('region', { name: 'Featured Opportunities' }).getAttribute('data-rotating'),
      ).toBe('false');
    });
  });

  it('All Orgs: search filters by name and shows the coalition label', async () => {
    await withApplicant(async (page) => {
      await page.getByRole('tab', { name: 'All Orgs' }).click();
      const search = page.getByRole('searchbox', { name: 'Search all orgs' });
      await search.waitFor();
      expect(await search.getAttribute('placeholder')).toBe('Search all orgs...');
      await page.getByRole('heading', { level: 2, name: 'Oakwood Theatre Company' }).waitFor();
      await expectNoAxeViolations(page);
      await search.fill('NORTHGATE');
      const cards = page.getByRole('tabpanel').getByRole('listitem');
      await page
        .getByRole('heading', { level: 2, name: 'Riverside Arts Center' })
        .waitFor({ state: 'detached' });
      expect(await cards.count()).toBe(1);
      await cards.getByText('Metro Arts Coalition, Youth Scholarship Alliance').waitFor();
      await cards.getByText('Active', { exact: true }).waitFor();
      await search.fill('oakwood');
      await cards.getByText('Independent', { exact: true }).waitFor();
      await search.fill('no such organization');
      await page.getByText('No organizations match your search.').waitFor();
      await search.fill('northgate');
      await cards.getByRole('link', { name: 'Learn More about Northgate Dance Academy' }).click();
      await page.waitForURL('**/org/northgate-dance-academy');
    });
  });

  it('All Programs: type filter, search, and Learn More opens the program page', async () => {
    await withApplicant(async (page) => {
      await page.getByRole('tab', { name: 'All Programs' }).click();
      const search = page.getByRole('searchbox', { name: 'Search programs' });
      await search.waitFor();
      expect(await search.getAttribute('placeholder')).toBe('Search programs...');
      const cards = page.getByRole('tabpanel').getByRole('listitem');
      await cards.first().waitFor();
      const total = await cards.count();
      expect(total).toBeGreaterThan(3);
      await expectNoAxeViolations(page);

      const type = page.getByRole('combobox', { name: 'Program type' });
      expect(await type.locator('option').allTextContents()).toEqual([
        'All',
        'Applications',
        'Auditions',
        'Scholarships',
        'Competitions',
      ]);
      await type.selectOption({ label: 'Scholarships' });
      await expect.poll(() => cards.count()).toBeLessThan(total);
      const types = await cards.locator('p.uppercase').allTextContents();
      expect(types.length).toBeGreaterThan(0);
      expect(new Set(types)).toEqual(new Set(['Scholarship']));

      // Search matches the organization's name too.
      await type.selectOption({ label: 'All' });
      await search.fill('harbor city');
      await expect.poll(() => cards.count()).toBeLessThan(total);
      for (const text of await cards.allTextContents()) expect(text).toContain('Harbor City Youth Symphony');
      await search.fill('zzz no match');
      await page.getByText('No programs found matching your criteria.').waitFor();

      // An open program: Learn More opens its page, whose Start / Continue goes to the application.
      await search.fill('');
      const open = cards.filter({ hasText: /^.*Open(?!s)/ }).filter({ hasText: 'Application is open' });
      await open.first().waitFor();
      const name = (await open.first().getByRole('heading', { level: 2 }).textContent())!;
      await open
        .first()
        .getByRole('link', { name: `Learn More about ${name}` })
        .click();
      await page.waitForURL(/\/programs\/[0-9a-f-]{36}$/);
      await page.getByRole('link', { name: 'Start / Continue Application' }).click();
      await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
    });
  });

  it('passes axe on each tab at 375 px', async () => {
    await withApplicant(async (page) => {
      await page.getByRole('heading', { level: 2, name: 'Featured Opportunities' }).waitFor();
      await shot(page, 'featured-375');
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'All Orgs' }).click();
      await page.getByRole('heading', { level: 2, name: 'Northgate Dance Academy' }).waitFor();
      await shot(page, 'orgs-375');
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'All Programs' }).click();
      await page.getByRole('tabpanel').getByRole('listitem').first().waitFor();
      await shot(page, 'programs-375');
      await expectNoAxeViolations(page);
    }, 375);
  });
});

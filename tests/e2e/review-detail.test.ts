import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 11.10 and 13.2: the review detail as a reviewer reads it (the profile as a summary of what the
 * program collects, no 'No answer' lines; the score with its scale; 'Unsaved changes' while typing;
 * 'Save & next' to the next application still to review) and the reviewer landing cards with their
 * pending counts, at 1280 and 375 px with axe.
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

async function pageAs(email: string, width: number): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

const MAYA = demoReviewApplicationId(2);
const YOUTH = 'Youth Orchestra Auditions';

describe('review detail', () => {
  for (const width of [1280, 375]) {
    it(`reads as a summary and saves with its scale at ${width} px`, async () => {
      const page = await pageAs('reviewer@demo.test', width);
      try {
        await page.goto(`/review/app/${MAYA}`);
        await page.getByRole('heading', { level: 1, name: 'Maya Patel' }).waitFor();
        // The profile: grouped by the sections the program collects, filled fields only.
        await page.getByRole('heading', { name: 'Profile' }).waitFor();
        await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
        const responses = page.getByRole('region', { name: 'Applicant Responses' });
        expect(await responses.getByText('No answer', { exact: true }).count()).toBe(0);
        expect(await responses.getByText('Phone number').count()).toBe(0);
        await axe(page);

        // The score shows its scale; out of it, the server's message and nothing saved.
        const score = page.getByRole('textbox', { name: 'Score (0–100)' });
        await score.fill('150');
        await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByText('Enter a score from 0 to 100.').waitFor();
        await axe(page);
        if (width === 375) {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth > window.innerWidth,
          );
          expect(overflow).toBe(false);
        }
        await page.screenshot({ path: `/tmp/review-detail-summary-${width}.png`, fullPage: true });

        // Save & next: saves, then opens the next application still to review.
        await score.fill(width === 1280 ? '81' : '82');
        await page.getByRole('button', { name: 'Save & next' }).click();
        await page.waitForURL(
          (url) => url.pathname.startsWith('/review/app/') && !url.pathname.endsWith(MAYA),
        );
        await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Maya Patel' }).waitFor();
        expect(await page.getByText('Review Submitted').count()).toBe(0);
        const saved = await page.request.get(`${app.url}/api/applications/${MAYA}/review`);
        expect(((await saved.json()) as { review: { score: number } }).review.score).toBe(
          width === 1280 ? 81 : 82,
        );
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('reviewer landing cards', () => {
  for (const width of [1280, 375]) {
    it(`show how many applications wait for review at ${width} px`, async () => {
      const page = await pageAs('reviewer@demo.test', width);
      try {
        await page.goto('/review');
        const card = page.getByRole('link').filter({ hasText: YOUTH });
        await card.getByText(/^\d+ to review$/).waitFor();
        await axe(page);
        await page.goto(`/review/${demoProgramId(1)}`);
        await page.getByText(/^Showing \d+ applications$/).waitFor();
        const queue = await page.request.get(`${app.url}/api/review/programs/${demoProgramId(1)}/queue`);
        const items = ((await queue.json()) as { items: { status: string }[] }).items;
        const pending = items.filter((i) => i.status !== 'submitted').length;
        await page.goto('/review');
        expect(await card.getByText(/to review$/).textContent()).toBe(`${pending} to review`);
        await page.goto('/org/riverside-arts/reviewer');
        await page
          .getByRole('link')
          .filter({ hasText: 'Riverside Arts Center' })
          .getByText(/^\d+ to review$/)
          .waitFor();
        await axe(page);
      } finally {
        await page.context().close();
      }
    });
  }
});

const axe = (page: Page) => expectNoAxeViolations(page);

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { expectDecisionBadge } from './support/decisions';
import { type RunningServer, startServer } from './support/server';

/**
 * Reviewer journeys: two reviewers edit one shared review in two browser contexts and see each other's
 * saves without reloading; concurrent edits of different fields merge, the same field keeps both texts;
 * finalizing locks the other reviewer's inputs. The lists (queue, All Reviews, inbox) and axe at 1280
 * and 375 px on every page.
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

async function pageAs(email: string, width = 1280): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

const axe = (page: Page) => expectNoAxeViolations(page);
const YOUTH = demoProgramId(1);
/** Diego Ramirez's application to Youth Orchestra Auditions: submitted, review not started. */
const DIEGO = demoReviewApplicationId(3);

const score = (page: Page) => page.getByRole('textbox', { name: 'Score' });
const comments = (page: Page) => page.getByRole('textbox', { name: 'Comments', exact: true });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: '✓ Saved' }).waitFor();

async function waitForValue(page: Page, field: ReturnType<typeof score>, value: string) {
  await page.waitForFunction(
    ([el, v]) => (el as HTMLInputElement).value === v,
    [await field.elementHandle(), value] as const,
    { timeout: 10_000 },
  );
}

describe('collaborative review', () => {
  it('two reviewers see each other’s saves live, lose nothing when editing at once, and finalizing locks both', async () => {
    const a = await pageAs('reviewer@demo.test');
    const b = await pageAs('admin@demo.test');
    try {
      for (const page of [a, b]) {
        await page.goto(`/review/app/${DIEGO}`);
        await page.getByRole('heading', { level: 1, name: 'Diego Ramirez' }).waitFor();
        await page.getByRole('heading', { name: 'Applicant Responses' }).waitFor();
      }
      // The answers, by question type, and the profile snapshot.
      await a.getByText('Trumpet', { exact: true }).waitFor();
      await a.getByText('Haydn: Trumpet Concerto', { exact: false }).waitFor();
      await a.getByRole('heading', { name: 'Profile' }).waitFor();
      // Exactly the enabled fields: score, comments and the decision with its options.
      const decision = a.getByRole('combobox', { name: 'Decision' });
      expect(await decision.locator('option').allTextContents()).toEqual([
        'No decision',
        'Accepted',
        'Waitlisted',
        'Not selected',
      ]);
      expect(await a.title()).toBe('Review · Diego Ramirez · ApplyHub');
      await axe(a);

      // A saves a score and comments; B sees them without reloading.
      await score(a).fill('84');
      await comments(a).fill('Clean articulation.');
      await a.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(a);
      await waitForValue(b, score(b), '84');
      await waitForValue(b, comments(b), 'Clean articulation.');

      // Both edit different fields at once and save at once: both changes survive.
      await score(a).fill('86');
      await comments(b).fill('Clean articulation. Rushed the variation.');
      await Promise.all([
        a.getByRole('button', { name: 'Save', exact: true }).click(),
        b.getByRole('button', { name: 'Save', exact: true }).click(),
      ]);
      for (const page of [a, b]) {
        await waitForValue(page, score(page), '86');
        await waitForValue(page, comments(page), 'Clean articulation. Rushed the variation.');
      }

      // Both change the same field: the second saver keeps their text and sees the other's beside it.
      await comments(a).fill('A: ready for the section.');
      await comments(b).fill('B: needs a live audition.');
      await a.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(a);
      // B hears of A's save while typing: B's text stays in the field, A's is shown beside it.
      const conflict = b.getByRole('alert').filter({ hasText: 'Your text is kept in the fields above' });
      await conflict.waitFor({ timeout: 10_000 });
      await conflict.getByText('A: ready for the section.').waitFor();
      expect(await comments(b).inputValue()).toBe('B: needs a live audition.');
      await axe(b);
      await b.getByRole('button', { name: 'Keep mine' }).click();
      await b.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(b);
      await waitForValue(a, comments(a), 'B: needs a live audition.');

      // A chooses a decision and finalizes (after confirming); B's inputs lock.
      await a.getByRole('combobox', { name: 'Decision' }).selectOption('accept');
      await a.getByRole('button', { name: 'Finalize' }).click();
      const dialog = a.getByRole('dialog', { name: 'Finalize this review?' });
      await dialog.waitFor();
      await axe(a);
      await dialog.getByRole('button', { name: 'Finalize' }).click();
      await a.getByText('Review Submitted').waitFor();
      expect(await score(a).isDisabled()).toBe(true);
      await b.getByText('Review Submitted').waitFor({ timeout: 10_000 });
      for (const page of [a, b]) {
        expect(await score(page).isDisabled()).toBe(true);
        expect(await comments(page).isDisabled()).toBe(true);
        expect(await page.getByRole('combobox', { name: 'Decision' }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      }
      expect(await b.getByRole('combobox', { name: 'Decision' }).inputValue()).toBe('accept');

      // The server agrees: finalized, with everything both reviewers wrote.
      const res = await a.request.get(`${app.url}/api/applications/${DIEGO}/review`);
      const body = (await res.json()) as { review: Record<string, unknown> };
      expect(body.review).toMatchObject({
        status: 'submitted',
        score: 86,
        comments: 'B: needs a live audition.',
        decision: 'accept',
      });
      await axe(b);
    } finally {
      await a.context().close();
      await b.context().close();
    }
  });
});

describe('review lists', () => {
  for (const width of [1280, 375]) {
    it(`queue, All Reviews, inbox, assignments and landing at ${width} px`, async () => {
      const page = await pageAs('reviewer@demo.test', width);
      try {
        await page.goto(`/review/${YOUTH}`);
        await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
        await page.getByText(/^Showing \d+ applications$/).waitFor();
        // Maya's review is a draft; the collaboration test above finalized Diego's.
        await page.getByText('commented').first().waitFor();
        await page.getByText('finalized').first().waitFor();
        // Decisions in their colours: Diego's accept, Maya's waitlist.
        await expectDecisionBadge(page.getByRole('row').filter({ hasText: 'Diego Ramirez' }), 'accept');
        await expectDecisionBadge(page.getByRole('row').filter({ hasText: 'Maya Patel' }), 'waitlist');
        await axe(page);
        if (width === 1280) await page.screenshot({ path: '/tmp/review-queue-1280.png', fullPage: true });
        else await page.screenshot({ path: '/tmp/review-queue-375.png', fullPage: true });

        await page.goto(`/review/app/${demoReviewApplicationId(1)}`);
        await page.getByText('Review Submitted').waitFor();
        await expectDecisionBadge(page.getByText('Saved decision:'), 'accept');
        await axe(page);
        await page.screenshot({ path: `/tmp/review-detail-${width}.png`, fullPage: true });

        await page.goto('/review/all');
        await page.getByRole('heading', { level: 1, name: 'All Reviews' }).waitFor();
        await page.getByText(/^Showing \d+ of \d+ reviews$/).waitFor();
        await page.getByText('Filtered to your assigned programs only').waitFor();
        await axe(page);
        await page.screenshot({ path: `/tmp/review-all-${width}.png`, fullPage: true });
        await page.getByRole('searchbox', { name: 'Search' }).fill('no such applicant anywhere');
        await page.getByText('No reviews match your filters.').waitFor();
        await page.getByRole('searchbox', { name: 'Search' }).fill('Jordan');
        await page.getByText('Showing 1 of 1 reviews').waitFor();
        await page.getByRole('searchbox', { name: 'Search' }).fill('');
        await page.getByRole('combobox', { name: 'Status' }).selectOption('submitted');
        await page.getByRole('cell', { name: 'finalized' }).first().waitFor();
        expect(await page.getByRole('cell', { name: 'commented' }).count()).toBe(0);
        await page
          .getByRole('combobox', { name: 'Program' })
          .selectOption({ label: 'Emerging Artist Scholarship' });
        await page.getByText('Showing 1 of 1 reviews').waitFor();
        await expectDecisionBadge(page.getByRole('table'), 'approved');
        await axe(page);

        await page.goto('/review');
        await page.getByRole('heading', { level: 1, name: 'Your Review Assignments' }).waitFor();
        await axe(page);
        await page.goto('/org/riverside-arts/reviewer');
        await page.getByRole('heading', { level: 1, name: 'Reviewer' }).waitFor();
        await axe(page);
      } finally {
        await page.context().close();
      }

      const admin = await pageAs('admin@demo.test', width);
      try {
        await admin.goto('/org/riverside-arts/admin/reviews');
        await admin.getByRole('heading', { level: 1, name: 'Applications Inbox' }).waitFor();
        await admin.getByRole('cell', { name: 'Youth Orchestra Auditions' }).first().waitFor();
        await axe(admin);
        await admin.screenshot({ path: `/tmp/review-inbox-${width}.png`, fullPage: true });
        // Every submitted application is listed, by review state, the filters saying what they filter.
        await admin.getByRole('group', { name: 'Review status' }).waitFor();
        await admin.getByRole('button', { name: /^New \(\d+\)$/ }).click();
        await admin.getByRole('cell', { name: 'not started' }).first().waitFor();
        // Nobody has reviewed a new application: its Reviewer is a dash, never 'Unknown User'.
        const fresh = admin
          .getByRole('row')
          .filter({ has: admin.getByRole('cell', { name: 'not started' }) });
        expect(await fresh.first().locator('td[data-label="Reviewer"]').textContent()).toBe('—');
        expect(await admin.getByText('Unknown User').count()).toBe(0);
        // The previous list stays on screen until the filtered one arrives.
        await expect.poll(() => admin.getByRole('cell', { name: 'commented' }).count()).toBe(0);
        await admin.getByRole('button', { name: /^In review \(\d+\)$/ }).click();
        await admin.getByText('commented').first().waitFor();
        await expect.poll(() => admin.getByRole('cell', { name: 'not started' }).count()).toBe(0);
        expect(await admin.getByRole('cell', { name: 'finalized' }).count()).toBe(0);
        await axe(admin);
      } finally {
        await admin.context().close();
      }
    });
  }

  it('shows the spec’s texts for a bad id and an empty queue', async () => {
    const page = await pageAs('super@demo.test');
    try {
      await page.goto('/review/not-a-program');
      await page.getByText('Missing programId').waitFor();
      await axe(page);
      await page.goto('/review/app/not-an-application');
      await page.getByText('Missing application ID').waitFor();
      await page.goto(`/review/${demoProgramId(17)}`);
      await page.getByText('No submitted applications yet.').waitFor();
      await axe(page);
    } finally {
      await page.context().close();
    }
  });
});

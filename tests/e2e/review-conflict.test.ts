import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 13.1: two reviewers on one application that already has a review. A field both changed stays
 * in conflict until the reviewer chooses; the automatic retry after a 409 never sends it, and Save
 * is refused while it is open. Once when both press Save at the same moment, once with a tab whose
 * event stream is cut (so it only learns of the other save from its own 409).
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

/** Maya Patel's application: a draft review (version 1) by the org admin. */
const MAYA = demoReviewApplicationId(2);

async function open(email: string, opts: { cutEvents?: boolean } = {}): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width: 1280 });
  await signInAs(page.context(), app.url, email);
  if (opts.cutEvents) await page.route('**/api/events**', (route) => route.abort());
  await page.goto(`/review/app/${MAYA}`);
  await page.getByRole('heading', { level: 1, name: 'Maya Patel' }).waitFor();
  await comments(page).waitFor();
  return page;
}

const comments = (page: Page) => page.getByRole('textbox', { name: 'Comments', exact: true });
const score = (page: Page) => page.getByRole('textbox', { name: /^Score/ });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: '✓ Saved' }).waitFor();
const conflictBox = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Your text is kept in the fields above' });

async function serverReview(page: Page) {
  const res = await page.request.get(`${app.url}/api/applications/${MAYA}/review`);
  return ((await res.json()) as { review: { comments: string; score: number; version: number } }).review;
}

/** Waits until one of the pages shows the conflict box; returns [the page with it, the other]. */
async function whichConflicted(a: Page, b: Page): Promise<[Page, Page]> {
  const winner = await Promise.race([
    conflictBox(a)
      .waitFor({ timeout: 15_000 })
      .then(() => 'a' as const),
    conflictBox(b)
      .waitFor({ timeout: 15_000 })
      .then(() => 'b' as const),
  ]);
  return winner === 'a' ? [a, b] : [b, a];
}

describe('review conflicts', () => {
  it('both save the same field at once: the second stays in conflict until they choose, nothing is overwritten', async () => {
    const a = await open('reviewer@demo.test');
    const b = await open('admin@demo.test');
    try {
      await comments(a).fill('A: ready for the section.');
      await comments(b).fill('B: needs a live audition.');
      // Unsaved text is announced while typing.
      await a.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
      await Promise.all([saveButton(a).click(), saveButton(b).click()]);

      const [loser, winner] = await whichConflicted(a, b);
      const winnerText = winner === a ? 'A: ready for the section.' : 'B: needs a live audition.';
      const loserText = winner === a ? 'B: needs a live audition.' : 'A: ready for the section.';
      await saved(winner);
      // The loser's tab keeps its own text, shows the other's, and does not save by itself.
      await conflictBox(loser).getByText(winnerText).waitFor();
      expect(await comments(loser).inputValue()).toBe(loserText);
      // Wait for the loser's save round trip to settle (no spinner), then check nothing was overwritten.
      await loser.getByRole('button', { name: 'Save', exact: true, disabled: false }).waitFor();
      expect((await serverReview(loser)).comments).toBe(winnerText);
      expect(await conflictBox(loser).isVisible()).toBe(true);
      expect(await loser.getByRole('status').filter({ hasText: '✓ Saved' }).count()).toBe(0);
      await expectNoAxeViolations(loser);

      // Save is refused while the conflict is open.
      await saveButton(loser).click();
      await loser.getByText('Choose which comments to keep before saving.').waitFor();
      expect((await serverReview(loser)).comments).toBe(winnerText);

      // Keep both: both texts are saved, the winner's tab shows them live.
      await loser.getByRole('button', { name: 'Keep both (comments)' }).click();
      expect(await comments(loser).inputValue()).toBe(`${loserText}\n\n${winnerText}`);
      await saveButton(loser).click();
      await saved(loser);
      expect((await serverReview(loser)).comments).toBe(`${loserText}\n\n${winnerText}`);
      await winner.waitForFunction(
        ([el, v]) => (el as HTMLTextAreaElement).value === v,
        [await comments(winner).elementHandle(), `${loserText}\n\n${winnerText}`] as const,
        { timeout: 10_000 },
      );
    } finally {
      await a.context().close();
      await b.context().close();
    }
  });

  it('a tab whose event stream is cut: a different field merges and saves, the same field waits for a choice', async () => {
    const a = await open('reviewer@demo.test');
    const b = await open('admin@demo.test', { cutEvents: true });
    try {
      const base = await serverReview(a);
      // A changes the comments; B never hears of it and changes only the score: both survive.
      await comments(a).fill('A: comments from the live tab.');
      await saveButton(a).click();
      await saved(a);
      await score(b).fill('81');
      await saveButton(b).click();
      await saved(b);
      expect(await comments(b).inputValue()).toBe('A: comments from the live tab.');
      const merged = await serverReview(a);
      expect(merged).toMatchObject({ comments: 'A: comments from the live tab.', score: 81 });
      expect(merged.version).toBe(base.version + 2);

      // A changes the comments again; B, still deaf, edits the comments too and saves.
      await comments(a).fill('A: second thoughts.');
      await saveButton(a).click();
      await saved(a);
      await comments(b).fill('B: my own comments.');
      await saveButton(b).click();
      await conflictBox(b).getByText('A: second thoughts.').waitFor();
      await b.getByRole('button', { name: 'Save', exact: true, disabled: false }).waitFor();
      expect(await comments(b).inputValue()).toBe('B: my own comments.');
      expect((await serverReview(b)).comments).toBe('A: second thoughts.');

      // Use theirs: the field takes A's text and nothing of B's comments is sent.
      await b.getByRole('button', { name: 'Use theirs (comments)' }).click();
      expect(await comments(b).inputValue()).toBe('A: second thoughts.');
      expect(await conflictBox(b).count()).toBe(0);
      expect((await serverReview(b)).comments).toBe('A: second thoughts.');
    } finally {
      await a.context().close();
      await b.context().close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * A program admin's way in: the org admin makes a demo applicant admin of Emerging Artist Scholarship;
 * that user finds the program under 'Your Review Assignments', opens its queue, follows 'Publish
 * Results' and 'Manage Reviewers', and is turned away from the organization's other program.
 */

let app: RunningServer;
let browser: Browser;
const PROGRAM = 'Emerging Artist Scholarship';
const programId = demoProgramId(2);
const sibling = demoProgramId(1);
const email = 'sofia.rossi@demo.test';

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function withPage(who: string, fn: (page: Page) => Promise<void>, width = 1280) {
  const page = await newPage(browser, { baseURL: app.url, width });
  try {
    await signInAs(page.context(), app.url, who);
    await fn(page);
  } finally {
    await page.context().close();
  }
}

describe('program admin', () => {
  it('is added by the org admin and administers that program only', async () => {
    await withPage('admin@demo.test', async (page) => {
      const res = await page.request.post(`${app.url}/api/programs/${programId}/admins`, {
        data: { email },
        headers: { Origin: app.url },
      });
      expect(res.status()).toBe(200);
    });

    await withPage(email, async (page) => {
      await page.goto('/review');
      await page.getByRole('heading', { level: 1, name: 'Your Review Assignments' }).waitFor();
      await page.getByRole('link', { name: new RegExp(PROGRAM) }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: new RegExp(PROGRAM) }).click();
      await page.getByRole('heading', { level: 1, name: PROGRAM }).waitFor();
      await page.getByRole('link', { name: 'Manage Reviewers' }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: '/tmp/progadmin-queue-1280.png' });

      await page.getByRole('link', { name: 'Publish Results' }).click();
      await page.getByRole('heading', { level: 2, name: 'Results Queue' }).waitFor();
      await page.getByRole('heading', { level: 1, name: PROGRAM }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/review/${programId}/publish`);
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Back to Reviews' }).click();
      await page.getByRole('link', { name: 'Manage Reviewers' }).click();
      await page.getByRole('heading', { level: 2, name: 'Program Assignments' }).waitFor();
      await page.getByRole('list', { name: 'Admins (1)' }).getByText(email).waitFor();
      await expectNoAxeViolations(page);

      // The organization's other program is not theirs.
      await page.goto(`/review/${sibling}/publish`);
      await page.waitForURL('**/unauthorized');
      await page.goto(`/review/${sibling}/reviewers`);
      await page.waitForURL('**/unauthorized');
    });
  });

  it('works at 375 px', async () => {
    await withPage(
      email,
      async (page) => {
        await page.goto(`/review/${programId}`);
        await page.getByRole('heading', { level: 1, name: PROGRAM }).waitFor();
        await page.getByRole('link', { name: 'Publish Results' }).click();
        await page.getByRole('heading', { level: 2, name: 'Results Queue' }).waitFor();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: '/tmp/progadmin-publish-375.png', fullPage: true });
        await page.goto(`/review/${programId}/reviewers`);
        await page.getByRole('heading', { level: 2, name: 'Program Assignments' }).waitFor();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: '/tmp/progadmin-reviewers-375.png', fullPage: true });
      },
      375,
    );
  });

  it('shows no admin links to a plain reviewer', async () => {
    await withPage('reviewer@demo.test', async (page) => {
      await page.goto(`/review/${programId}`);
      await page.getByRole('heading', { level: 1, name: PROGRAM }).waitFor();
      await page.getByRole('table').or(page.getByText('No submitted applications yet.')).first().waitFor();
      expect(await page.getByRole('link', { name: 'Publish Results' }).count()).toBe(0);
      await page.goto(`/review/${programId}/publish`);
      await page.waitForURL('**/unauthorized');
    });
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicantFiles } from '../../src/server/db/seed/demo-files';
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

/** The demo applicant applies to Community Mural Residency with a PDF sketch (through the API). */
async function submitMuralWithPdf(): Promise<string> {
  const applicant = await pageAs('applicant@demo.test', 1280);
  try {
    const headers = { origin: app.url };
    const started = await applicant.request.post(`${app.url}/api/programs/${demoProgramId(5)}/applications`, {
      headers,
    });
    expect(started.ok()).toBe(true);
    const { id } = (await started.json()) as { id: string };
    const pdf = demoApplicantFiles('Alex Applicant').resume.bytes;
    const upload = await applicant.request.post(
      `${app.url}/api/files?purpose=answer&application_id=${id}&field_key=q_sketch`,
      {
        headers: { ...headers, 'content-type': 'application/pdf', 'x-file-name': 'sketch.pdf' },
        data: pdf,
      },
    );
    expect(upload.ok()).toBe(true);
    const sketch = await upload.json();
    const current = await applicant.request.get(`${app.url}/api/applications/${id}`);
    const { version } = (await current.json()) as { version: number };
    const submitted = await applicant.request.post(`${app.url}/api/applications/${id}/submit`, {
      headers,
      data: {
        answers: { q_concept: 'Neighbours painting the river.', q_sketch: sketch, q_public_workshops: true },
        version,
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    return id;
  } finally {
    await applicant.context().close();
  }
}

describe('PDFs on the review page', () => {
  it('are drawn at the full width of the responses, not left to a black frame', async () => {
    const id = await submitMuralWithPdf();
    for (const width of [1280, 375]) {
      const page = await pageAs('reviewer@demo.test', width);
      try {
        await page.goto(`/review/app/${id}`);
        const viewer = page.getByRole('region', { name: /^sketch\.pdf \(PDF, 1 page\)$/ });
        const canvas = viewer.locator('canvas[data-pdf-page="1"]');
        await canvas.waitFor();
        expect(await page.locator('iframe').count()).toBe(0);
        // As wide as its box, and something is drawn on it (not a blank or black page).
        await page.waitForFunction(
          (el) => {
            const c = el as HTMLCanvasElement;
            const ctx = c.getContext('2d');
            if (!ctx || c.width === 0) return false;
            const data = ctx.getImageData(0, 0, c.width, c.height).data;
            let dark = 0;
            let light = 0;
            for (let i = 0; i < data.length; i += 4 * 3) {
              if (data[i] < 100) dark++;
              else if (data[i] > 200) light++;
            }
            return dark > 0 && light > dark * 5;
          },
          await canvas.elementHandle(),
          { timeout: 15_000 },
        );
        const [canvasWidth, boxWidth] = await viewer.evaluate((el) => [
          (el.querySelector('canvas') as HTMLCanvasElement).getBoundingClientRect().width,
          el.clientWidth,
        ]);
        expect(canvasWidth).toBeGreaterThanOrEqual(boxWidth - 2);
        expect(canvasWidth).toBeGreaterThan(width === 1280 ? 500 : 250);
        // The profile's resume is shown too: the program collects Experience & Portfolio.
        await page.getByRole('region', { name: /^resume\.pdf \(PDF/ }).waitFor();
        await axe(page);
        await page.screenshot({ path: `/tmp/review-pdf-${width}.png` });
      } finally {
        await page.context().close();
      }
    }
  });
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

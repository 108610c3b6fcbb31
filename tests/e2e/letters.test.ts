import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { apiJson, letterLinkFromMailbox, TINY_PDF } from './support/letters';
import { type RunningServer, startServer } from './support/server';

/**
 * Reference letters (issue 30): an applicant requests two letters on the form (375 px) and submits;
 * two recommenders without an account open the emailed links (from the demo mailbox) in fresh
 * contexts — one types a letter, one uploads a PDF; the applicant sees Submitted twice and no content;
 * a reviewer reads both on the review screen; made blind in the builder, the program shows its
 * reviewer only "2 letters received" until the admin allows letters there; the Applications Inbox
 * counts them. Axe on each page. E2E_SCREENSHOTS=<dir> also writes screenshots (1280 and 375 px).
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

const LETTER = 'Jordan is the most dependable cellist in my studio of twenty years.';
const PDF = TINY_PDF;
const FILE = 'Letter-from-Dr-Chen.pdf';

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const json = (ctx: BrowserContext, method: string, url: string, data?: unknown) =>
  apiJson(ctx, app.url, method, url, data);
const linkFromMailbox = (ctx: BrowserContext, address: string) =>
  letterLinkFromMailbox(ctx, app.url, address);

describe('reference letters', () => {
  it('requested on the form, written without an account, read by the reviewer, never by the applicant', async () => {
    const admin = await newPage(browser, { baseURL: app.url });
    const applicant = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
    const superAdmin = await newPage(browser, { baseURL: app.url });
    const reviewer = await newPage(browser, { baseURL: app.url });
    try {
      await signInAs(admin.context(), app.url, 'admin@demo.test');
      const { id: programId } = await json(admin.context(), 'POST', '/api/orgs/riverside-arts/programs', {
        name: 'Cello Fellowship',
        type: 'scholarship',
      });
      const editor = await json(admin.context(), 'GET', `/api/programs/${programId}/editor`);
      await json(admin.context(), 'POST', `/api/programs/${programId}/publish`, {
        version: editor.version,
        form: {
          ...editor.form,
          questions: [
            {
              key: 'refs',
              type: 'reference_letter',
              label: 'Letters of recommendation',
              required: false,
              minLetters: 2,
              maxLetters: 2,
              provides: 'either',
              instructions: 'Please describe the applicant’s musicianship.',
            },
          ],
        },
      });

      await signInAs(applicant.context(), app.url, 'jordan.lee@demo.test');
      const { id } = await json(applicant.context(), 'POST', `/api/programs/${programId}/applications`);
      await applicant.goto(`/applications/${id}`);
      const letters = applicant.getByRole('region', { name: 'Letters of recommendation' });
      await letters.getByText('No letters requested yet.').waitFor();
      for (const [name, email] of [
        ['Prof. Bell', 'bell@letters.example'],
        ['Dr. Chen', 'chen@letters.example'],
      ]) {
        await letters.getByLabel('Recommender’s name').fill(name);
        await letters.getByLabel('Recommender’s email').fill(email);
        await letters.getByLabel('Relationship').fill('Teacher');
        await letters.getByRole('button', { name: 'Send request' }).click();
        await letters.getByText(email).waitFor();
      }
      expect(await letters.getByText('Requested').count()).toBe(2);
      await expectNoAxeViolations(applicant);
      await noSideways(applicant, 375);
      await shot(applicant, 'letters-requests-375');
      // Two requests are in: the application submits (the letters follow).
      await applicant.getByRole('button', { name: 'Submit Application' }).click();
      await applicant.getByText('Application submitted!').waitFor();
      await applicant.waitForURL(`**/applications/${id}/submitted`);

      await signInAs(superAdmin.context(), app.url, 'super@demo.test');
      const bellLink = await linkFromMailbox(superAdmin.context(), 'bell@letters.example');
      const chenLink = await linkFromMailbox(superAdmin.context(), 'chen@letters.example');

      // Prof. Bell: a fresh context, no account, a phone.
      const bell = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
      try {
        await bell.goto(bellLink);
        await bell.getByRole('heading', { level: 1, name: /Reference letter for/ }).waitFor();
        await bell.getByText('Please describe the applicant’s musicianship.').waitFor();
        expect(await bell.getByRole('button', { name: /sign in/i }).count()).toBe(0);
        expect(await bell.getByRole('link', { name: /sign in/i }).count()).toBe(0);
        await expectNoAxeViolations(bell);
        await noSideways(bell, 375);
        await shot(bell, 'letter-page-375');
        await bell.getByLabel('Write the letter (or upload it below)').fill(LETTER);
        await bell.getByText('Draft saved').waitFor();
        await bell.getByRole('button', { name: 'Submit letter' }).click();
        await bell.getByRole('dialog').getByRole('button', { name: 'Submit letter' }).click();
        await bell.getByText('Thank you. Your letter has been submitted.').waitFor();
        await expectNoAxeViolations(bell);
        await shot(bell, 'letter-thanks-375');
        // The link shows the thanks only from now on.
        await bell.reload();
        await bell.getByText('Thank you. Your letter has been submitted.').waitFor();
        expect(await bell.getByText(LETTER).count()).toBe(0);
      } finally {
        await bell.context().close();
      }

      // Dr. Chen uploads a PDF with the product's upload control (drop zone, progress, replace, remove).
      const chen = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
      try {
        // Playwright takes over the file picker only once told to (an asynchronous switch): told now,
        // it has done so before the keyboard opens the picker below.
        chen.on('filechooser', () => {});
        await chen.goto(chenLink);
        await chen.getByRole('heading', { level: 1, name: /Reference letter for/ }).waitFor();
        const choose = chen.getByRole('button', {
          name: 'Choose file for Or upload the letter (PDF)',
          exact: true,
        });
        await choose.waitFor();
        await chen.getByText('Drag a file here, or').waitFor();
        await chen.getByText('Accepted files: PDF; up to 50 MB.').waitFor();
        await noSideways(chen, 375);
        await shot(chen, 'letter-upload-375');
        await chen.setViewportSize({ width: 1280, height: 900 });
        await shot(chen, 'letter-upload-1280');
        await chen.setViewportSize({ width: 375, height: 900 });
        // Not a PDF: the letters' own rule, before anything is sent.
        const input = chen.locator('input[type=file]');
        expect(await input.getAttribute('accept')).toBe('application/pdf,.pdf');
        await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
        await chen.getByRole('alert').filter({ hasText: 'Please upload the letter as a PDF.' }).waitFor();
        // By keyboard: Tab from the letter's text reaches the drop zone's button, Enter opens the picker.
        await chen.getByLabel('Write the letter (or upload it below)').focus();
        await chen.keyboard.press('Tab');
        expect(await choose.evaluate((el) => el === document.activeElement)).toBe(true);
        const [picker] = await Promise.all([chen.waitForEvent('filechooser'), chen.keyboard.press('Enter')]);
        await picker.setFiles({ name: 'first-draft.pdf', mimeType: 'application/pdf', buffer: PDF });
        await chen.getByTestId('upload-complete').waitFor();
        await chen.getByText('first-draft.pdf', { exact: true }).waitFor();
        expect(await chen.getByRole('alert').filter({ hasText: 'as a PDF' }).count()).toBe(0);
        // Remove asks first, and then the drop zone is back.
        await chen.getByRole('button', { name: 'Remove first-draft.pdf' }).click();
        const dialog = chen.getByRole('dialog', { name: 'Remove this file?' });
        await dialog.getByText('first-draft.pdf will be removed.').waitFor();
        await expectNoAxeViolations(chen);
        await dialog.getByRole('button', { name: 'Remove' }).click();
        await choose.waitFor();
        expect(await chen.getByText('first-draft.pdf').count()).toBe(0);
        const file = path.join(tmpdir(), FILE);
        await writeFile(file, PDF);
        await input.setInputFiles(file);
        await chen.getByTestId('upload-complete').waitFor();
        await chen.getByText(FILE, { exact: true }).waitFor();
        await chen.getByRole('button', { name: 'Replace Or upload the letter (PDF)' }).waitFor();
        // Back on the link: the page names the stored file and its size, and never links to it.
        await chen.reload();
        await chen.getByText(FILE, { exact: true }).waitFor();
        await chen.getByText(`${PDF.length} B`, { exact: true }).waitFor();
        expect(await chen.getByRole('link', { name: FILE }).count()).toBe(0);
        expect(await chen.locator('a[href*="/file"], a[href*="letters/"]').count()).toBe(0);
        await expectNoAxeViolations(chen);
        await noSideways(chen, 375);
        await shot(chen, 'letter-page-uploaded-375');
        await chen.setViewportSize({ width: 1280, height: 900 });
        await shot(chen, 'letter-page-uploaded-1280');
        await chen.getByRole('button', { name: 'Submit letter' }).click();
        await chen.getByRole('dialog').getByRole('button', { name: 'Submit letter' }).click();
        await chen.getByText('Thank you. Your letter has been submitted.').waitFor();
      } finally {
        await chen.context().close();
      }

      // The applicant: Submitted twice, no content.
      await applicant.goto(`/applications/${id}`);
      await letters.getByText('2 submitted', { exact: false }).waitFor();
      expect(await letters.getByText('Submitted', { exact: true }).count()).toBe(2);
      const html = await applicant.content();
      expect(html).not.toContain(LETTER);
      expect(html).not.toContain(FILE);
      await expectNoAxeViolations(applicant);
      await shot(applicant, 'letters-submitted-375');

      // A reviewer of the organization reads both beside the answers.
      await signInAs(reviewer.context(), app.url, 'reviewer@demo.test');
      await reviewer.goto(`/review/app/${id}`);
      await reviewer.getByRole('heading', { name: 'Reference letters' }).waitFor();
      await reviewer.getByText(LETTER).waitFor();
      const fileLink = reviewer.getByRole('link', { name: FILE });
      await fileLink.waitFor();
      const pdf = await reviewer.context().request.get(`${app.url}${await fileLink.getAttribute('href')}`);
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
      await expectNoAxeViolations(reviewer);
      await shot(reviewer, 'letters-review-1280');

      // Made blind in the builder: the reviewer gets the count only, until the admin allows letters.
      await admin.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      const settings = admin.getByRole('complementary', { name: 'Program settings' });
      await settings.getByRole('checkbox', { name: 'Hide applicant identity from reviewers' }).click();
      const allow = settings.getByRole('checkbox', { name: /^Reviewers may read reference letters/ });
      expect(await allow.isChecked()).toBe(false);
      await settings.getByRole('button', { name: 'Save review settings' }).click();
      await admin.getByText('Review settings saved').first().waitFor();
      await reviewer.reload();
      await reviewer
        .getByText('2 letters received. Letters are not shown to reviewers in this blind program.')
        .waitFor();
      expect(await reviewer.getByText(LETTER).count()).toBe(0);
      expect(await reviewer.getByRole('link', { name: FILE }).count()).toBe(0);
      await expectNoAxeViolations(reviewer);
      await allow.click();
      await expectNoAxeViolations(admin);
      await settings.getByRole('button', { name: 'Save review settings' }).click();
      await settings.getByText('Unsaved changes').waitFor({ state: 'detached' });
      expect(await json(admin.context(), 'GET', `/api/programs/${programId}/letter-settings`)).toEqual({
        blind_reviewers_see_letters: true,
      });
      await reviewer.reload();
      await reviewer.getByText(LETTER).waitFor();
      await reviewer.getByRole('link', { name: FILE }).waitFor();

      // The Applications Inbox shows the program's letters per application (a count, never content).
      await admin.goto(`/org/riverside-arts/admin/reviews?status=all&program=${programId}`);
      const table = admin.getByRole('group', { name: 'Reviews' });
      await table.getByRole('columnheader', { name: 'Letters' }).waitFor();
      await table.getByText('2 of 2 submitted').waitFor();
      expect(await admin.getByText(LETTER).count()).toBe(0);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
      await applicant.context().close();
      await superAdmin.context().close();
      await reviewer.context().close();
    }
  });
});

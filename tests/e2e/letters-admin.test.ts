import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { apiJson, letterLinkFromMailbox, TINY_PDF } from './support/letters';
import { type RunningServer, startServer } from './support/server';

/**
 * Reference letters from the org admin's side (issue 30 items 1 and 6): the admin builds a Reference
 * letter question in the builder at 375 px (counts, what the recommender provides, instructions, late
 * letters, and three questions of their own: short text, rating, long text; add, reorder by keyboard,
 * remove, the builder's checks) and publishes; a recommender answers them on a phone (the rating by
 * keyboard); on the review screen the admin resends the other request and uploads that letter on the
 * recommender's behalf, and finds both in the audit log; a third recommender declines with a reason,
 * which the admin reads. Axe on each page. E2E_SCREENSHOTS=<dir> also writes a screenshot of the
 * on-behalf upload (1280 px).
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

const QUESTION = 'Letters of recommendation';
const INSTRUCTIONS = 'Tell us how the applicant works in an ensemble.';
const KNOWN = 'How long have you known the applicant?';
const RATING = 'Overall';
const MORE = 'Anything else we should know?';
const LETTER = 'Sam leads the violas with patience and a fine ear.';
const POSTED = 'Letter-by-post-Dr-Chen.pdf';
const DECLINED = 'I am away on tour until autumn.';

const json = (ctx: BrowserContext, method: string, url: string, data?: unknown) =>
  apiJson(ctx, app.url, method, url, data);

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** The labels of the recommender's questions, top to bottom. */
const rqOrder = (row: Locator) =>
  row
    .getByRole('textbox', { name: /^Recommender question \d/ })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

describe('reference letters: the org admin', () => {
  it('builds the question in the builder, publishes, resends and uploads on the recommender’s behalf (audited)', async () => {
    const admin = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
    const applicant = await newPage(browser, { baseURL: app.url });
    const superAdmin = await newPage(browser, { baseURL: app.url });
    try {
      await signInAs(admin.context(), app.url, 'admin@demo.test');
      const { id: programId } = await json(admin.context(), 'POST', '/api/orgs/riverside-arts/programs', {
        name: 'Viola Fellowship',
        type: 'scholarship',
      });

      // The builder, on a phone.
      await admin.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      await admin.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      await admin.getByRole('button', { name: 'Add Reference letter question' }).click();
      // The new question's label has focus, its text selected.
      await admin.keyboard.type(QUESTION);
      const row = admin
        .locator('li[data-question-key]')
        .filter({ has: admin.locator(`input[value="${QUESTION}"]`) });
      await row.waitFor();
      // Its requirement is the letters required: no Required box of its own.
      expect(await row.getByRole('checkbox', { name: /^Required \(question/ }).count()).toBe(0);
      expect(await row.getByLabel('Letters required').inputValue()).toBe('1');
      await row.getByLabel('Letters required').fill('4');
      await row.getByLabel('Letters allowed').fill('3');
      await row.getByLabel('The recommender provides').selectOption({ label: 'A typed letter or a PDF' });
      await row.getByLabel('Instructions for the recommender').fill(INSTRUCTIONS);
      await row.getByRole('checkbox', { name: /Letters may arrive after the application closes/ }).click();
      await row.getByLabel('Letters accepted until').fill('2031-06-30');

      // The recommender's own questions: each added one's label takes focus.
      await row.getByText('No questions for the recommender.').waitFor();
      const add = row.getByRole('button', { name: /^Add recommender question/ });
      const labelOf = (i: number) =>
        row.getByRole('textbox', { name: new RegExp(`^Recommender question ${i}\\b`) });
      for (const [i, label] of [KNOWN, RATING, MORE].entries()) {
        await add.click();
        await expect.poll(() => isFocused(labelOf(i + 1))).toBe(true);
        await admin.keyboard.type(label);
      }
      await row.getByRole('checkbox', { name: /^Required \(recommender question 1 of/ }).click();
      await row.getByLabel(/^Kind of recommender question 2/).selectOption({ label: 'Rating' });
      const ratings = row.getByLabel(/^Ratings of recommender question 2/);
      expect(await ratings.inputValue()).toBe('Excellent\nVery good\nGood\nFair\nPoor');
      await row.getByLabel(/^Kind of recommender question 3/).selectOption({ label: 'Long text' });
      // Five at most.
      for (let i = 4; i <= 5; i++) await add.click();
      expect(await add.isDisabled()).toBe(true);
      // An unlabelled one goes without asking; a labelled one asks first.
      await row.getByRole('button', { name: /^Remove Recommender question 5/ }).click();
      expect(await admin.getByRole('dialog').count()).toBe(0);
      await labelOf(4).fill('Temporary');
      await row.getByRole('button', { name: /^Remove Temporary/ }).click();
      const dialog = admin.getByRole('dialog', { name: 'Remove this question for the recommender?' });
      await dialog.getByText('"Temporary" will be removed from the form when you save.').waitFor();
      await dialog.getByRole('button', { name: 'Remove question' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await rqOrder(row)).toEqual([KNOWN, RATING, MORE]);

      // Reordered with the keyboard (Move up / Move down buttons), announced.
      await row.getByRole('button', { name: new RegExp(`^Move ${RATING} up \\(question \\d+\\)$`) }).focus();
      await admin.keyboard.press('Enter');
      expect(await rqOrder(row)).toEqual([RATING, KNOWN, MORE]);
      await admin.getByText(`${RATING} moved to position 1 of 3.`).waitFor({ state: 'attached' });
      await row
        .getByRole('button', { name: new RegExp(`^Move ${RATING} down \\(question \\d+\\)$`) })
        .focus();
      await admin.keyboard.press('Enter');
      expect(await rqOrder(row)).toEqual([KNOWN, RATING, MORE]);

      // The builder's checks (the server's words), each on its field, which takes focus.
      await admin.getByRole('button', { name: 'Save draft' }).click();
      const tooMany = `"${QUESTION}": the letters required are more than the letters allowed.`;
      await admin.getByRole('alert').filter({ hasText: tooMany }).waitFor();
      await expect.poll(() => isFocused(row.getByLabel('Letters allowed'))).toBe(true);
      expect(await row.getByLabel('Letters allowed').getAttribute('aria-invalid')).toBe('true');
      await row.getByLabel('Letters required').fill('2');
      await ratings.fill('Excellent\n\n');
      await admin.getByRole('button', { name: 'Save draft' }).click();
      const fewRatings = `"${QUESTION}": "${RATING}" needs at least two ratings.`;
      await admin.getByRole('alert').filter({ hasText: fewRatings }).waitFor();
      await expect.poll(() => isFocused(ratings)).toBe(true);
      await row.getByText(fewRatings).waitFor();
      await ratings.fill('Excellent\nVery good\nGood\nFair');
      await expectNoAxeViolations(admin);
      await noSideways(admin, 375);

      await admin.getByRole('button', { name: 'Publish', exact: true }).click();
      await admin.getByRole('button', { name: 'Publish now' }).click();
      await admin.getByRole('dialog', { name: 'Your program is live' }).waitFor();
      await admin.keyboard.press('Escape');

      // Stored as built.
      const editor = await json(admin.context(), 'GET', `/api/programs/${programId}/editor`);
      const stored = (editor.form.questions as { key: string; type: string }[]).find(
        (q) => q.type === 'reference_letter',
      );
      expect(stored).toMatchObject({
        label: QUESTION,
        minLetters: 2,
        maxLetters: 3,
        provides: 'either',
        instructions: INSTRUCTIONS,
        lettersAfterClose: true,
        lettersUntil: '2031-06-30T23:59:59.000Z',
        recommenderQuestions: [
          { type: 'short_text', label: KNOWN, required: true },
          {
            type: 'rating',
            label: RATING,
            required: false,
            options: ['Excellent', 'Very good', 'Good', 'Fair'],
          },
          { type: 'long_text', label: MORE, required: false },
        ],
      });
      // Each with a random key of its own (answers keep it whatever the order or label).
      const rqKeys = (
        stored as unknown as { recommenderQuestions: { key: string }[] }
      ).recommenderQuestions.map((rq) => rq.key);
      expect(rqKeys.every((k) => /^r_[a-z0-9]{6}$/.test(k))).toBe(true);
      expect(new Set(rqKeys).size).toBe(3);
      const questionKey = (stored as { key: string }).key;

      // The applicant asks two recommenders (the form's own flow is letters.test.ts).
      await signInAs(applicant.context(), app.url, 'jordan.lee@demo.test');
      const { id } = await json(applicant.context(), 'POST', `/api/programs/${programId}/applications`);
      for (const [name, email] of [
        ['Prof. Bell', 'bell@viola.example'],
        ['Dr. Chen', 'chen@viola.example'],
        ['Ms. Dee', 'dee@viola.example'],
      ])
        await json(applicant.context(), 'POST', `/api/applications/${id}/letter-requests`, {
          question_key: questionKey,
          name,
          email,
          relationship: 'Teacher',
        });
      // Two requests are in: the application submits (the letters follow), and reaches the review screen.
      const current = await json(applicant.context(), 'GET', `/api/applications/${id}`);
      await json(applicant.context(), 'POST', `/api/applications/${id}/submit`, {
        answers: current.answers,
        version: current.version,
      });

      // Prof. Bell answers the three questions on a phone; the rating by keyboard.
      await signInAs(superAdmin.context(), app.url, 'super@demo.test');
      const bellLink = await letterLinkFromMailbox(superAdmin.context(), app.url, 'bell@viola.example');
      const bell = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
      try {
        await bell.goto(bellLink);
        await bell.getByRole('heading', { level: 1, name: /Reference letter for/ }).waitFor();
        await bell.getByText(INSTRUCTIONS).waitFor();
        await bell.getByLabel('Write the letter (or upload it below)').fill(LETTER);
        const known = bell.getByRole('textbox', { name: KNOWN });
        expect(await known.getAttribute('required')).not.toBeNull();
        const rating = bell.getByRole('group', { name: RATING });
        expect(await rating.getByRole('radio').count()).toBe(4);
        // Tab from the field before: the first rating has focus, none chosen; Space chooses, arrows move.
        await known.focus();
        await bell.keyboard.press('Tab');
        const excellent = rating.getByRole('radio', { name: 'Excellent' });
        const veryGood = rating.getByRole('radio', { name: 'Very good' });
        await expect.poll(() => isFocused(excellent)).toBe(true);
        expect(await excellent.isChecked()).toBe(false);
        await bell.keyboard.press('Space');
        expect(await excellent.isChecked()).toBe(true);
        await bell.keyboard.press('ArrowRight');
        expect(await veryGood.isChecked()).toBe(true);
        expect(await excellent.isChecked()).toBe(false);
        // An optional rating can be cleared and chosen again.
        await rating.getByRole('button', { name: `Clear ${RATING}` }).click();
        expect(await veryGood.isChecked()).toBe(false);
        // By pointer: the choice's face (the radio itself is visually hidden).
        await rating.getByText('Very good', { exact: true }).click();
        expect(await veryGood.isChecked()).toBe(true);
        await bell.getByRole('textbox', { name: MORE }).fill('A generous section leader.');
        await bell.getByText('Draft saved').waitFor();
        await expectNoAxeViolations(bell);
        await noSideways(bell, 375);
        // The required answer is asked for before the letter goes.
        await bell.getByRole('button', { name: 'Submit letter' }).click();
        await bell.getByRole('dialog').getByRole('button', { name: 'Submit letter' }).click();
        await bell
          .getByRole('alert')
          .filter({ hasText: `Please answer "${KNOWN}".` })
          .waitFor();
        await known.fill('Six years');
        await bell.getByRole('button', { name: 'Submit letter' }).click();
        await bell.getByRole('dialog').getByRole('button', { name: 'Submit letter' }).click();
        await bell.getByText('Thank you. Your letter has been submitted.').waitFor();
      } finally {
        await bell.context().close();
      }

      // Ms. Dee declines, with a reason, on a phone.
      const deeLink = await letterLinkFromMailbox(superAdmin.context(), app.url, 'dee@viola.example');
      const dee = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
      try {
        await dee.goto(deeLink);
        await dee.getByRole('heading', { level: 1, name: /Reference letter for/ }).waitFor();
        await dee.getByRole('button', { name: 'Decline' }).click();
        const decline = dee.getByRole('dialog', { name: 'Decline this request?' });
        await decline.getByLabel('Reason (optional)').fill(DECLINED);
        await expectNoAxeViolations(dee);
        await decline.getByRole('button', { name: 'Decline' }).click();
        await dee.getByRole('heading', { level: 1, name: 'Request declined' }).waitFor();
        await dee.getByText('You declined this request. Thank you for letting the applicant know.').waitFor();
        await expectNoAxeViolations(dee);
        await dee.reload();
        await dee.getByRole('heading', { level: 1, name: 'Request declined' }).waitFor();
      } finally {
        await dee.context().close();
      }

      // The review screen: Prof. Bell's letter with the answers; Dr. Chen's request resent, then
      // a letter received by post uploaded on Dr. Chen's behalf.
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.goto(`/review/app/${id}`);
      await admin.getByRole('heading', { name: 'Reference letters' }).waitFor();
      await admin.getByText(LETTER).waitFor();
      const bellItem = admin.getByRole('listitem').filter({ hasText: 'Prof. Bell' });
      for (const text of [KNOWN, 'Six years', RATING, 'Very good', MORE, 'A generous section leader.'])
        await bellItem.getByText(text, { exact: true }).waitFor();
      const chenItem = admin.getByRole('listitem').filter({ hasText: 'Dr. Chen' });
      await chenItem.getByText('Requested', { exact: true }).waitFor();
      await chenItem.getByRole('button', { name: 'Resend request' }).click();
      await admin.getByText('Request sent again.').waitFor();
      const file = path.join(tmpdir(), POSTED);
      await writeFile(file, TINY_PDF);
      // The product's upload control: its drop zone, the letters' rule first, then the upload.
      await chenItem
        .getByRole('button', { name: 'Choose file for Upload a letter received by post (PDF)', exact: true })
        .waitFor();
      await chenItem.getByText('Accepted files: PDF; up to 50 MB.').waitFor();
      const posted = chenItem.locator('input[type=file]');
      await posted.setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('x') });
      await chenItem.getByRole('alert').filter({ hasText: 'Please upload the letter as a PDF.' }).waitFor();
      await expectNoAxeViolations(admin);
      await shot(admin, 'letters-on-behalf-1280');
      await posted.setInputFiles(file);
      await admin.getByText('Letter uploaded on the recommender’s behalf.').waitFor();
      await chenItem.getByText('Submitted', { exact: true }).waitFor();
      await chenItem.getByText(/uploaded by .* on the recommender’s behalf/).waitFor();
      await chenItem.getByRole('link', { name: POSTED }).waitFor();
      expect(await chenItem.getByRole('button', { name: 'Resend request' }).count()).toBe(0);
      const deeItem = admin.getByRole('listitem').filter({ hasText: 'Ms. Dee' });
      await deeItem.getByText('Declined', { exact: true }).waitFor();
      await deeItem.getByText(`Declined: ${DECLINED}`).waitFor();
      await expectNoAxeViolations(admin);

      // The audit log: both actions, by the admin.
      await admin.goto('/org/riverside-arts/admin/audit');
      await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await admin.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'All reference letters' });
      await admin.getByRole('button', { name: 'Apply filters' }).click();
      const log = admin.getByRole('group', { name: 'Audit log' });
      await log.getByText('reference letter from Dr. Chen uploaded on their behalf').waitFor();
      await log.getByText('Reference letter uploaded on the recommender’s behalf').waitFor();
      await log.getByText('Reference letter request sent again').waitFor();
      expect(await log.getByText('admin@demo.test').count()).toBeGreaterThanOrEqual(2);
      await expectNoAxeViolations(admin);
    } finally {
      await admin.context().close();
      await applicant.context().close();
      await superAdmin.context().close();
    }
  });
});

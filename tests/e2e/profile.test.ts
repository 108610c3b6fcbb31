import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * The profile journey: a new applicant fills the four steps (edits survive switching steps), uploads a
 * resume (progress, then complete), saves ('Saved!'), reloads and sees everything; a wrong type shows
 * the spec's message (client check) and a disguised file the server's. Axe at 1280 and 375 px.
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

async function newApplicant(width: number, email: string): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email, 'Profile Tester');
  const res = await page.context().request.post(`${app.url}/api/me/onboarding`, {
    headers: { origin: app.url },
    data: { accept_terms: true, full_name: 'Profile Tester' },
  });
  expect(res.status()).toBe(200);
  return page;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(400)]);

const stepState = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Profile steps' }).getByRole('button', { name: new RegExp(name) });

describe('profile page', () => {
  it('fills four steps, uploads a resume, saves and keeps everything after a reload', async () => {
    const page = await newApplicant(1280, 'profile.e2e@example.test');
    try {
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
      expect(await page.title()).toBe('Profile · ApplyHub');
      await page.getByText('Step 1 of 4').waitFor();
      expect(await stepState(page, 'Personal Info').getAttribute('aria-current')).toBe('step');
      await expect.poll(() => stepState(page, 'Writing').textContent()).toContain('Upcoming');
      await expectNoAxeViolations(page);

      await page.getByLabel('Full Name').fill('Ada Lovelace');
      await page.getByLabel('Date of Birth').fill('2008-12-10');
      await page.getByLabel('Phone Number').fill('555-0100');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.org');
      await page.getByLabel('City').fill('London');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Step 2 of 4').waitFor();
      expect(await stepState(page, 'Personal Info').textContent()).toContain('Complete');
      await page.getByLabel('Parent/Guardian Name').fill('Anne Byron');
      await page.getByLabel('Parent/Guardian Email').fill('anne@example.org');
      await page.getByRole('checkbox', { name: 'Emergency contact is my parent/guardian' }).click();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Step 3 of 4').waitFor();
      await page.getByLabel('Personal Statement').fill('I write programs for engines.');
      await page.getByText('29/5,000 characters').waitFor();
      // Unsaved edits survive switching steps.
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByRole('button', { name: 'Previous' }).click();
      expect(await page.getByLabel('Full Name').inputValue()).toBe('Ada Lovelace');
      await stepState(page, 'Experience/Portfolio').click();
      await page.getByText('Step 4 of 4').waitFor();
      await expectNoAxeViolations(page);

      // A wrong type: the spec's message, before anything is sent.
      const resumeInput = page.locator('input[type=file]').first();
      await resumeInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
      await page.getByText('Please upload a PDF, Word document, or text file').waitFor();
      // A program disguised as a PDF: the server reads the bytes and answers with the same message.
      await resumeInput.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: EXE });
      await page
        .getByRole('alert')
        .filter({ hasText: 'Please upload a PDF, Word document, or text file' })
        .waitFor();

      await resumeInput.setInputFiles({ name: 'Ada CV.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByTestId('upload-complete').waitFor();
      await page.getByText('Ada CV.pdf', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Saved!').waitFor();

      await page.reload();
      await page.getByLabel('Full Name').waitFor();
      expect(await page.getByLabel('Full Name').inputValue()).toBe('Ada Lovelace');
      expect(await page.getByLabel('Date of Birth').inputValue()).toBe('2008-12-10');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('ada@example.org');
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await page.getByLabel('Parent/Guardian Name').inputValue()).toBe('Anne Byron');
      expect(
        await page
          .getByRole('checkbox', { name: 'Emergency contact is my parent/guardian' })
          .getAttribute('aria-checked'),
      ).toBe('true');
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await page.getByLabel('Personal Statement').inputValue()).toBe('I write programs for engines.');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Ada CV.pdf', { exact: true }).waitFor();
      await page.screenshot({ path: '/tmp/profile-1280.png', fullPage: true });

      // Leaving with unsaved changes asks first.
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByLabel('Personal Statement').fill('Changed my mind.');
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await page.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
      await page.getByRole('button', { name: 'Stay' }).click();
      expect(await page.getByLabel('Personal Statement').inputValue()).toBe('Changed my mind.');
    } finally {
      await page.context().close();
    }
  });

  it('works at 375 px: steps, the portfolio upload and axe', async () => {
    const page = await newApplicant(375, 'profile.phone@example.test');
    try {
      await page.goto('/profile');
      await page.getByText('Step 1 of 4').waitFor();
      await expectNoAxeViolations(page);
      await stepState(page, 'Experience/Portfolio').click();
      await page.getByText('No portfolio files yet.').waitFor();
      const portfolio = page.locator('input[type=file]').nth(1);
      await portfolio.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Scales daily.\n'),
      });
      await page.getByRole('button', { name: 'View notes.txt' }).waitFor();
      await page.screenshot({ path: '/tmp/profile-375.png', fullPage: true });
      await expectNoAxeViolations(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(375);
      // Remove asks first.
      await page.getByRole('button', { name: 'Remove notes.txt' }).click();
      await page.getByRole('dialog', { name: 'Remove this file?' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByText('No portfolio files yet.').waitFor();
    } finally {
      await page.context().close();
    }
  });
});

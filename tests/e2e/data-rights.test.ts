import JSZip from 'jszip';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Applicants' rights over their data (issue 33 items 21–22) on the profile page at 375 px: download
 * my data (a zip of JSON and files), then delete my account (type-to-confirm), signed out after. Axe
 * on the page and on the dialog.
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

async function bytesOf(d: Download): Promise<Buffer> {
  const stream = await d.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('your data on the profile page', () => {
  it('downloads everything as a zip, then deletes the account after typing DELETE (375 px)', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await signInAs(page.context(), app.url, 'rights.e2e@example.test', 'Rhea Rightsworth');
      const onboard = await page.context().request.post(`${app.url}/api/me/onboarding`, {
        headers: { origin: app.url },
        data: { accept_terms: true, full_name: 'Rhea Rightsworth' },
      });
      expect(onboard.status()).toBe(200);
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
      const card = page.getByRole('heading', { name: 'Your data' });
      await card.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      // Nothing sticks out sideways at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      const [zipDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my data (ZIP)' }).click(),
      ]);
      expect(zipDownload.suggestedFilename()).toMatch(/^applyhub-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = await JSZip.loadAsync(await bytesOf(zipDownload));
      const data = JSON.parse(await zip.file('data.json')!.async('string'));
      expect(data.account).toMatchObject({ name: 'Rhea Rightsworth', email: 'rights.e2e@example.test' });

      // Delete: the button stays off until the word is typed; axe on the dialog.
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await expectNoAxeViolations(page);
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await confirm.click();
      await page.getByText('Your account was deleted. Your personal data is erased.').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      const me = await page.context().request.get(`${app.url}/api/me`);
      expect(me.status()).toBe(401);
    } finally {
      await page.context().close();
    }
  });

  it('an org admin sets retention in the builder: off by default, then 6 months, kept after a reload (375 px)', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
    try {
      await signInAs(page.context(), app.url, 'admin@demo.test');
      await page.goto(`/org/riverside-arts/admin/programs/${demoProgramId(1)}/builder`);
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      const months = page.getByLabel('Delete applications this many months after the program closes');
      await months.scrollIntoViewIfNeeded();
      expect(await months.inputValue()).toBe('');
      await page.getByText('Empty: applications are kept (the default).').waitFor();
      await months.fill('6');
      await page.getByText('deleted for good by a daily job').waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save dates and reminders' }).click();
      await page.getByText('Dates and reminders saved.').first().waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      await expect
        .poll(() =>
          page.getByLabel('Delete applications this many months after the program closes').inputValue(),
        )
        .toBe('6');
    } finally {
      await page.context().close();
    }
  });
});

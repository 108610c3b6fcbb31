import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Messages on an application (issue 31 item 2): the org admin writes on the review page, the
 * applicant sees the unread count in My Submissions (375 px), reads it and replies, and the admin sees
 * the reply counted in the inbox and in the thread. Axe on each page.
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

const demoApplicants = [
  'jordan.lee',
  'maya.patel',
  'diego.ramirez',
  'priya.nair',
  'ethan.brooks',
  'sofia.rossi',
];

/** A seeded applicant with a submitted application to a Riverside Arts Center program. */
async function submittedRiverside(page: Page): Promise<{ email: string; id: string }> {
  for (const who of demoApplicants) {
    const email = `${who}@demo.test`;
    await signInAs(page.context(), app.url, email);
    const res = await page.context().request.get(`${app.url}/api/me/applications`);
    const items = (await res.json()).items as { id: string; status: string; organization_name: string }[];
    const found = items.find((a) => a.status === 'submitted' && a.organization_name.startsWith('Riverside'));
    if (found) return { email, id: found.id };
  }
  throw new Error('no seeded submitted Riverside application');
}

const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
  'latin1',
);

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('messages on an application', () => {
  it('admin writes, the applicant sees the unread count and replies, the admin sees the reply (375 px)', async () => {
    const applicant = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
    const admin = await newPage(browser, { baseURL: app.url, width: 375, height: 900 });
    try {
      const { email, id } = await submittedRiverside(applicant);
      await signInAs(admin.context(), app.url, 'admin@demo.test');

      await admin.goto(`/review/app/${id}`);
      const thread = admin.getByTestId('message-thread');
      await thread.getByText('No messages yet.').waitFor();
      await thread.getByLabel('Your message').fill('Could you send your score as a PDF?');
      await thread.getByRole('button', { name: 'Send message' }).click();
      await thread.getByText('Could you send your score as a PDF?').waitFor();
      await expectNoAxeViolations(admin);
      await noSideways(admin, 375);
      // Away from the thread (an open thread is read as it arrives).
      await admin.goto('/org/riverside-arts/admin/reviews');

      await signInAs(applicant.context(), app.url, email);
      await applicant.goto('/my-submissions');
      await applicant.getByText('1 unread message').waitFor();
      await expectNoAxeViolations(applicant);
      await noSideways(applicant, 375);

      await applicant.goto(`/applications/${id}`);
      const mine = applicant.getByTestId('message-thread');
      await mine.getByText('Could you send your score as a PDF?').waitFor();
      await mine.getByText('Riverside Arts Center').first().waitFor();
      await mine.getByLabel('Your message').fill('Of course, here it is.');
      // Attach files: chosen, uploaded with progress, removable before sending.
      await mine.getByRole('button', { name: 'Attach files' }).waitFor({ timeout: 20_000 });
      const chooser = mine.locator('input[type="file"]');
      await chooser.setInputFiles({ name: 'wrong-take.pdf', mimeType: 'application/pdf', buffer: PDF });
      const toSend = mine.getByRole('list', { name: 'Files to send' });
      await toSend.getByText('wrong-take.pdf').waitFor({ timeout: 20_000 });
      await mine.getByRole('button', { name: 'Remove wrong-take.pdf' }).click();
      await toSend.waitFor({ state: 'detached', timeout: 20_000 });
      await chooser.setInputFiles({ name: 'my-score.pdf', mimeType: 'application/pdf', buffer: PDF });
      await toSend.getByText('my-score.pdf').waitFor({ timeout: 20_000 });
      // Uploaded: its size replaces the percentage.
      await toSend.getByText(/\d+ B$/).waitFor({ timeout: 20_000 });
      await expectNoAxeViolations(applicant);
      await noSideways(applicant, 375);
      await mine.getByRole('button', { name: 'Send message' }).click();
      await mine.getByText('Of course, here it is.').waitFor({ timeout: 20_000 });
      await mine
        .getByRole('list', { name: 'Attachments' })
        .getByRole('link', { name: 'my-score.pdf' })
        .waitFor({ timeout: 20_000 });
      expect(await mine.getByText('wrong-take.pdf').count()).toBe(0);
      await expectNoAxeViolations(applicant);
      await noSideways(applicant, 375);
      // Read once opened: the count is gone.
      await applicant.goto('/my-submissions');
      await applicant.getByRole('heading', { level: 1 }).waitFor();
      await applicant.locator('li').first().waitFor();
      expect(await applicant.getByText('1 unread message').count()).toBe(0);

      // The inbox counts the reply; the thread shows it and reading it clears the count.
      await admin.goto('/org/riverside-arts/admin/reviews');
      await admin.getByText('1 unread message').first().waitFor();
      await expectNoAxeViolations(admin);
      await admin.goto(`/review/app/${id}`);
      await thread.getByText('Of course, here it is.').waitFor();
      // The admin downloads the attachment: the link is signed for them on click.
      const link = thread
        .getByRole('list', { name: 'Attachments' })
        .getByRole('link', { name: 'my-score.pdf' });
      const signed = admin.waitForResponse((r) => r.url().endsWith('/api/files/sign'));
      const tab = admin.context().waitForEvent('page');
      await link.focus();
      await admin.keyboard.press('Enter');
      expect((await signed).status()).toBe(200);
      // The file opens in a new tab; the thread stays where it was.
      await (await tab).close();
      await thread.getByText('Of course, here it is.').waitFor();
    } finally {
      await applicant.context().close();
      await admin.context().close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeOptions, expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Manage Reviewers and Publish Results: the org admin adds a reviewer by email (an unknown email and a
 * wrong name get the spec's messages), removes one, then publishes the demo data set's finalized result
 * (Jordan Lee, Youth Orchestra Auditions) with decision and comments but not score, after a preview and a
 * confirmation that shows the exact email Jordan receives (and sends the admin a test copy). Jordan,
 * with My Submissions → Results open in another browser context, sees it appear without a reload, no
 * score; the admin sees it delivered; the super admin finds Jordan's email in the demo mailbox and
 * Jordan follows its link to My Submissions. The admin then corrects what was sent (adds the score)
 * and Jordan sees it. Axe runs on every page at 1280 and 375 px.
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

const ORG = 'riverside-arts';
const PROGRAM = 'Youth Orchestra Auditions';
/** The demo review of Jordan Lee's application (finalized: accept, 92). */
const COMMENT_START = 'Secure intonation and a warm, focused tone.';

async function signedInPage(email: string, width = 1280): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

const axe = (page: Page, options?: AxeOptions) => expectNoAxeViolations(page, options);

describe('manage reviewers', () => {
  it('adds a reviewer by email, with the not-found and name-mismatch messages, and removes one', async () => {
    const page = await signedInPage('admin@demo.test');
    try {
      await page.goto(`/org/${ORG}/admin/reviewers`);
      await page.getByRole('heading', { level: 1, name: 'Manage Reviewers' }).waitFor();
      await page.getByRole('link', { name: 'Back to Riverside Arts Center admin' }).waitFor();
      const programButton = page.getByRole('button', { name: new RegExp(`^${PROGRAM}`) });
      await programButton.waitFor();
      expect(await programButton.textContent()).toContain('Published');
      // A draft without a description.
      expect(await page.getByRole('button', { name: /^Fall Dance Showcase/ }).textContent()).toContain(
        'No description',
      );
      expect(await page.title()).toBe('Manage Reviewers · Riverside Arts Center · ApplyHub');
      await axe(page);

      await programButton.click();
      expect(await programButton.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('heading', { name: 'Reviewers (0)' }).waitFor();
      await page.getByText('No reviewers assigned').waitFor();
      await page.getByText('No admins assigned').waitFor();
      await axe(page);

      await page.getByRole('button', { name: 'Add Reviewer', expanded: false }).click();
      const form = page.getByRole('form', { name: 'Add Reviewer' });
      const email = form.getByRole('textbox', { name: 'Email Address' });
      const submit = form.getByRole('button', { name: 'Add Reviewer' });
      await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await submit.isDisabled()).toBe(true);
      await email.fill('   ');
      expect(await submit.isDisabled()).toBe(true);

      await email.fill('nobody@example.test');
      await submit.click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'User not found. They need to sign up first.' })
        .waitFor();
      await axe(page);

      await email.fill('  sofia.rossi@demo.test ');
      await form.getByRole('textbox', { name: 'Full Name' }).fill('Sofia Russo');
      await submit.click();
      await page
        .getByRole('alert')
        .filter({
          hasText: "Name doesn't match the user's profile. Please use the correct name or leave empty.",
        })
        .waitFor();

      await form.getByRole('textbox', { name: 'Full Name' }).fill('sofia rossi');
      await submit.click();
      await page.getByRole('status').filter({ hasText: 'Reviewer added successfully!' }).waitFor();
      await page.getByRole('heading', { name: 'Reviewers (1)' }).waitFor();
      await page.getByText('sofia.rossi@demo.test').waitFor();
      expect(await form.count()).toBe(0);

      // Cancel closes the form without adding anyone.
      await page.getByRole('button', { name: 'Add Admin' }).click();
      await page.getByRole('form', { name: 'Add Admin' }).getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('form', { name: 'Add Admin' }).count()).toBe(0);

      // Add an admin, then remove them after confirming.
      await page.getByRole('button', { name: 'Add Admin' }).click();
      const adminForm = page.getByRole('form', { name: 'Add Admin' });
      await adminForm.getByRole('textbox', { name: 'Email Address' }).fill('maya.patel@demo.test');
      await adminForm.getByRole('button', { name: 'Add Admin' }).click();
      await page.getByRole('status').filter({ hasText: 'Admin added successfully!' }).waitFor();
      await page.getByRole('heading', { name: 'Admins (1)' }).waitFor();
      await axe(page);
      await page.screenshot({ path: '/tmp/publish-reviewers-1280.png', fullPage: true });

      await page.getByRole('button', { name: 'Remove Maya Patel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this admin?' });
      await dialog.waitFor();
      await axe(page);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('status').filter({ hasText: 'Admin removed successfully!' }).waitFor();
      await page.getByRole('heading', { name: 'Admins (0)' }).waitFor();

      // The choice is in the address: a reload keeps the program open.
      await page.reload();
      await page.getByRole('heading', { name: 'Reviewers (1)' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('works on a phone (375 px) with no axe violations', async () => {
    const page = await signedInPage('admin@demo.test', 375);
    try {
      await page.goto(`/org/${ORG}/admin/reviewers`);
      await page.getByRole('button', { name: new RegExp(`^${PROGRAM}`) }).click();
      await page.getByRole('heading', { name: /^Reviewers \(\d+\)$/ }).waitFor();
      await page.getByRole('button', { name: 'Add Reviewer' }).click();
      await axe(page);
      await page.screenshot({ path: '/tmp/publish-reviewers-375.png', fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    } finally {
      await page.context().close();
    }
  });
});

describe('publish results', () => {
  it('publishes decision and comments but not score; the applicant sees it live', async () => {
    const applicant = await signedInPage('jordan.lee@demo.test');
    const admin = await signedInPage('admin@demo.test');
    try {
      // The applicant has My Submissions → Results open.
      await applicant.goto('/my-submissions');
      await applicant.getByRole('tab', { name: 'Results' }).click();
      await applicant.getByText('No results at this time').waitFor();
      await axe(applicant);
      await applicant.evaluate(() => {
        (window as unknown as { __noReload: boolean }).__noReload = true;
      });

      // Gallery: the published programs with their counts.
      await admin.goto(`/org/${ORG}/admin/publish-results`);
      await admin.getByRole('heading', { level: 1, name: 'Publish Results' }).waitFor();
      const card = admin.getByRole('article').filter({ has: admin.getByRole('heading', { name: PROGRAM }) });
      await card.waitFor();
      expect(await card.getByRole('definition').allTextContents()).toEqual(['1', '0']);
      await axe(admin);
      await card.getByRole('link', { name: `Publish results for ${PROGRAM}` }).click();

      // The program's queue.
      await admin.getByRole('heading', { level: 1, name: PROGRAM }).waitFor();
      const row = admin
        .getByRole('row')
        .filter({ has: admin.getByRole('rowheader', { name: 'Jordan Lee' }) });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        '',
        PROGRAM,
        'Accepted',
        '92',
        'Secure intonation and a…',
        expect.any(String),
        'No',
      ]);
      expect(await admin.title()).toBe(`Publish results · ${PROGRAM} · ApplyHub`);
      const onlyUnpublished = admin.getByRole('checkbox', { name: 'Only show not-yet-published' });
      expect(await onlyUnpublished.getAttribute('aria-checked')).toBe('true');
      const publishSelected = admin.getByRole('button', { name: /^Publish selected/ });
      expect(await publishSelected.textContent()).toBe('Publish selected (0)');
      expect(await publishSelected.isDisabled()).toBe(true);
      expect(await admin.getByRole('button', { name: 'Publish all finalized results' }).isDisabled()).toBe(
        false,
      );
      await axe(admin);

      // What to send: the decision only by default; the preview shows exactly Jordan's result card.
      const send = admin.getByRole('complementary', { name: 'What to send' });
      const box = (name: string) => send.getByRole('checkbox', { name });
      expect(await box('Decision').getAttribute('aria-checked')).toBe('true');
      expect(await box('Reviewer comments').getAttribute('aria-checked')).toBe('false');
      expect(await box('Score').getAttribute('aria-checked')).toBe('false');
      const preview = admin.getByRole('region', { name: 'Preview' });
      await preview.getByText('What Jordan Lee will see').waitFor();
      expect(await preview.getByRole('term').allTextContents()).toEqual(['Decision']);
      await box('Reviewer comments').click();
      expect(await preview.getByRole('term').allTextContents()).toEqual(['Decision', 'Reviewer comments']);
      await preview.getByText(COMMENT_START, { exact: false }).waitFor();
      expect(await preview.textContent()).not.toContain('92');
      // The queue table is not clipped at 1280 px: nothing scrolls sideways.
      const table = admin.getByRole('group', { name: 'Finalized results' });
      expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await axe(admin);
      await admin.screenshot({ path: '/tmp/publish-queue-1280.png', fullPage: true });

      // Select all, then publish the selection after confirming.
      await admin.getByRole('checkbox', { name: 'Select all' }).check();
      expect(await row.getByRole('checkbox', { name: 'Select Jordan Lee' }).isChecked()).toBe(true);
      expect(await publishSelected.textContent()).toBe('Publish selected (1)');
      await publishSelected.click();
      const confirm = admin.getByRole('dialog', { name: 'Publish to 1 applicant?' });
      await confirm.getByText('will see the decision, the reviewer comments').waitFor();
      // The exact email Jordan will receive, rendered by the server from the results template.
      await confirm.getByText('As Jordan Lee will receive it.', { exact: false }).waitFor();
      const emailHeaders = await confirm.getByRole('definition').allTextContents();
      expect(emailHeaders).toContain('Jordan Lee <jordan.lee@demo.test>');
      expect(emailHeaders).toContain(`Your result for ${PROGRAM}`);
      const previewEmail = confirm.frameLocator('iframe[title="Preview of the results email"]');
      await previewEmail.getByText(COMMENT_START, { exact: false }).waitFor();
      const previewText = (await previewEmail.locator('body').textContent()) ?? '';
      expect(previewText).toContain('Decision');
      expect(previewText).not.toContain('Score');
      await confirm.getByRole('tab', { name: 'Plain text' }).click();
      expect(await confirm.locator('pre').textContent()).toContain(`${app.url}/my-submissions?tab=results`);
      // A test copy to the admin first.
      await confirm.getByRole('button', { name: 'Send a test copy to me' }).click();
      await confirm.getByRole('status').filter({ hasText: 'admin@demo.test' }).waitFor();
      await axe(admin);
      await admin.screenshot({ path: '/tmp/publish-confirm-1280.png' });
      await confirm.getByRole('button', { name: 'Publish' }).click();
      await admin.getByRole('status').filter({ hasText: 'Published 1 selected result(s).' }).waitFor();

      // Admins see the email delivered (the worker sends it to the built-in mailbox: no SMTP_URL).
      const delivery = admin.getByRole('region', { name: 'Email delivery' });
      await expect
        .poll(async () => (await delivery.textContent())?.replace(/\s+/g, ''), { timeout: 20_000 })
        .toContain('1Sent0Pending0Failed');

      // The published row leaves the not-yet-published view; turning the filter off shows it as Yes.
      await admin.getByText('Every finalized result is published.').waitFor();
      expect(await publishSelected.isDisabled()).toBe(true);
      expect(await admin.getByRole('button', { name: 'Publish all finalized results' }).isDisabled()).toBe(
        true,
      );
      await onlyUnpublished.click();
      await row.waitFor();
      expect((await row.getByRole('cell').allTextContents()).at(-1)).toBe('Yes');
      await axe(admin);

      // The applicant's Results tab shows it without a reload: decision and comments, no score.
      const result = applicant
        .getByRole('article')
        .filter({ has: applicant.getByRole('heading', { name: PROGRAM }) });
      await result.waitFor({ timeout: 15_000 });
      expect(await applicant.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(
        true,
      );
      expect(await result.getByRole('term').allTextContents()).toEqual(['Decision', 'Reviewer comments']);
      await result.getByText('Accepted', { exact: true }).waitFor();
      await result.getByText(COMMENT_START, { exact: false }).waitFor();
      const text = (await result.textContent()) ?? '';
      expect(text).not.toContain('Score');
      expect(text).not.toContain('92');
      await axe(applicant);
      await applicant.screenshot({ path: '/tmp/publish-results-1280.png', fullPage: true });

      // The super admin's mailbox: Jordan's email (and the admin's test copy), opened as Jordan sees it.
      const superAdmin = await signedInPage('super@demo.test');
      let emailLink: string;
      try {
        await superAdmin.goto('/super/mailbox');
        await superAdmin.getByRole('heading', { level: 1, name: 'Mailbox' }).waitFor();
        await superAdmin.getByRole('link', { name: `[Test] Your result for ${PROGRAM}` }).waitFor();
        await superAdmin.getByLabel('Search by recipient or subject').fill('jordan.lee@demo.test');
        await superAdmin.getByRole('button', { name: 'Search' }).click();
        const jordanEmails = superAdmin.getByRole('link', { name: /To jordan\.lee@demo\.test/ });
        await jordanEmails.first().waitFor();
        await axe(superAdmin);
        await superAdmin.getByRole('link', { name: new RegExp(`^Your result for ${PROGRAM}`) }).click();
        await superAdmin.getByRole('heading', { level: 1, name: `Your result for ${PROGRAM}` }).waitFor();
        const opened = superAdmin.frameLocator(`iframe[title="Email: Your result for ${PROGRAM}"]`);
        await opened.getByText(COMMENT_START, { exact: false }).waitFor();
        expect((await opened.locator('body').textContent()) ?? '').not.toContain('92');
        emailLink = (await opened
          .getByRole('link', { name: 'See it in My Submissions' })
          .getAttribute('href'))!;
        expect(emailLink).toBe(`${app.url}/my-submissions?tab=results`);
        // The page around the email (the email's own HTML is a sandboxed frame, which axe cannot enter:
        // it fails opening its helper tab).
        await axe(superAdmin, { exclude: ['iframe'] });
        await superAdmin.screenshot({ path: '/tmp/mailbox-message-1280.png', fullPage: true });
      } finally {
        await superAdmin.context().close();
      }
      // Jordan follows the email's link: My Submissions, on the Results tab.
      const fromEmail = await signedInPage('jordan.lee@demo.test');
      try {
        await fromEmail.goto(emailLink);
        const tab = fromEmail.getByRole('tab', { name: 'Results' });
        await tab.waitFor();
        expect(await tab.getAttribute('aria-selected')).toBe('true');
        await fromEmail
          .getByRole('article')
          .filter({ has: fromEmail.getByRole('heading', { name: PROGRAM }) })
          .waitFor();
      } finally {
        await fromEmail.context().close();
      }

      // Correcting what was sent: add the score to Jordan's published result, after confirming.
      await row.getByRole('checkbox', { name: 'Select Jordan Lee' }).check();
      await box('Score').click();
      const updateSent = admin.getByRole('button', { name: 'Update sent results (1)' });
      await updateSent.click();
      const confirmUpdate = admin.getByRole('dialog', { name: 'Update 1 sent result?' });
      await confirmUpdate.getByRole('button', { name: 'Update' }).click();
      await admin.getByRole('status').filter({ hasText: 'Updated 1 published result(s).' }).waitFor();
      await result.getByText('92', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await result.getByRole('term').allTextContents()).toEqual([
        'Decision',
        'Score',
        'Reviewer comments',
      ]);

      // The gallery counts it.
      await admin.goto(`/org/${ORG}/admin/publish-results`);
      const counted = admin
        .getByRole('article')
        .filter({ has: admin.getByRole('heading', { name: PROGRAM }) });
      await counted.waitFor();
      expect(await counted.getByRole('definition').allTextContents()).toEqual(['1', '1']);
    } finally {
      await applicant.context().close();
      await admin.context().close();
    }
  }, 180_000);

  it('works on a phone (375 px): gallery, queue as cards, results, no axe violations', async () => {
    const admin = await signedInPage('admin@demo.test', 375);
    const applicant = await signedInPage('jordan.lee@demo.test', 375);
    try {
      await admin.goto(`/org/${ORG}/admin/publish-results`);
      await admin.getByRole('heading', { name: PROGRAM }).waitFor();
      await axe(admin);
      await admin.screenshot({ path: '/tmp/publish-gallery-375.png', fullPage: true });

      await admin.getByRole('link', { name: `Publish results for ${PROGRAM}` }).click();
      await admin.getByRole('heading', { level: 1, name: PROGRAM }).waitFor();
      await admin.getByRole('checkbox', { name: 'Only show not-yet-published' }).click();
      await admin.getByRole('rowheader', { name: 'Jordan Lee' }).waitFor();
      await axe(admin);
      await admin.screenshot({ path: '/tmp/publish-queue-375.png', fullPage: true });
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);

      await applicant.goto('/my-submissions');
      await applicant.getByRole('tab', { name: 'Results' }).click();
      await applicant.getByRole('heading', { name: PROGRAM }).waitFor();
      await axe(applicant);
      await applicant.screenshot({ path: '/tmp/publish-results-375.png', fullPage: true });
    } finally {
      await admin.context().close();
      await applicant.context().close();
    }
  });
});

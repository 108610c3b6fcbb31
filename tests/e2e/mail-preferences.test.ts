import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { unsubscribeMessages } from '../../src/shared/domain/unsubscribe';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Optional email, end to end: the org admin adds Sofia as a reviewer, which sends her an "updates"
 * email; the super admin finds it in the demo mailbox and takes its Unsubscribe link; a browser that is
 * not signed in opens the link, is asked first, and unsubscribes. Sofia's profile then shows the
 * category off; she turns it back on (saved, still on after a reload). At 1280 and 375 px, axe clean.
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

const PROGRAM = 'Youth Orchestra Auditions';
const SOFIA = 'sofia.rossi@demo.test';
const SUBJECT = `You are now a reviewer of ${PROGRAM}`;
/** The unsubscribe page shows the address masked: whoever holds the link learns no more of it. */
const SOFIA_MASKED = 's•••@demo.test';

async function signedInPage(email: string, width = 1280): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

/** The Unsubscribe link of Sofia's role email, as the super admin's mailbox shows the email. */
async function unsubscribeLinkFromMailbox(): Promise<string> {
  const superAdmin = await signedInPage('super@demo.test');
  try {
    await superAdmin.goto('/super/mailbox');
    await superAdmin.getByRole('heading', { level: 1, name: 'Mailbox' }).waitFor();
    await superAdmin.getByLabel('Search by recipient or subject').fill(SOFIA);
    await superAdmin.getByRole('button', { name: 'Search' }).click();
    // The worker sends the email shortly after the change: the list is read again until it is there.
    const link = superAdmin.getByRole('link', { name: new RegExp(`^${SUBJECT}`) });
    await expect
      .poll(
        async () => {
          if ((await link.count()) > 0) return true;
          await superAdmin.getByRole('button', { name: 'Search' }).click();
          return false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await link.first().click();
    const opened = superAdmin.frameLocator(`iframe[title="Email: ${SUBJECT}"]`);
    const unsubscribe = opened.getByRole('link', { name: 'Unsubscribe from these emails' });
    await unsubscribe.waitFor();
    return (await unsubscribe.getAttribute('href'))!;
  } finally {
    await superAdmin.context().close();
  }
}

describe('email preferences', () => {
  it('unsubscribes from an email link without signing in, and turns it back on in the profile', async () => {
    const admin = await signedInPage('admin@demo.test');
    try {
      const added = await admin.request.post(`${app.url}/api/programs/${demoProgramId(1)}/reviewers`, {
        data: { email: SOFIA, name: null },
        headers: { Origin: app.url },
      });
      expect(added.status(), await added.text()).toBe(200);
    } finally {
      await admin.context().close();
    }

    const href = await unsubscribeLinkFromMailbox();
    expect(href).toMatch(new RegExp(`^${app.url}/unsubscribe\\?token=`));

    for (const width of [375, 1280]) {
      // A stranger's browser: the link alone is enough, and it asks before it unsubscribes.
      const visitor = await newPage(browser, { baseURL: app.url, width });
      try {
        await visitor.goto(href);
        await visitor.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
        if (width === 375) {
          const question = visitor.locator('p', { hasText: 'Stop sending' });
          await question.waitFor();
          expect(await question.textContent()).toBe(
            `Stop sending updates about your roles to ${SOFIA_MASKED}?`,
          );
          await expectNoAxeViolations(visitor);
          await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
        }
        // Opened again (at 1280) it says so rather than asking twice.
        await visitor
          .getByRole('status')
          .filter({
            hasText: `You are unsubscribed: ${SOFIA_MASKED} no longer gets updates about your roles.`,
          })
          .waitFor();
        await expectNoAxeViolations(visitor);
      } finally {
        await visitor.context().close();
      }
    }

    const sofia = await signedInPage(SOFIA, 375);
    try {
      await sofia.goto('/profile');
      const updates = sofia.getByRole('checkbox', { name: 'Updates about your roles' });
      const reminders = sofia.getByRole('checkbox', { name: 'Deadline reminders' });
      await updates.waitFor();
      expect(await updates.getAttribute('aria-checked')).toBe('false');
      expect(await reminders.getAttribute('aria-checked')).toBe('true');
      await expectNoAxeViolations(sofia);

      await updates.click();
      await sofia.getByText('Email preferences saved.').waitFor();
      await sofia.reload();
      await updates.waitFor();
      expect(await updates.getAttribute('aria-checked')).toBe('true');
      expect(await reminders.getAttribute('aria-checked')).toBe('true');
    } finally {
      await sofia.context().close();
    }
  }, 120_000);

  it('an expired link says so and points to the profile (375 px, axe clean)', async () => {
    // A link of the first form (no expiry, decision 052) gets the expiry page, like one past 90 days.
    const token = `0b6f1a52-8a4b-4b3c-9d2e-5f6a7b8c9d0e.updates.${'a'.repeat(32)}`;
    const visitor = await newPage(browser, { baseURL: app.url, width: 375 });
    try {
      await visitor.goto(`/unsubscribe?token=${token}`);
      await visitor.getByRole('alert').filter({ hasText: unsubscribeMessages.expired }).waitFor();
      await visitor.getByRole('link', { name: 'Email preferences in your profile' }).waitFor();
      await expectNoAxeViolations(visitor);
    } finally {
      await visitor.context().close();
    }
  }, 60_000);
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * A recommender's "Stop reminders about this request" link (issue 30 item 4, decision 065): from the
 * request email in the demo mailbox, opened at 375 px in a fresh context (no account), it asks, stops
 * the reminders of that request only, and the letter link keeps working. A tampered link says so.
 * Axe on each state. (The reminders' timing is tested on the API's test clock.)
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

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function json(ctx: BrowserContext, method: string, url: string, data?: unknown) {
  const res = await ctx.request.fetch(`${app.url}${url}`, { method, data, headers: { origin: app.url } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** The letter link and the stop link of the request email to `address`, from the demo mailbox. */
async function linksFromMailbox(ctx: BrowserContext, address: string) {
  let text = '';
  await expect
    .poll(
      async () => {
        const list = await json(ctx, 'GET', `/api/super/mailbox?q=${encodeURIComponent(address)}`);
        const item = (list.items as { id: string; subject: string }[]).find((m) =>
          m.subject.startsWith('Reference letter request'),
        );
        if (!item) return false;
        text = (await json(ctx, 'GET', `/api/super/mailbox/${item.id}`)).text as string;
        return true;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  const letter = /\/letters\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  const stop = /\/letters\/unsubscribe\?token=[^\s]+/.exec(text)?.[0];
  if (!letter || !stop) throw new Error(`links missing in the email to ${address}`);
  return { letter, stop };
}

describe('stop reminders about a letter request', () => {
  it('asks, stops the reminders of that request, and the letter link keeps working (375 px, axe)', async () => {
    const admin = await newPage(browser, { baseURL: app.url });
    const applicant = await newPage(browser, { baseURL: app.url });
    const superAdmin = await newPage(browser, { baseURL: app.url });
    const recommender = await newPage(browser, { baseURL: app.url, width: 375, height: 800 });
    try {
      await signInAs(admin.context(), app.url, 'admin@demo.test');
      const { id: programId } = await json(admin.context(), 'POST', '/api/orgs/riverside-arts/programs', {
        name: 'Viola Award',
        type: 'scholarship',
      });
      const editor = await json(admin.context(), 'GET', `/api/programs/${programId}/editor`);
      await json(admin.context(), 'POST', `/api/programs/${programId}/publish`, {
        version: editor.version,
        form: {
          ...editor.form,
          questions: [{ key: 'refs', type: 'reference_letter', label: 'Letter', required: false }],
        },
      });
      await signInAs(applicant.context(), app.url, 'jordan.lee@demo.test');
      const { id } = await json(applicant.context(), 'POST', `/api/programs/${programId}/applications`);
      await json(applicant.context(), 'POST', `/api/applications/${id}/letter-requests`, {
        question_key: 'refs',
        name: 'Ms. Vale',
        email: 'vale@letters.example',
      });
      await signInAs(superAdmin.context(), app.url, 'super@demo.test');
      const links = await linksFromMailbox(superAdmin.context(), 'vale@letters.example');

      await recommender.goto(links.stop);
      const card = recommender.getByRole('main');
      await card.getByRole('heading', { name: 'Stop reminders', level: 1 }).waitFor();
      await card.getByText('Stop reminders about Jordan Lee’s reference letter for Viola Award?').waitFor();
      expect(await recommender.title()).toContain('Stop reminders');
      // No app chrome for someone without an account.
      expect(await recommender.getByRole('button', { name: /sign in/i }).count()).toBe(0);
      await expectNoAxeViolations(recommender);
      await noSideways(recommender, 375);
      await card.getByRole('button', { name: 'Stop reminders' }).click();
      await card
        .getByRole('status')
        .getByText('You will get no more reminders about Jordan Lee’s reference letter for Viola Award.')
        .waitFor();
      await expectNoAxeViolations(recommender);
      await noSideways(recommender, 375);
      // Opened again: already stopped.
      await recommender.reload();
      await card.getByText(/You will get no more reminders/).waitFor();
      expect(await card.getByRole('button', { name: 'Stop reminders' }).count()).toBe(0);

      // The letter link itself still opens the form.
      await recommender.goto(links.letter);
      await recommender.getByRole('button', { name: 'Submit letter' }).waitFor();

      // A tampered stop link says so.
      await recommender.goto(`${links.stop.slice(0, -2)}xx`);
      await recommender
        .getByRole('alert')
        .getByText('This link is not valid. Open the latest email about this request and try again.')
        .waitFor();
      await expectNoAxeViolations(recommender);
      await noSideways(recommender, 375);
    } finally {
      for (const p of [admin, applicant, superAdmin, recommender]) await p.context().close();
    }
  });
});

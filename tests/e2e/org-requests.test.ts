import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_APPLICATION_PROGRAM_ID } from '../../src/shared/domain/applyhub';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { expectDecisionBadge } from './support/decisions';
import { type RunningServer, startServer } from './support/server';

/**
 * The org creation request journey: a new applicant opens 'Organizations Start Here', fills and
 * submits ApplyHub's "Organization application" in the browser; the super admin opens the hub card
 * 'Org Creation Requests', reviews the request (decision approved, finalized), comes back and turns it
 * into an organization with the prefilled 'Create organization' dialog; the requester's capabilities
 * then list the new organization as one they administer. Axe at 1280 and 375 px on the pages it uses.
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

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Axe at 1280 px, then at 375 px, leaving the page at 1280. */
async function axeAtBothWidths(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await shot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The Personal Information section the Organization application asks for, through the profile API. */
async function personalInformation(context: BrowserContext, fullName: string) {
  const res = await context.request.put(`${app.url}/api/me/profile`, {
    data: {
      full_name: fullName,
      date_of_birth: '1985-04-12',
      phone_number: '555-0142',
      address_line1: '12 Harbor Lane',
      address_city: 'Riverside',
    },
    headers: { Origin: app.url },
  });
  expect(res.status()).toBe(200);
}

const ORG = 'Lantern Youth Choir';
const SLUG = 'lantern-youth-choir';
const MISSION = 'Free choral training for every young singer in the harbor district.';

describe('org creation request', () => {
  it('an applicant applies, the super admin reviews and creates the organization, the requester administers it', async () => {
    const requester = await newPage(browser, { baseURL: app.url });
    const admin = await newPage(browser, { baseURL: app.url });
    try {
      // A new applicant signs up and finds the Organization application on the landing page.
      await signInAs(requester.context(), app.url, 'lena.marsh@example.test', 'Lena Marsh');
      await requester.goto('/onboarding');
      await requester.getByLabel('Full name').fill('Lena Marsh');
      await requester.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
      await requester.getByRole('button', { name: 'Finish sign up' }).click();
      await requester.waitForURL('**/dashboard');
      await personalInformation(requester.context(), 'Lena Marsh');

      await requester.goto('/');
      await requester.getByRole('link', { name: 'Organizations Start Here' }).click();
      await requester.waitForURL(`**/programs/${ORG_APPLICATION_PROGRAM_ID}/apply`);
      await requester.getByRole('heading', { level: 1, name: 'Organization application' }).waitFor();
      await axeAtBothWidths(requester, 'org-apply');
      await requester.getByRole('button', { name: /Start \/ Continue Application/ }).click();
      await requester.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      const applicationId = new URL(requester.url()).pathname.split('/').pop() as string;

      await requester.getByLabel('Organization name').fill(ORG);
      await requester.getByLabel('Website').fill('https://lantern-choir.example.test');
      await requester.getByLabel('Contact email').fill('hello@lantern-choir.example.test');
      await requester.getByLabel('Mission statement').fill(MISSION);
      await requester.getByLabel('Programs you plan to offer').selectOption('Auditions');
      await requester
        .getByRole('checkbox', { name: /I am authorized to register this organization/ })
        .click();
      await axeAtBothWidths(requester, 'org-application');
      await requester.getByRole('button', { name: 'Submit Application' }).click();
      await requester.getByText('Application submitted!').waitFor();

      // The super admin: hub card → requests → Review.
      await signInAs(admin.context(), app.url, 'super@demo.test');
      await admin.goto('/super');
      await admin.getByRole('link', { name: /Org Creation Requests/ }).click();
      await admin.waitForURL('**/super/org-requests');
      await admin.getByRole('heading', { level: 1, name: 'Org Creation Requests' }).waitFor();
      const row = admin.getByRole('row').filter({ hasText: ORG });
      await row.getByText('lena.marsh@example.test').waitFor();
      await row.getByText('Not started').waitFor();
      // Not accepted yet: nothing to create.
      expect(await row.getByRole('button', { name: `Create organization ${ORG}` }).count()).toBe(0);
      await axeAtBothWidths(admin, 'org-requests');

      await row.getByRole('link', { name: `Review the request for ${ORG}` }).click();
      await admin.waitForURL(`**/review/app/${applicationId}`);
      await admin.getByRole('heading', { level: 1, name: 'Lena Marsh' }).waitFor();
      await admin.getByText(MISSION).first().waitFor();
      await axeAtBothWidths(admin, 'org-request-review');
      const decision = admin.getByRole('combobox', { name: 'Decision' });
      expect(
        await decision.locator('option').evaluateAll((options) => options.map((o) => o.textContent)),
      ).toEqual(['No decision', 'Accepted', 'Pending', 'Not selected']);
      await decision.selectOption('approved');
      await admin.getByRole('button', { name: 'Finalize' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Finalize this review?' });
      await confirm.getByRole('button', { name: 'Finalize' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => decision.isDisabled(), { timeout: 10_000 }).toBe(true);
      await expectDecisionBadge(admin.getByText('Saved decision:'), 'approved');

      // Back to the requests: accepted, so it can become an organization (prefilled from the answers).
      await admin.goto('/super/org-requests');
      await row.getByText('Finalized').waitFor();
      await expectDecisionBadge(row, 'approved');
      await row.getByRole('button', { name: `Create organization ${ORG}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Create organization' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Name').inputValue()).toBe(ORG);
      expect(await dialog.getByLabel('Slug').inputValue()).toBe(SLUG);
      expect(await dialog.getByLabel('Description').inputValue()).toBe(MISSION);
      await expectNoAxeViolations(admin);
      await dialog.getByRole('button', { name: 'Create organization' }).click();
      await admin.getByText(`Organization ${ORG} created. Its requester is now its org admin.`).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByRole('link', { name: ORG, exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Create organization ${ORG}` }).count()).toBe(0);

      // The requester's capabilities list the new organization as one they administer.
      await requester.goto('/dashboard');
      await requester.getByRole('heading', { level: 1, name: 'Your Capabilities' }).waitFor();
      const adminFor = requester.getByRole('region', { name: 'Admin for Organizations' });
      const orgCard = adminFor.getByRole('link', { name: `${ORG} /${SLUG}` });
      await orgCard.waitFor();
      await axeAtBothWidths(requester, 'capabilities');
      await orgCard.click();
      await requester.waitForURL(`**/org/${SLUG}/admin`);
    } finally {
      await requester.context().close();
      await admin.context().close();
    }
  });
});

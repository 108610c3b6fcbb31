import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Super-admin governance: organizations, coalitions and members (the All Orgs card then shows the
 * coalition label), an org-admin assignment (the user's capabilities then list the organization),
 * a bulk role change of two users (a promotion to Superadmin asks first, naming the count), and soft delete and restore of a user (who is signed out).
 * Axe runs on every page at 1280 and 375 px.
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

async function withPage(email: string | null, fn: (page: Page) => Promise<void>, width = 1280) {
  const page = await newPage(browser, { baseURL: app.url, width });
  try {
    if (email) await signInAs(page.context(), app.url, email);
    await fn(page);
  } finally {
    await page.context().close();
  }
}

const asSuper = (fn: (page: Page) => Promise<void>, width = 1280) => withPage('super@demo.test', fn, width);

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

const ORG = 'E2E Harbor Choir';
const COALITION = 'E2E Valley Alliance';

describe('super admin governance', () => {
  it('creates an organization (slug helper, taken slug), deletes and restores it', async () => {
    await asSuper(async (page) => {
      await page.goto('/super');
      await page
        .getByRole('link', { name: /Organizations/ })
        .first()
        .click();
      await page.waitForURL('**/super/orgs');
      await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
      expect(await page.title()).toBe('Organizations · ApplyHub');
      await page.getByRole('rowheader', { name: 'Riverside Arts Center' }).waitFor();
      await expectNoAxeViolations(page);

      // A blank submission is silently ignored: when the next (valid) creation has been answered and
      // toasted, that creation is the only request sent and its toast the only one shown.
      const creations: string[] = [];
      const onRequest = (r: { method(): string; url(): string }) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/super/orgs'))
          creations.push(r.url());
      };
      page.on('request', onRequest);
      await page.getByRole('button', { name: 'Create Organization' }).click();

      await page.getByRole('textbox', { name: 'Name' }).fill(ORG);
      expect(await page.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe('e2e-harbor-choir');
      await page.getByRole('textbox', { name: 'Description' }).fill('Made by the end-to-end test.');
      await page.getByRole('button', { name: 'Create Organization' }).click();
      await toast(page, 'Organization created successfully');
      await page.getByRole('rowheader', { name: ORG }).waitFor();
      page.off('request', onRequest);
      expect(creations).toHaveLength(1);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(1);

      // The same slug again: a clear error beside the field.
      await page.getByRole('textbox', { name: 'Name' }).fill('Another Choir');
      await page.getByRole('textbox', { name: 'Slug' }).fill('E2E Harbor Choir');
      await page.getByRole('button', { name: 'Create Organization' }).click();
      await page.getByText('An organization with this slug already exists.').waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('textbox', { name: 'Name' }).fill('');
      await page.getByRole('textbox', { name: 'Slug' }).fill('');

      // Soft delete (confirmed) and restore.
      await page.getByRole('textbox', { name: 'Name' }).fill('E2E Short Lived');
      await page.getByRole('button', { name: 'Create Organization' }).click();
      await page.getByRole('rowheader', { name: 'E2E Short Lived' }).waitFor();
      await page.getByRole('button', { name: 'Delete E2E Short Lived' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('All data is kept').waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Organization deleted successfully');
      await page.getByRole('rowheader', { name: 'E2E Short Lived' }).waitFor({ state: 'detached' });
      const deleted = page.getByRole('heading', { name: /Deleted Organizations \(\d+\)/ });
      await deleted.click();
      await page.getByRole('button', { name: 'Restore E2E Short Lived' }).click();
      await toast(page, 'Organization restored successfully');
      await page.getByRole('rowheader', { name: 'E2E Short Lived' }).waitFor();
    });
  });

  it('creates a coalition, adds the organization, and All Orgs shows the coalition label', async () => {
    await asSuper(async (page) => {
      await page.goto('/super/coalitions');
      await page.getByRole('heading', { level: 1, name: 'Coalitions' }).waitFor();
      await page.getByRole('heading', { name: 'Select a Coalition' }).waitFor();
      await page.getByRole('button', { name: /^Metro Arts Coalition/ }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('textbox', { name: 'Name' }).fill(COALITION);
      await page.getByRole('button', { name: 'Create Coalition' }).click();
      await toast(page, 'Coalition created successfully');
      await page.getByRole('button', { name: new RegExp(`^${COALITION}`) }).click();
      await page.getByText('No members yet').waitFor();
      const add = page.getByRole('button', { name: 'Add Selected Organization' });
      expect(await add.isDisabled()).toBe(true);
      await page.getByRole('searchbox', { name: 'Search organizations' }).fill('zzz no such');
      await page.getByText('No organizations found matching your search').waitFor();
      await page.getByRole('searchbox', { name: 'Search organizations' }).fill('harbor');
      await page.getByRole('radio', { name: new RegExp(ORG) }).check();
      await expectNoAxeViolations(page);
      await add.click();
      await toast(page, 'Organization added to coalition');
      const members = page
        .locator('h3', { hasText: 'Current Members' })
        .locator('xpath=following-sibling::div[1]');
      await members.getByText(ORG).waitFor();
      await members.getByText(/^Added /).waitFor();
    });

    await withPage('applicant@demo.test', async (page) => {
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'All Orgs' }).click();
      await page.getByRole('searchbox', { name: 'Search all orgs' }).fill('E2E Harbor');
      const card = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: ORG });
      await card.getByText(COALITION, { exact: true }).waitFor();
    });
  });

  it('makes a demo user org admin through Assignments; their capabilities list the organization', async () => {
    await asSuper(async (page) => {
      await page.goto('/super/assignments');
      await page.getByRole('heading', { level: 1, name: 'Assignments' }).waitFor();
      await page.getByRole('tab', { name: 'Org Admins' }).waitFor();
      await page.getByText('admin@demo.test').first().waitFor();
      await expectNoAxeViolations(page);
      const addButton = page.getByRole('button', { name: 'Add', exact: true });
      expect(await addButton.isDisabled()).toBe(true);
      await page.getByRole('searchbox', { name: 'Search organization' }).fill('E2E Harbor');
      await page
        .getByRole('combobox', { name: 'Organization' })
        .selectOption({ label: `${ORG} (e2e-harbor-choir)` });
      expect(await addButton.isDisabled()).toBe(true);
      await page.getByRole('searchbox', { name: 'Find user by email' }).fill('jordan.lee');
      await page.getByRole('button', { name: /jordan\.lee@demo\.test/ }).click();
      expect(await page.getByRole('textbox', { name: 'User ID' }).inputValue()).toMatch(/^[0-9a-f-]{36}$/);
      await addButton.click();
      await toast(page, 'Organization admin added successfully');
      await page
        .getByRole('listitem')
        .filter({ hasText: 'jordan.lee@demo.test' })
        .filter({ hasText: ORG })
        .waitFor();
      // The other tabs.
      await page.getByRole('tab', { name: 'Reviewers' }).click();
      await page.getByRole('radio', { name: 'Program' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'Coalition Managers' }).click();
      await page.getByText('coalition@demo.test').first().waitFor();
    });

    await withPage('jordan.lee@demo.test', async (page) => {
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Your Capabilities' }).waitFor();
      await page
        .getByRole('link', { name: new RegExp(ORG) })
        .first()
        .waitFor();
    });
  });

  it('bulk-changes two users to Superadmin and back to User', async () => {
    await asSuper(async (page) => {
      await page.goto('/super/users');
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.locator('[data-testid="user-row"]').first().waitFor();
      await expectNoAxeViolations(page);
      const search = page.getByRole('searchbox', { name: 'Search users' });
      const row = (email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);

      await search.fill('no-such-user-anywhere');
      await page.getByText('No users found').waitFor();

      // Select All pressed right after typing a search selects only the rows the search finds (the
      // button waits for the list), and a promotion to Superadmin asks first, naming the count.
      const superAdmins = () =>
        page.locator('[data-testid="user-row"]', { hasText: 'Role superadmin' }).count();
      await search.fill('');
      await row('maya.patel@demo.test').waitFor();
      const supersBefore = await superAdmins();
      await search.fill('maya.patel');
      await page.getByRole('button', { name: 'Select All' }).click();
      await page.getByRole('combobox', { name: 'New role' }).selectOption('superadmin');
      await page.getByRole('button', { name: 'Change role' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make 1 user a super admin?' });
      await dialog.waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await search.fill('');
      await row('jordan.lee@demo.test').waitFor();
      expect(await superAdmins()).toBe(supersBefore);
      expect(await row('maya.patel@demo.test').getByText('Role applicant').count()).toBe(1);

      await search.fill('a');
      await row('maya.patel@demo.test').waitFor();
      await row('maya.patel@demo.test').getByRole('checkbox').click();
      await row('diego.ramirez@demo.test').getByRole('checkbox').click();
      await page.getByText('2 selected').waitFor();
      await page.getByRole('button', { name: 'Change role' }).click();
      const confirm = page.getByRole('dialog', { name: 'Make 2 users super admins?' });
      await confirm.getByRole('button', { name: 'Make super admins' }).click();
      await toast(page, 'Roles updated.');
      await row('maya.patel@demo.test').getByText('superadmin', { exact: true }).waitFor();
      await row('diego.ramirez@demo.test').getByText('superadmin', { exact: true }).waitFor();

      // Role filter.
      await search.fill('');
      await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('superadmin');
      await row('maya.patel@demo.test').waitFor();
      await row('jordan.lee@demo.test').waitFor({ state: 'detached' });

      await row('maya.patel@demo.test').getByRole('checkbox').click();
      await row('diego.ramirez@demo.test').getByRole('checkbox').click();
      await page.getByRole('combobox', { name: 'New role' }).selectOption('applicant');
      await page.getByRole('button', { name: 'Change role' }).click();
      await toast(page, 'Roles updated.');
      await row('maya.patel@demo.test').waitFor({ state: 'detached' });

      // The expanded row shows the three assignment panels.
      await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('');
      await search.fill('jordan.lee');
      await row('jordan.lee@demo.test')
        .getByRole('button', { name: /Assignments of/ })
        .click();
      for (const title of ['Org Admin', 'Reviewer', 'Coalition Manager'])
        await page.getByRole('heading', { level: 3, name: title, exact: true }).waitFor();
      await page.getByText(ORG).first().waitFor();
      await expectNoAxeViolations(page);
    });
  });

  it('soft-deletes a user (who is signed out) and restores them', async () => {
    const victim = await newPage(browser, { baseURL: app.url });
    try {
      await signInAs(victim.context(), app.url, 'priya.nair@demo.test');
      await victim.goto('/dashboard');
      await victim.getByRole('tab', { name: 'All Orgs' }).waitFor();

      await asSuper(async (page) => {
        await page.goto('/super/users');
        await page.getByRole('searchbox', { name: 'Search users' }).fill('priya');
        const row = page.locator('[data-testid="user-row"][data-email="priya.nair@demo.test"]');
        await row.getByRole('button', { name: /^Delete/ }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await toast(page, 'User deleted.');
        // Deleted users are hidden unless 'Show deleted' is ticked; then dimmed and struck through.
        await row.waitFor({ state: 'detached' });
        await page.getByRole('checkbox', { name: 'Show deleted' }).click();
        await row.getByText('Deleted', { exact: true }).waitFor();
        expect(await row.locator('.line-through').count()).toBe(1);
        await expectNoAxeViolations(page);

        // The deleted user is signed out at once.
        expect((await victim.request.get(`${app.url}/api/me`)).status()).toBe(401);
        await victim.reload();
        await victim.waitForURL((url) => url.pathname === '/');

        await row.getByRole('button', { name: /^Restore/ }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
        await toast(page, 'User restored.');
        await row.getByText('Deleted', { exact: true }).waitFor({ state: 'detached' });
      });
      // Restored: they can sign in again.
      await signInAs(victim.context(), app.url, 'priya.nair@demo.test');
      expect((await victim.request.get(`${app.url}/api/me`)).status()).toBe(200);
    } finally {
      await victim.context().close();
    }
  });

  it('has no axe violations on every governance page at 375 px', async () => {
    await asSuper(async (page) => {
      for (const [path, heading] of [
        ['/super/orgs', 'Organizations'],
        ['/super/coalitions', 'Coalitions'],
        ['/super/users', 'Users'],
        ['/super/assignments', 'Assignments'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, `${path} scrolls sideways at 375 px`).toBe(false);
      }
      await page.goto('/super/coalitions');
      await page.getByRole('button', { name: new RegExp(`^${COALITION}`) }).click();
      await page.getByText(ORG).first().waitFor();
      await page.screenshot({ path: '/tmp/govern-coalitions-375.png', fullPage: true });
      await page.goto('/super/users');
      await page.locator('[data-testid="user-row"]').first().waitFor();
      await page.screenshot({ path: '/tmp/govern-users-375.png', fullPage: true });
    }, 375);
    await asSuper(async (page) => {
      await page.goto('/super/users');
      await page
        .locator('[data-testid="user-row"]')
        .first()
        .getByRole('button', { name: /Assignments of/ })
        .click();
      await page.getByRole('heading', { level: 3, name: 'Org Admin', exact: true }).waitFor();
      await page.screenshot({ path: '/tmp/govern-users-1280.png', fullPage: false });
    });
  });
});

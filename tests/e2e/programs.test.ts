import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Programs admin journeys: an org admin creates, deletes and restores a draft; a super admin filters,
 * previews, sends back and approves programs; a coalition manager sees the coalition's programs; an
 * applicant opens an apply page and starts an application. Axe runs on every page.
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

const axe = (page: Page) => expectNoAxeViolations(page);

type Row = {
  id: string;
  name: string;
  review_status: string;
  open_at: string | null;
  close_at: string | null;
};

/** A program of the demo data by name, through the API as `page`'s user sees it. */
async function programByName(page: Page, path: string, name: string): Promise<Row> {
  const res = await page.request.get(`${app.url}/api${path}`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: Row[] };
  const found = items.find((p) => p.name === name);
  if (!found) throw new Error(`${name} is not in ${path}`);
  return found;
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

describe('org admin programs page', () => {
  it('creates a draft (name required, close not before open), deletes and restores it', async () => {
    await withPage('admin@demo.test', async (page) => {
      await page.goto('/org/riverside-arts/admin/programs');
      await page.getByRole('heading', { level: 1, name: 'Programs' }).waitFor();
      await page.getByRole('link', { name: 'Back to Riverside Arts Center admin' }).waitFor();
      await row(page, 'Teaching Artist Fellowship').waitFor();
      expect(await page.title()).toBe('Programs · Riverside Arts Center · ApplyHub');
      await axe(page);

      // The name is required: the message shows beside the field and focus moves there.
      await page.getByRole('button', { name: 'Create draft' }).click();
      const name = page.getByRole('textbox', { name: 'Program name' });
      await page.getByText('Program name is required.').first().waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      // The type defaults to Audition.
      expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('audition');
      await axe(page);

      await name.fill('E2E Strings Intensive');
      await page.getByRole('combobox', { name: 'Type' }).selectOption('scholarship');
      await page.getByRole('textbox', { name: 'Description' }).fill('Made by the end-to-end test.');
      await page.getByLabel('Open date').fill('2031-05-10T09:00');
      await page.getByLabel('Close date').fill('2031-05-01T09:00');
      await page.getByRole('button', { name: 'Create draft' }).click();
      await page.getByText('The close date must not be before the open date.').first().waitFor();

      await page.getByLabel('Close date').fill('2031-06-01T17:00');
      await page.getByRole('button', { name: 'Create draft' }).click();
      await page.getByText('Draft program created.').waitFor();
      // The admin lands in the new draft's builder; back on the list, the draft is there.
      await page.waitForURL(/\/programs\/[0-9a-f-]{36}\/builder$/);
      await page.getByRole('link', { name: 'Back to programs' }).click();
      const created = row(page, 'E2E Strings Intensive');
      await created.waitFor();
      expect(await created.getByText('Draft', { exact: true }).count()).toBe(1);
      expect(await created.getByText('Scholarship').count()).toBe(1);
      const draft = await programByName(page, '/orgs/riverside-arts/programs', 'E2E Strings Intensive');
      expect(draft.review_status).toBe('draft');
      expect(new Date(draft.open_at!).getTime()).toBeLessThan(new Date(draft.close_at!).getTime());
      expect(
        await created.getByRole('link', { name: 'Edit E2E Strings Intensive' }).getAttribute('href'),
      ).toBe(`/org/riverside-arts/admin/programs/${draft.id}/builder`);

      // Delete asks first, then moves the program to Deleted Programs.
      await created.getByRole('button', { name: 'Delete E2E Strings Intensive' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete E2E Strings Intensive?' });
      await confirm.waitFor();
      await axe(page);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Program deleted').waitFor();
      await created.waitFor({ state: 'detached' });

      await page.getByText('Deleted Programs (1)').click();
      const restore = page.getByRole('button', { name: 'Restore E2E Strings Intensive' });
      await restore.waitFor();
      expect(await page.getByRole('link', { name: 'View E2E Strings Intensive' }).getAttribute('href')).toBe(
        `/org/riverside-arts/admin/programs/${draft.id}/builder`,
      );
      await axe(page);
      // A deleted program is copied like any other (issue 29 item 5): a new draft, no dates.
      await page.getByRole('button', { name: 'Copy E2E Strings Intensive', exact: true }).click();
      await page.getByText('Copied as a new draft: E2E Strings Intensive (copy)').waitFor();
      const copied = row(page, 'E2E Strings Intensive (copy)');
      await copied.getByText('Draft', { exact: true }).waitFor();
      const copy = await programByName(page, '/orgs/riverside-arts/programs', 'E2E Strings Intensive (copy)');
      expect(copy).toMatchObject({ review_status: 'draft', open_at: null, close_at: null });
      await restore.click();
      await page.getByText('Program restored').waitFor();
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'E2E Strings Intensive', exact: true }) })
        .waitFor();
      await page.getByText('Deleted Programs (0)').waitFor();
    });
  });

  it('stacks the table into cards on a phone and passes axe', async () => {
    await withPage(
      'admin@demo.test',
      async (page) => {
        await page.goto('/org/riverside-arts/admin/programs');
        const card = row(page, 'Teaching Artist Fellowship');
        await card.waitFor();
        // Nothing scrolls sideways: every row is a card with its actions inside the screen.
        const region = page.getByRole('group', { name: 'Programs', exact: true });
        expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        const edit = await card.getByRole('link', { name: 'Edit Teaching Artist Fellowship' }).boundingBox();
        expect(edit && edit.x + edit.width).toBeLessThanOrEqual(375);
        await axe(page);
      },
      375,
    );
  });

  it('keeps other organizations out', async () => {
    await withPage('admin@demo.test', async (page) => {
      await page.goto('/org/harbor-city-youth-symphony/admin/programs');
      await page.waitForURL(/\/unauthorized$/);
    });
  });
});

describe('super admin Program Reviews', () => {
  it('filters, previews, requests changes (a note is required) and approves', async () => {
    await withPage('super@demo.test', async (page) => {
      await page.goto('/super/programs');
      await page.getByRole('heading', { level: 1, name: 'Program Reviews' }).waitFor();
      // Default filter: submitted and pending changes ('Changes pending approval').
      const submitted = page.getByRole('checkbox', { name: 'Submitted', exact: true });
      const update = page.getByRole('checkbox', { name: 'Changes pending approval', exact: true });
      const draft = page.getByRole('checkbox', { name: 'Draft', exact: true });
      expect(await submitted.getAttribute('aria-checked')).toBe('true');
      expect(await update.getAttribute('aria-checked')).toBe('true');
      expect(await draft.getAttribute('aria-checked')).toBe('false');
      await row(page, 'Principal Chair Auditions').waitFor();
      await row(page, 'Visual Arts Portfolio Review').waitFor();
      expect(await row(page, 'Teaching Artist Fellowship').count()).toBe(0);
      await axe(page);

      // Drafts wait for submission: no Approve or Request Changes.
      await draft.click();
      const waiting = row(page, 'Teaching Artist Fellowship');
      await waiting.waitFor();
      await waiting.getByText('Waiting for submission').waitFor();
      expect(await waiting.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
      expect(await waiting.getByRole('button', { name: /^Request Changes/ }).count()).toBe(0);
      await submitted.click();
      await row(page, 'Principal Chair Auditions').waitFor({ state: 'detached' });
      await submitted.click();
      await draft.click();
      await row(page, 'Principal Chair Auditions').waitFor();
      await waiting.waitFor({ state: 'detached' });

      // Preview: the form as applicants see it; its Submit does nothing but say so.
      await row(page, 'Principal Chair Auditions')
        .getByRole('button', { name: 'Preview Principal Chair Auditions' })
        .click();
      const preview = page.getByRole('dialog', { name: 'Preview: Principal Chair Auditions' });
      await preview.waitFor();
      await preview.getByText("Autofilled from the applicant's profile").waitFor();
      await preview.getByText('Showing the changes waiting for approval.').waitFor();
      await axe(page);
      await preview.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('This is a preview. Applications cannot be submitted here.').waitFor();
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });

      // Request Changes refuses an empty note, then sends the program back.
      await row(page, 'Visual Arts Portfolio Review')
        .getByRole('button', { name: 'Request Changes to Visual Arts Portfolio Review' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Request changes: Visual Arts Portfolio Review' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Request Changes' }).click();
      await dialog.getByText('Please provide a note explaining what needs to be changed.').waitFor();
      await axe(page);
      await dialog.getByRole('textbox', { name: 'Note' }).fill('Please add a question about the medium.');
      await dialog.getByRole('button', { name: 'Request Changes' }).click();
      await page
        .getByText(
          'Change request sent. The program is unpublished and requires super admin approval to republish.',
        )
        .waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row(page, 'Visual Arts Portfolio Review').waitFor({ state: 'detached' });
      await page.getByRole('checkbox', { name: 'Changes requested', exact: true }).click();
      await row(page, 'Visual Arts Portfolio Review').getByText('Waiting for submission').waitFor();

      // Approve publishes the submitted program; its public page then answers.
      const principal = await programByName(
        page,
        '/super/programs?status=submitted',
        'Principal Chair Auditions',
      );
      const before = await page.request.get(`${app.url}/api/programs/${principal.id}`);
      expect(before.status()).toBe(404);
      await row(page, 'Principal Chair Auditions')
        .getByRole('button', { name: 'Approve Principal Chair Auditions' })
        .click();
      await page.getByText('Program Principal Chair Auditions has been approved and published.').waitFor();
      await row(page, 'Principal Chair Auditions').waitFor({ state: 'detached' });
      const after = await page.request.get(`${app.url}/api/programs/${principal.id}`);
      expect(after.status()).toBe(200);
      await page.goto(`/programs/${principal.id}`);
      await page.getByRole('heading', { level: 1, name: 'Principal Chair Auditions' }).waitFor();
    });
  });

  it('deletes and restores from the reviews page, and links to the organization page with a way back', async () => {
    await withPage('super@demo.test', async (page) => {
      await page.goto('/super/programs');
      await page.getByRole('checkbox', { name: 'Published', exact: true }).click();
      const r = row(page, 'Youth Orchestra Auditions');
      await r.waitFor();
      expect(
        await r.getByRole('link', { name: 'Edit Youth Orchestra Auditions' }).getAttribute('href'),
      ).toMatch(/^\/super\/programs\/[0-9a-f-]{36}\/builder$/);
      await r.getByRole('button', { name: 'Delete Youth Orchestra Auditions' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Program deleted').waitFor();
      await r.waitFor({ state: 'detached' });
      await page.getByText('Deleted Programs (1)').click();
      await page.getByRole('button', { name: 'Restore Youth Orchestra Auditions' }).click();
      await page.getByText('Program restored').waitFor();
      await row(page, 'Youth Orchestra Auditions').waitFor();

      await row(page, 'Youth Orchestra Auditions')
        .getByRole('link', { name: 'Riverside Arts Center' })
        .click();
      await page.waitForURL(/\/org\/riverside-arts\/admin\/programs\?from=super$/);
      await page.getByRole('link', { name: 'Back to Program Reviews' }).click();
      await page.waitForURL(/\/super\/programs$/);
    });
  });

  it('is for super admins only', async () => {
    await withPage('admin@demo.test', async (page) => {
      await page.goto('/super/programs');
      await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/dashboard');
    });
  });
});

describe('coalition manager landing', () => {
  it('lists the coalition programs with links to the coalition editor and no placeholder cards', async () => {
    await withPage('coalition@demo.test', async (page) => {
      await page.goto('/coalition/metro-arts-coalition/cm');
      const programs = page.getByRole('region', { name: 'Programs', exact: true });
      const link = programs.getByRole('link', { name: 'Edit application of Principal Chair Auditions' });
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(
        /^\/coalition\/metro-arts-coalition\/cm\/programs\/[0-9a-f-]{36}\/builder$/,
      );
      expect(await page.getByText('Coming soon').count()).toBe(0);
      await axe(page);
    });
  });
});

describe('apply page', () => {
  it('shows the questions and starts an application', async () => {
    await withPage('applicant@demo.test', async (page) => {
      const program = await programByName(page, '/programs?limit=100', 'Community Mural Residency');
      await page.goto(`/programs/${program.id}/apply`);
      await page.getByRole('heading', { level: 1, name: 'Community Mural Residency' }).waitFor();
      await page.getByRole('link', { name: 'View Overview' }).waitFor();
      expect(await page.getByRole('link', { name: 'View Overview' }).getAttribute('href')).toBe(
        `/programs/${program.id}`,
      );
      expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/dashboard');
      await axe(page);
      await page.getByRole('button', { name: 'Start / Continue Application' }).click();
      await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
    });
  });

  it('passes axe on a phone', async () => {
    await withPage(
      'applicant@demo.test',
      async (page) => {
        const program = await programByName(page, '/programs?limit=100', 'Youth Orchestra Auditions');
        await page.goto(`/programs/${program.id}/apply`);
        await page.getByRole('button', { name: 'Start / Continue Application' }).waitFor();
        await axe(page);
      },
      375,
    );
  });

  it('sends signed-out visitors to sign in, and unpublished programs to /unauthorized', async () => {
    await withPage(null, async (page) => {
      const res = await page.request.get(`${app.url}/api/programs?limit=100`);
      const { items } = (await res.json()) as { items: Row[] };
      const program = items.find((p) => p.name === 'Community Mural Residency')!;
      await page.goto(`/programs/${program.id}/apply`);
      await page.waitForURL(
        (u) => u.pathname === '/' && u.searchParams.get('next') === `/programs/${program.id}/apply`,
      );
      await page.getByRole('dialog', { name: 'Welcome to ApplyHub' }).waitFor();

      // The public page's button opens the login dialog too.
      await page.goto(`/programs/${program.id}`);
      await page.getByRole('button', { name: 'Start / Continue Application' }).click();
      await page.getByRole('dialog', { name: 'Welcome to ApplyHub' }).waitFor();
    });
    await withPage('applicant@demo.test', async (page) => {
      await page.goto('/programs/00000000-0000-4000-8000-000000000000/apply');
      await page.waitForURL(/\/unauthorized$/);
      // Signed in, the public page's button goes straight to the editable application.
      const res = await page.request.get(`${app.url}/api/programs?limit=100`);
      const { items } = (await res.json()) as { items: Row[] };
      const program = items.find((p) => p.name === 'Community Mural Residency')!;
      await page.goto(`/programs/${program.id}`);
      await page.getByRole('link', { name: 'Start / Continue Application' }).click();
      await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: 'Submit Application' }).waitFor();
    });
  });
});

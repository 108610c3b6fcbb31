import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * The applicant journey: a new applicant signs in, has a complete profile with a resume, finds a
 * program in All Programs, starts it, types answers, waits for autosave (the page's save status),
 * reloads and sees them, is told which required answer is missing, completes it with a file upload,
 * submits and finds it in My Submissions. A visitor opening the link sees the read-only preview.
 * Typing while the network is down loses nothing. Axe on each page at 1280 and 375 px.
 */

const PROGRAM_ID = '00000000-0000-4000-8000-de0400000001'; // Youth Orchestra Auditions (open)
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

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

/** Autosave 400 ms after the last change instead of 30 s: the test hook the page reads. */
async function shortAutosave(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('applyhub:autosave-delay-ms', '400'));
}

async function newApplicant(page: Page, email: string, name: string) {
  await signInAs(page.context(), app.url, email, name);
  await page.goto('/onboarding');
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
  await page.getByRole('button', { name: 'Finish sign up' }).click();
  await page.waitForURL('**/dashboard');
}

async function api(
  context: BrowserContext,
  method: 'PUT' | 'POST',
  path: string,
  data: unknown,
  headers = {},
) {
  const res = await context.request.fetch(`${app.url}/api${path}`, {
    method,
    data: data as never,
    headers: { Origin: app.url, ...headers },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A complete profile (all four sections) with a resume, through the profile API. */
async function completeProfile(context: BrowserContext) {
  await api(context, 'PUT', '/me/profile', {
    full_name: 'Robin Player',
    date_of_birth: '2008-03-04',
    phone_number: '555-0188',
    address_city: 'Riverside',
    parent_guardian_name: 'Sam Player',
    personal_statement: 'Music is how I talk to people.',
  });
  await api(context, 'POST', '/files?purpose=resume', PDF, {
    'content-type': 'application/pdf',
    'x-file-name': 'resume.pdf',
  });
}

const status = (page: Page) => page.getByTestId('save-status');
async function waitSaved(page: Page) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
  );
}

describe('applicant journey', () => {
  let appUrl = '';

  it('finds, starts, autosaves, reloads, is told what is missing, uploads, submits, sees My Submissions', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await shortAutosave(page.context());
      await newApplicant(page, 'robin.player@example.test', 'Robin Player');
      await completeProfile(page.context());

      // All Programs → Learn More → the program page → Start / Continue opens the application.
      await page.getByRole('tab', { name: 'All Programs' }).click();
      await page.getByPlaceholder('Search programs...').fill('Youth Orchestra');
      await page.getByRole('link', { name: 'Learn More about Youth Orchestra Auditions' }).click();
      await page.getByRole('link', { name: 'Start / Continue Application' }).click();
      await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      appUrl = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      // The autofilled profile block: the live profile, locked, with Edit Profile in a new tab.
      const block = page.getByRole('region', { name: 'From your profile' });
      await block.getByText('Robin Player').waitFor();
      await block.getByText('resume.pdf').waitFor();
      expect(await block.getByRole('link', { name: /Edit Profile/ }).getAttribute('target')).toBe('_blank');

      await page.getByLabel('Primary instrument').selectOption('Cello');
      await page.getByLabel('Years of study on this instrument').fill('8 years');
      const repertoire = page.getByLabel('List the two contrasting pieces you will perform');
      await repertoire.fill('Bach Suite No. 1 in G major and the Elgar concerto');
      await page.getByText('11/120 words').waitFor();
      await waitSaved(page);
      expect(await status(page).textContent()).toBe('All changes saved');
      await shot(page, 'application-1280');
      await expectNoAxeViolations(page);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      expect(await page.getByLabel('Primary instrument').inputValue()).toBe('Cello');
      expect(await page.getByLabel('Years of study on this instrument').inputValue()).toBe('8 years');
      expect(await repertoire.inputValue()).toBe('Bach Suite No. 1 in G major and the Elgar concerto');
      expect(await page.getByText('Restore unsaved answers?').count()).toBe(0);

      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page
        .getByText(
          'Please complete the following required fields: Pre-screening recording (MP4 or MP3), I can attend Saturday rehearsals from September to May',
        )
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(appUrl);

      await page.locator('input[type="file"]').first().setInputFiles({
        name: 'recording.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await page.getByText('recording.pdf').first().waitFor();
      await page.getByRole('checkbox', { name: /I can attend Saturday rehearsals/ }).click();
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'application-375');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByText('Application submitted!').waitFor();
      await page.waitForURL(`**${appUrl}/submitted`);

      await page.goto('/my-submissions');
      await page.getByRole('heading', { level: 1, name: 'My Submissions' }).waitFor();
      const row = page.getByRole('listitem').filter({ hasText: 'Youth Orchestra Auditions' });
      await row.getByText('Riverside Arts Center').waitFor();
      await row.getByText('Submitted', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, 'my-submissions-1280');
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'Results' }).click();
      await page.getByText('No results at this time').waitFor();
      await page.getByRole('tab', { name: 'Applications' }).click();

      // The submitted application: locked until Edit Application; the profile is the stored snapshot.
      await row.getByRole('link', { name: /View Application/ }).click();
      await page.waitForURL(`**${appUrl}`);
      expect(await page.getByLabel('Years of study on this instrument').isDisabled()).toBe(true);
      await page.getByText(/Saved with your application on/).waitFor();
      await page.getByRole('button', { name: 'Edit Application' }).click();
      await page.getByLabel('Years of study on this instrument').fill('9 years');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Changes saved!').waitFor();
      await page.getByRole('button', { name: 'Edit Application' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('a visitor opening the application link sees the read-only preview with the sign-in dialog', async () => {
    expect(appUrl).not.toBe('');
    for (const width of [1280, 375]) {
      const page = await newPage(browser, { baseURL: app.url, width });
      try {
        await page.goto(appUrl);
        const dialog = page.getByRole('dialog', { name: 'Welcome to ApplyHub' });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Sign up with Google' }).waitFor();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
        await page.getByRole('heading', { name: 'Application preview' }).waitFor();
        expect(await page.getByLabel('Primary instrument').isDisabled()).toBe(true);
        // Never the applicant's answers.
        expect(await page.getByText('9 years').count()).toBe(0);
        await shot(page, `preview-${width}`);
        await expectNoAxeViolations(page);
      } finally {
        await page.context().close();
      }
    }
  });

  it('a visitor sees the generic preview when it cannot be loaded', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await page.goto('/applications/00000000-0000-4000-8000-000000000000');
      await page.getByRole('dialog', { name: 'Welcome to ApplyHub' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByText('Unable to load application preview').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Application Preview' }).waitFor();
      await page
        .getByText(
          "We can't pull up your application at this moment. Please try again later or contact support if the issue persists.",
        )
        .waitFor();
    } finally {
      await page.context().close();
    }
  });

  it("another user's application link goes to /unauthorized", async () => {
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      await page.goto(appUrl);
      await page.waitForURL('**/unauthorized');
    } finally {
      await page.context().close();
    }
  });

  it('typing while the network is down loses nothing once it is back', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const context = page.context();
    try {
      await shortAutosave(context);
      await newApplicant(page, 'offline.typist@example.test', 'Offline Typist');
      const started = await api(context, 'POST', `/programs/${PROGRAM_ID}/applications`, undefined);
      await page.goto(`/applications/${started.id}`);
      const years = page.getByLabel('Years of study on this instrument');
      await years.fill('5');
      await waitSaved(page);

      await context.setOffline(true);
      await page
        .getByLabel('List the two contrasting pieces you will perform')
        .fill('Typed while the network was down');
      await page.getByText('Offline — changes kept on this device').waitFor();
      const stored = await page.evaluate(
        (id) => localStorage.getItem(`applyhub:unsaved-answers:${id}`),
        started.id as string,
      );
      expect(stored).toContain('Typed while the network was down');

      await context.setOffline(false);
      await waitSaved(page);
      await page.reload();
      expect(await page.getByLabel('List the two contrasting pieces you will perform').inputValue()).toBe(
        'Typed while the network was down',
      );
      expect(await years.inputValue()).toBe('5');
      const server = await (await context.request.get(`${app.url}/api/applications/${started.id}`)).json();
      expect(server.answers).toMatchObject({
        q_years_playing: '5',
        q_repertoire: 'Typed while the network was down',
      });
    } finally {
      await context.close();
    }
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, retryResets, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * The journeys between screens of a first-time applicant (issue 11 items 1–3, 5, 6, 9, 11, 14 and
 * issue 10 items 15–17), at 1280 and 375 px with axe on each screen: the profile stepper, All Programs
 * to the program page to the live form, the profile checklist, autosave on leaving by the app's own
 * links, HEIC on file questions, the confirmation after submit, drafts and results on My Submissions.
 */

const YOUTH_ORCHESTRA = '00000000-0000-4000-8000-de0400000001'; // open, all four profile sections
const CHAMBER_MUSIC = '00000000-0000-4000-8000-de0400000011'; // open
const COMING_SOON = '00000000-0000-4000-8000-de0400000003'; // Summer Theatre Intensive: opens in 10 days
const CLOSED = '00000000-0000-4000-8000-de0400000004'; // Young Composers Competition: closed 4 days ago
const JORDAN_APP = '00000000-0000-4000-8000-dea100000001'; // Jordan Lee → Youth Orchestra, finalized 'accept'
const DEMO_DRAFT = '00000000-0000-4000-8000-dea300000001'; // applicant@demo.test → Dance Access Scholarship

/** The first bytes of an iPhone photo: an ISO-BMFF 'ftyp' box of brand heic. */
const HEIC = Buffer.concat([
  Buffer.from('000000186674797068656963000000006d69663168656963', 'hex'),
  Buffer.alloc(600),
]);
const DOC = Buffer.from('d0cf11e0a1b11ae1000000000000000000000000000000003e000300feff0900', 'hex');

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function api(context: BrowserContext, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) {
  const res = await context.request.fetch(`${app.url}/api${path}`, {
    method,
    data: data as never,
    headers: { Origin: app.url },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

async function newApplicant(width: number, email: string, name: string): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email, name);
  await page.goto('/onboarding');
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).click();
  await page.getByRole('button', { name: 'Finish sign up' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

/** The stepper's state of one step ('Current', 'Complete' or 'Upcoming'). */
async function stepState(page: Page, step: string) {
  const button = page.getByRole('navigation', { name: 'Profile steps' }).getByRole('button', { name: step });
  const text = (await button.textContent()) ?? '';
  return (text.match(/(Current|Complete|Upcoming)$/) ?? [])[1];
}

/** The answers the server holds for an application. */
async function stored(context: BrowserContext, appId: string): Promise<Record<string, unknown>> {
  return (await api(context, 'GET', `/applications/${appId}`)).answers;
}

async function untilStored(context: BrowserContext, appId: string, key: string, value: string) {
  for (let i = 0; i < 100; i++) {
    if ((await stored(context, appId))[key] === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${key} was never saved as '${value}'`);
}

describe.each([1280, 375])('a first-time applicant at %i px', (width) => {
  it('profile: email prefilled, a step is Complete only when its required fields are filled', async () => {
    const page = await newApplicant(width, `stepper.${width}@example.test`, 'Step Per');
    try {
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(
        `stepper.${width}@example.test`,
      );
      // Sentence-case labels; the fields programs need are marked required.
      expect(await page.getByLabel('Date of birth').getAttribute('required')).not.toBeNull();
      expect(await page.getByLabel('Given name', { exact: true }).getAttribute('required')).toBeNull();
      // Visiting a step does not complete it.
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await stepState(page, 'Personal Info')).toBe('Upcoming');
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByLabel('Full name').fill('Step Per');
      await page.getByLabel('Date of birth').fill('2008-01-02');
      await page.getByLabel('Phone number').fill('555-0101');
      await page.getByLabel('City', { exact: true }).fill('Riverside');
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await stepState(page, 'Personal Info')).toBe('Complete');
      expect(await stepState(page, 'Writing')).toBe('Upcoming');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('All Programs → Learn More → program page → Start goes straight to the live form; chips agree', async () => {
    const page = await newApplicant(width, `browse.${width}@example.test`, 'Bro Wser');
    try {
      await page.getByRole('tab', { name: 'All Programs' }).click();
      const cards = page.getByRole('tabpanel').getByRole('listitem');
      await cards.first().waitFor();
      const card = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      // Coming soon says when it opens, never 'Closed'; the closing one counts down; closed ones are last.
      expect(await card('Summer Theatre Intensive').textContent()).toMatch(/Opens [A-Z][a-z]+ \d+/);
      expect(await card('Summer Theatre Intensive').textContent()).not.toContain('Closed');
      expect(await card('Emerging Artist Scholarship').textContent()).toContain('Closes in 3 days');
      const names = await cards.getByRole('heading').allTextContents();
      expect(names.slice(-2)).toEqual(['Young Composers Competition', 'Young Pianists Competition']);
      expect(names.indexOf('Emerging Artist Scholarship')).toBeLessThan(
        names.indexOf('Youth Orchestra Auditions'),
      );
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Learn More about Youth Orchestra Auditions' }).click();
      await page.waitForURL(`**/programs/${YOUTH_ORCHESTRA}`);
      await page.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      await page.getByText('Open', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Start / Continue Application' }).click();
      await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      expect(await page.getByLabel('Years of study on this instrument').isEditable()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('program pages outside their window are dimmed without losing contrast', async () => {
    const page = await newPage(browser, { baseURL: app.url, width });
    try {
      for (const [id, chip] of [
        [COMING_SOON, /^Opens /],
        [CLOSED, /^Closed$/],
      ] as const) {
        await page.goto(`/programs/${id}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByText(chip).first().waitFor();
        await expectNoAxeViolations(page);
      }
    } finally {
      await page.context().close();
    }
  });

  it('application: profile checklist refreshes on return; leaving by the app links saves; HEIC; confirmation', async () => {
    const page = await newApplicant(width, `journey.${width}@example.test`, 'Jour Ney');
    const context = page.context();
    try {
      await api(context, 'PUT', '/me/profile', {
        full_name: 'Jour Ney',
        date_of_birth: '2008-03-04',
        phone_number: '555-0188',
        address_city: 'Riverside',
      });
      const { id } = await api(context, 'POST', `/programs/${YOUTH_ORCHESTRA}/applications`);
      // The confirmation of a draft is the draft itself.
      await page.goto(`/applications/${id}/submitted`);
      await page.waitForURL(`**/applications/${id}`);
      const checklist = page.getByRole('region', { name: /^Profile: / });
      await checklist.getByText('Profile: 1 of 4 sections complete').waitFor();
      await checklist.getByText('Missing: Personal Statement').waitFor();
      expect(
        await checklist.getByRole('link', { name: /Complete Writing & Essays/ }).getAttribute('href'),
      ).toBe('/profile');
      // The read-only block: collapsed on phones, open on desktops.
      const block = page.getByRole('region', { name: 'From your profile' });
      const details = block.getByText('Personal Information', { exact: true });
      expect(await details.isVisible()).toBe(width > 640);
      if (width < 640) {
        await block.getByRole('button', { name: 'Show profile details' }).click();
        await details.waitFor();
      }
      await expectNoAxeViolations(page);

      // Edited in another tab: shown again, the page reads the profile afresh.
      await api(context, 'PUT', '/me/profile', { personal_statement: 'Music is how I talk.' });
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await checklist.getByText('Profile: 2 of 4 sections complete').waitFor();

      // Leaving through the app's own links sends what the 30 s autosave had not sent yet.
      const years = page.getByLabel('Years of study on this instrument');
      for (const [i, link, url] of [
        [1, 'Back to dashboard', '**/dashboard'],
        [2, 'Home', (u: URL) => u.pathname === '/'],
        [3, 'Profile', '**/profile'],
        [4, 'My Submissions', '**/my-submissions'],
      ] as const) {
        const value = `${i} years`;
        await years.fill(value);
        await page.getByRole('link', { name: link, exact: true }).first().click();
        await page.waitForURL(url);
        await untilStored(context, id, 'q_years_playing', value);
        await page.goto(`/applications/${id}`);
        await years.waitFor();
        expect(await years.inputValue()).toBe(value);
      }

      // File questions: a HEIC photo is taken; another type is named in the refusal.
      const upload = page.locator('input[type="file"]').first();
      await upload.setInputFiles({ name: 'score.doc', mimeType: 'application/msword', buffer: DOC });
      await page.getByText('Unsupported file type: application/msword').waitFor();
      await upload.setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: HEIC });
      await page.getByText('IMG_0001.HEIC').first().waitFor();

      // Complete the rest and submit: a confirmation screen, not the landing page.
      await api(context, 'PUT', '/me/profile', { parent_guardian_name: 'Sam Ney' });
      await page.getByLabel('Primary instrument').selectOption('Cello');
      await page.getByLabel('List the two contrasting pieces you will perform').fill('Bach and Elgar');
      await page.getByRole('checkbox', { name: /I can attend Saturday rehearsals/ }).click();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      // The resume is missing: the submit is refused and says so, on the same page.
      await page.getByText('Experience & Portfolio: Resume').waitFor();
      const res = await context.request.post(`${app.url}/api/files?purpose=resume`, {
        data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
        headers: { Origin: app.url, 'content-type': 'application/pdf', 'x-file-name': 'cv.pdf' },
      });
      expect(res.status()).toBe(200);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await page.getByText('Profile: 4 of 4 sections complete').waitFor();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.waitForURL(`**/applications/${id}/submitted`);
      const done = page.getByRole('region', { name: 'Application submitted!' });
      await done.getByText('Youth Orchestra Auditions').waitFor();
      await done.getByText(/^Submitted /).waitFor();
      await expectNoAxeViolations(page);
      await done.getByRole('link', { name: 'View submission' }).click();
      await page.waitForURL(`**/applications/${id}`);
      await page.getByRole('button', { name: 'Edit Application' }).waitFor();
      await page.goBack();
      await page.getByRole('link', { name: 'Back to My Submissions' }).click();
      await page.waitForURL('**/my-submissions');
      const row = page.getByRole('listitem').filter({ hasText: 'Youth Orchestra Auditions' });
      await row.getByText('Submitted', { exact: true }).waitFor();

      // A draft elsewhere: In progress, with its deadline and Continue.
      const draft = await api(context, 'POST', `/programs/${CHAMBER_MUSIC}/applications`);
      await page.reload();
      const inProgress = page.getByRole('region', { name: 'In progress' });
      await inProgress.getByText('Chamber Music Summer Scholarship').waitFor();
      await inProgress.getByText(/^Deadline: /).waitFor();
      await expectNoAxeViolations(page);
      await inProgress.getByRole('link', { name: 'Continue: Chamber Music Summer Scholarship' }).click();
      await page.waitForURL(`**/applications/${draft.id}`);
    } finally {
      await context.close();
    }
  });
});

describe('results and drafts of the demo', () => {
  it("the demo applicant's draft shows under In progress and Continue opens it", async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375 });
    try {
      await signInAs(page.context(), app.url, 'applicant@demo.test');
      await page.goto('/my-submissions');
      const inProgress = page.getByRole('region', { name: 'In progress' });
      await inProgress.getByRole('link', { name: 'Continue: Dance Access Scholarship' }).click();
      await page.waitForURL(`**/applications/${DEMO_DRAFT}`);
      expect(await page.getByLabel('Household size').inputValue()).toBe('3–4');
    } finally {
      await page.context().close();
    }
  });

  it("a published decision reads 'Accepted' on the application's card and in Results", async () => {
    const admin = await newPage(browser, { baseURL: app.url });
    const page = await newPage(browser, { baseURL: app.url });
    try {
      await signInAs(admin.context(), app.url, 'admin@demo.test');
      await api(admin.context(), 'POST', `/programs/${YOUTH_ORCHESTRA}/publish-results`, {
        mode: 'selected',
        application_ids: [JORDAN_APP],
        visibility: { decision: true },
      });
      await signInAs(page.context(), app.url, 'jordan.lee@demo.test');
      await page.goto('/my-submissions');
      const row = page.getByRole('listitem').filter({ hasText: 'Youth Orchestra Auditions' });
      await row.getByText('Accepted', { exact: true }).waitFor();
      expect(await row.getByText('Submitted', { exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'Results' }).click();
      await page.getByRole('article').getByText('Accepted', { exact: true }).waitFor();
    } finally {
      await admin.context().close();
      await page.context().close();
    }
  });
});

describe('the uploader on a touch screen', () => {
  it("says 'Choose a file' without the drag hint", async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      baseURL: app.url,
      hasTouch: true,
      isMobile: true,
    });
    retryResets(context);
    const page = await context.newPage();
    try {
      await signInAs(context, app.url, 'applicant@demo.test');
      await page.goto(`/applications/${DEMO_DRAFT}`);
      const button = page.getByRole('button', { name: /^Choose a file for Proof of household income/ });
      await button.waitFor();
      expect(await page.getByText('Drag a file here, or').first().isVisible()).toBe(false);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});

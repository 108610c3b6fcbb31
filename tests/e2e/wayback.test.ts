import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDraftApplicationId, demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { withdrawMessages as w } from '../../src/shared/domain/applications';
import { deadlineMessages as d } from '../../src/shared/domain/deadlines';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 31, the way back: an applicant withdraws a submitted application (confirmation, optional
 * reason) at 375 px; it leaves the reviewer's queue; the org admin sees it as withdrawn with the
 * reason and reinstates it. A personal deadline lets one applicant submit after the close while
 * another is refused. Axe on every step.
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

async function pageAs(email: string, width: number): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, email);
  return page;
}

/** Diego Ramirez's submitted application to Youth Orchestra Auditions (no review yet). */
const DIEGO = demoReviewApplicationId(3);
const YOUTH = demoProgramId(1);
const REASON = 'I accepted a place at another school';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

const queueIds = async (page: Page) => {
  const res = await page.request.get(`${app.url}/api/review/programs/${YOUTH}/queue`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { application_id: string }[] }).items.map((i) => i.application_id);
};

describe('withdraw and reinstate', () => {
  it('the applicant withdraws at 375 px; the admin sees why and reinstates', async () => {
    const reviewer = await pageAs('reviewer@demo.test', 1280);
    expect(await queueIds(reviewer)).toContain(DIEGO);

    const diego = await pageAs('diego.ramirez@demo.test', 375);
    try {
      await diego.goto(`/applications/${DIEGO}`);
      await diego.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      await diego.getByRole('button', { name: w.action }).click();
      const dialog = diego.getByRole('dialog', { name: w.confirmTitle });
      await dialog.getByText(w.confirmBody).waitFor();
      await dialog.getByRole('textbox', { name: w.reasonLabel }).fill(REASON);
      await expectNoAxeViolations(diego);
      await dialog.getByRole('button', { name: w.action }).click();
      await diego.getByText(w.banner).waitFor();
      expect(await diego.getByRole('button', { name: w.action }).count()).toBe(0);
      expect(await diego.getByRole('button', { name: 'Edit Application' }).count()).toBe(0);
      await expectNoAxeViolations(diego);
      const overflow = await diego.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await diego.screenshot({ path: '/tmp/wayback-withdrawn-375.png', fullPage: true });

      await diego.goto('/my-submissions');
      const card = diego.getByRole('listitem').filter({ hasText: 'Youth Orchestra Auditions' });
      await card.getByText('Withdrawn', { exact: true }).waitFor();
      await expectNoAxeViolations(diego);
    } finally {
      await diego.context().close();
    }

    expect(await queueIds(reviewer)).not.toContain(DIEGO);
    await reviewer.context().close();

    const admin = await pageAs('admin@demo.test', 1280);
    try {
      await admin.goto(`/review/app/${DIEGO}`);
      await admin.getByText(w.adminBanner).waitFor();
      await admin.getByText(`Reason: ${REASON}`).waitFor();
      await expectNoAxeViolations(admin);
      await admin.getByRole('button', { name: w.reinstate }).click();
      const dialog = admin.getByRole('dialog', { name: `${w.reinstate}?` });
      await dialog.getByRole('button', { name: w.reinstate }).click();
      await admin.getByText(w.reinstated).first().waitFor();
      await admin.getByText(w.adminBanner).waitFor({ state: 'detached' });
      await expectNoAxeViolations(admin);
      expect(await queueIds(admin)).toContain(DIEGO);
    } finally {
      await admin.context().close();
    }
  });
});

describe('personal deadline', () => {
  it('an admin gives one applicant a personal deadline; after close they submit at 375 px while another applicant is refused', async () => {
    const DANCE = demoProgramId(13);
    const NOTE = 'Take the extra two days for the income document.';
    // Another applicant starts a draft while the program is open.
    const other = await pageAs('sofia.rossi@demo.test', 375);
    const started = await other.request.post(`${app.url}/api/programs/${DANCE}/applications`, {
      headers: { Origin: app.url },
    });
    expect(started.status()).toBeLessThan(300);
    const otherDraft = ((await started.json()) as { id: string }).id;

    const admin = await pageAs('super@demo.test', 1280);
    try {
      await admin.goto('/org/northgate-dance-academy/admin/reviews?status=unsubmitted');
      const row = admin
        .getByRole('row')
        .filter({ hasText: 'Dance Access Scholarship' })
        .filter({ hasText: 'Alex Applicant' });
      await row.getByRole('button', { name: new RegExp(`^${d.setTitle}:`) }).click();
      const dialog = admin.getByRole('dialog');
      const when = new Date(Date.now() + 2 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      await dialog
        .getByLabel('Closes at')
        .fill(`${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T10:00`);
      await dialog.getByRole('textbox', { name: 'Note to the applicant (optional)' }).fill(NOTE);
      await expectNoAxeViolations(admin);
      await dialog.getByRole('button', { name: 'Save deadline' }).click();
      await admin.getByText(d.set).first().waitFor();
      await row.getByText(/^Personal:/).waitFor();
      await expectNoAxeViolations(admin);

      // The program closes for everyone.
      const schedule = await (await admin.request.get(`${app.url}/api/programs/${DANCE}/schedule`)).json();
      const closed = await admin.request.put(`${app.url}/api/programs/${DANCE}/schedule`, {
        headers: { Origin: app.url },
        data: { ...schedule, close_at: new Date(Date.now() - 60_000).toISOString() },
      });
      expect(closed.status()).toBe(200);
    } finally {
      await admin.context().close();
    }

    // The other applicant: closed on the page, and the server refuses their submit.
    try {
      await other.goto(`/applications/${otherDraft}`);
      await other.getByText('Application Closed').waitFor();
      await other.getByText('Application is locked - deadline has passed').waitFor();
      expect(await other.getByRole('button', { name: 'Submit Application' }).count()).toBe(0);
      await expectNoAxeViolations(other);
      const refused = await other.request.post(`${app.url}/api/applications/${otherDraft}/submit`, {
        headers: { Origin: app.url },
        data: { answers: {}, version: 0 },
      });
      expect(refused.status()).toBe(409);
      // The program's page: closed for them.
      await other.goto(`/programs/${DANCE}`);
      await other.getByRole('heading', { level: 1, name: 'Dance Access Scholarship' }).waitFor();
      await other.getByText('Closed', { exact: true }).first().waitFor();
      expect(await other.getByRole('link', { name: 'Start / Continue Application' }).count()).toBe(0);
    } finally {
      await other.context().close();
    }

    const applicant = await pageAs('applicant@demo.test', 375);
    try {
      // My Submissions shows their own deadline, not the program's (which has passed).
      await applicant.goto('/my-submissions');
      const card = applicant.getByRole('listitem').filter({ hasText: 'Dance Access Scholarship' });
      await card.getByText(/^Deadline: Due in \d days/).waitFor();
      expect(await card.getByText(/Deadline passed/).count()).toBe(0);
      await expectNoAxeViolations(applicant);

      // The program's page shows their deadline and lets them continue.
      await applicant.goto(`/programs/${DANCE}`);
      await applicant.getByText(d.personal, { exact: true }).waitFor();
      await expectNoAxeViolations(applicant);
      await applicant.getByRole('link', { name: 'Start / Continue Application' }).click();
      await applicant.waitForURL(`**/applications/${demoDraftApplicationId(1)}`);
      await applicant.getByText(d.personalNote).waitFor();
      await applicant.getByText(NOTE).waitFor();
      expect(await applicant.getByText('Application Closed').count()).toBe(0);
      await expectNoAxeViolations(applicant);
      const overflow = await applicant.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      await applicant.screenshot({ path: '/tmp/wayback-personal-deadline-375.png', fullPage: true });
      // After the program's close, they finish and submit.
      await applicant.locator('input[type="file"]').first().setInputFiles({
        name: 'income.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      // Uploaded (not only chosen): the file can be removed.
      await applicant.getByRole('button', { name: 'Remove income.pdf' }).waitFor({ timeout: 20_000 });
      await applicant.getByRole('checkbox', { name: /I certify the information/ }).click();
      await applicant.getByRole('button', { name: 'Submit Application' }).click();
      await applicant.getByText('Application submitted!').waitFor();
      await applicant.waitForURL(`**/applications/${demoDraftApplicationId(1)}/submitted`);
      await expectNoAxeViolations(applicant);
    } finally {
      await applicant.context().close();
    }
  });
});

describe('grace period', () => {
  it('an org admin sets the grace period in the builder', async () => {
    const admin = await pageAs('admin@demo.test', 375);
    try {
      await admin.goto(`/org/riverside-arts/admin/programs/${demoProgramId(1)}/builder`);
      const field = admin.getByRole('spinbutton', { name: d.graceLabel });
      await field.waitFor();
      expect(await field.inputValue()).toBe('0');
      await field.fill('15');
      await admin.getByRole('button', { name: 'Save grace period' }).click();
      await admin.getByText(d.graceSaved).first().waitFor();
      await expectNoAxeViolations(admin);
      const res = await admin.request.get(`${app.url}/api/programs/${demoProgramId(1)}/grace-period`);
      expect(await res.json()).toEqual({ minutes: 15 });
    } finally {
      await admin.context().close();
    }
  });
});

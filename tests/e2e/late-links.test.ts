import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineMessages as d } from '../../src/shared/domain/deadlines';
import { lateLinkMessages as m } from '../../src/shared/domain/late-links';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 31 item 4 (decision 064) and the inbox's bulk personal deadline: an org admin creates a
 * single-use late-submission link in the builder and copies it; after the close, one applicant opens
 * it at 375 px and submits (late); a second person with the same link gets the clear refusal page;
 * two selected drafts get one personal deadline. Axe on every step.
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

const local = (t: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
};
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('late-submission links and bulk personal deadlines', () => {
  it('a single-use link lets one applicant submit after the close; the second is refused', async () => {
    const NAME = 'Late Bloomers Fellowship';
    const admin = await pageAs('admin@demo.test', 1280);
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const headers = { Origin: app.url };
    const post = async (path: string, data?: unknown, as: Page = admin) => {
      const res = await as.request.post(`${app.url}${path}`, { headers, data });
      expect(res.status(), path).toBeLessThan(300);
      return res.json();
    };
    // A published program of Riverside Arts Center, open now.
    const created = await post('/api/orgs/riverside-arts/programs', {
      name: NAME,
      open_at: new Date(Date.now() - 86_400_000).toISOString(),
      close_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const programId = created.id as string;
    const editor = await (await admin.request.get(`${app.url}/api/programs/${programId}/editor`)).json();
    const published = await post(`/api/programs/${programId}/publish`, {
      form: editor.form,
      version: editor.version,
      editor: 'org',
    });
    expect(published.outcome).toBe('published');

    // Two applicants start drafts before the close.
    for (const email of ['sofia.rossi@demo.test', 'diego.ramirez@demo.test']) {
      const p = await pageAs(email, 1280);
      await post(`/api/programs/${programId}/applications`, undefined, p);
      await p.context().close();
    }

    // The program closes for everyone.
    const schedule = await (await admin.request.get(`${app.url}/api/programs/${programId}/schedule`)).json();
    const closed = await admin.request.put(`${app.url}/api/programs/${programId}/schedule`, {
      headers,
      data: { ...schedule, close_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(closed.status()).toBe(200);

    let url = '';
    try {
      // Bulk: one personal deadline on the two selected drafts.
      await admin.goto(`/org/riverside-arts/admin/reviews?status=unsubmitted&program=${programId}`);
      const table = admin.getByRole('group', { name: 'Applications not submitted' });
      await table.getByRole('checkbox', { name: /^Select Sofia/ }).check();
      await table.getByRole('checkbox', { name: /^Select Diego/ }).check();
      await admin.getByText('2 selected').waitFor();
      await admin
        .getByRole('button', { name: /^Personal deadline \(2\) for the selected applications/ })
        .click();
      const bulk = admin.getByRole('dialog', { name: `${d.setTitle}: 2 selected applications` });
      await bulk.getByLabel('Closes at').fill(local(new Date(Date.now() + 2 * 86_400_000)));
      await expectNoAxeViolations(admin);
      await bulk.getByRole('button', { name: 'Save deadline for 2 applications' }).click();
      await admin.getByText(`${d.set} for 2 applications`).first().waitFor();
      await expect.poll(() => table.getByText(/^Personal:/).count()).toBe(2);
      await expectNoAxeViolations(admin);

      // The builder: a single-use link for a named group.
      await admin.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      await admin.getByRole('button', { name: 'Create late-submission link' }).click();
      const dialog = admin.getByRole('dialog', { name: 'New late-submission link' });
      await dialog.getByLabel('For').selectOption('group');
      await dialog.getByRole('textbox', { name: 'Group name' }).fill('Power cut on Friday');
      await dialog.getByRole('spinbutton', { name: 'Number of uses' }).fill('1');
      await dialog.getByLabel('Expires at').fill(local(new Date(Date.now() + 86_400_000)));
      await expectNoAxeViolations(admin);
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const shown = admin.getByRole('dialog', { name: 'Copy the late-submission link' });
      url = await shown.getByRole('textbox', { name: /^Link for/ }).inputValue();
      expect(url).toMatch(/\/late\/[A-Za-z0-9_-]{20,}$/);
      await shown.getByRole('button', { name: 'Copy link' }).click();
      await shown.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await expectNoAxeViolations(admin);
      await shown.getByRole('button', { name: 'Done' }).click();
      const list = admin.getByRole('list', { name: m.title });
      await list.getByText('Power cut on Friday').waitFor();
      await list.getByText('Used 0 of 1', { exact: false }).waitFor();
    } finally {
      await admin.context().close();
    }

    // After the close, the applicant opens it at 375 px and submits (marked late).
    const path = new URL(url).pathname;
    const applicant = await pageAs('applicant@demo.test', 375);
    try {
      await applicant.goto(path);
      await applicant.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
      await applicant.getByRole('heading', { level: 1, name: NAME }).waitFor();
      await applicant.getByText(d.link).waitFor();
      await expectNoAxeViolations(applicant);
      expect(await noOverflow(applicant)).toBe(true);
      await applicant.getByRole('button', { name: 'Submit Application' }).click();
      await applicant.getByText('Application submitted!').waitFor();
    } finally {
      await applicant.context().close();
    }

    // A second person with the same link: the clear page.
    const second = await pageAs('sofia.rossi@demo.test', 375);
    try {
      await second.goto(path);
      await second.getByRole('heading', { level: 1, name: 'This link cannot be used' }).waitFor();
      await second.getByText(m.refused.used_up).waitFor();
      await second.getByRole('link', { name: 'Go to My Submissions' }).waitFor();
      await expectNoAxeViolations(second);
      expect(await noOverflow(second)).toBe(true);
    } finally {
      await second.context().close();
    }

    // The admin sees the use; the builder card at 375 px.
    const again = await pageAs('admin@demo.test', 375);
    try {
      await again.goto(`/org/riverside-arts/admin/programs/${programId}/builder`);
      const list = again.getByRole('list', { name: m.title });
      await list.getByText('Used 1 of 1', { exact: false }).waitFor();
      await list.getByText('Used up').waitFor();
      await list.getByRole('button', { name: 'Revoke the link for Power cut on Friday' }).click();
      const confirm = again.getByRole('dialog');
      await confirm.getByText(m.revokeConfirm).waitFor();
      await expectNoAxeViolations(again);
      await confirm.getByRole('button', { name: 'Revoke link' }).click();
      await list.getByText('Revoked').waitFor();
      await expectNoAxeViolations(again);
    } finally {
      await again.context().close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicantFiles } from '../../src/server/db/seed/demo-files';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Data out (issue 21): the org admin downloads the inbox view of a program as CSV and XLSX (the
 * personal-data notice first; the files parsed here), opens an application's PDF, watches the
 * program dashboard count an applicant's submission, downloads the program dossier (the zip read
 * here), and finds the downloads on the audit log. Axe on each page; 375 px without sideways scroll.
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
const ORCHESTRA = demoProgramId(1);
const MURAL = demoProgramId(5);

async function adminPage(width = 1280): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width });
  await signInAs(page.context(), app.url, 'admin@demo.test');
  return page;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('data out', () => {
  it('downloads the inbox view as CSV and XLSX after the personal-data notice, and opens a PDF', async () => {
    const page = await adminPage();
    try {
      await page.goto(`/org/${ORG}/admin/reviews`);
      await page.getByRole('heading', { level: 1, name: 'Applications Inbox' }).waitFor();
      await page
        .getByRole('combobox', { name: 'Program' })
        .selectOption({ label: 'Youth Orchestra Auditions' });
      await page.waitForURL((url) => url.searchParams.get('program') === ORCHESTRA);
      // The inbox table (a labelled group that scrolls sideways on small screens).
      const rows = page.getByRole('group', { name: 'Reviews' }).getByRole('row');
      await page.getByRole('button', { name: 'All (3)' }).waitFor();
      await rows.nth(3).waitFor();
      expect(await rows.count()).toBe(4);
      await expectNoAxeViolations(page);

      // The first download asks first; the answer is kept.
      await page.getByRole('button', { name: 'Applications CSV' }).click();
      const notice = page.getByRole('dialog', { name: 'This file holds personal data' });
      await notice.waitFor();
      await expectNoAxeViolations(page);
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        notice.getByRole('button', { name: 'I understand' }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toMatch(
        /^riverside-arts-center-youth-orchestra-auditions-applications-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const csv = parse(await bytesOf(csvDownload), { bom: true }) as string[][];
      const [header, ...csvRows] = csv;
      expect(header.slice(0, 4)).toEqual(['Application ID', 'Applicant', 'Applicant email', 'Status']);
      expect(csvRows.map((r) => r[1]).sort()).toEqual(['Diego Ramirez', 'Jordan Lee', 'Maya Patel']);

      const [xlsxDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Applications XLSX' }).click(),
      ]);
      expect(await notice.count()).toBe(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await bytesOf(xlsxDownload)) as never);
      const sheet = workbook.worksheets[0];
      expect(sheet.rowCount).toBe(4);
      expect(sheet.getRow(1).getCell(2).value).toBe('Applicant');
      const names = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(2).value)).sort();
      expect(names).toEqual(['Diego Ramirez', 'Jordan Lee', 'Maya Patel']);

      // The PDF of Jordan's application opens in a new tab.
      const jordan = rows.filter({ hasText: 'Jordan Lee' });
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        jordan.getByRole('link', { name: /^PDF of the application of Jordan Lee/ }).click(),
      ]);
      expect(tab.url()).toMatch(/\/api\/applications\/[0-9a-f-]{36}\/pdf$/);
      const pdf = await page.context().request.get(tab.url());
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await tab.close();
    } finally {
      await page.context().close();
    }
  });

  it('counts a new submission on the dashboard and downloads the dossier', async () => {
    const page = await adminPage();
    try {
      await page.goto(`/org/${ORG}/admin/programs/${MURAL}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Community Mural Residency' }).waitFor();
      const submitted = page.getByRole('link', { name: /^Submitted: \d+\./ });
      const before = Number((await submitted.textContent())?.replace(/\D/g, ''));
      await page.getByRole('img', { name: /^Submissions per day\./ }).waitFor();
      await expectNoAxeViolations(page);

      await submitMural();
      // The dashboard reloads on the submission (realtime), no page reload needed.
      await page.getByRole('link', { name: `Submitted: ${before + 1}. Open them in the inbox` }).waitFor();

      // The number opens the inbox on that view of that program.
      await page.getByRole('link', { name: `Submitted: ${before + 1}. Open them in the inbox` }).click();
      await page.waitForURL(
        (url) => url.pathname === `/org/${ORG}/admin/reviews` && url.searchParams.get('program') === MURAL,
      );
      await page.getByRole('button', { name: `All (${before + 1})`, pressed: true }).waitFor();
      await page.goBack();

      // The notice was accepted in the first test (the server keeps the answer): no dialog now.
      const [zipDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download dossier (ZIP)' }).click(),
      ]);
      expect(zipDownload.suggestedFilename()).toMatch(/community-mural-residency-dossier-.*\.zip$/);
      const zip = await JSZip.loadAsync(await bytesOf(zipDownload));
      const files = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
      const alex = files.filter((n) => n.startsWith('Alex Applicant '));
      expect(alex.some((n) => n.endsWith('/application.pdf'))).toBe(true);
      expect(alex.some((n) => n.endsWith('/sketch.pdf'))).toBe(true);
      expect(files.filter((n) => n.endsWith('/application.pdf'))).toHaveLength(before + 1);
    } finally {
      await page.context().close();
    }
  });

  it('shows the downloads on the audit log; every page works at 375 px', async () => {
    const page = await adminPage(375);
    try {
      await page.goto(`/org/${ORG}/admin/audit`);
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Export downloaded' });
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const table = page.getByRole('group', { name: 'Audit log' });
      await table.getByText('Dossier of Community Mural Residency').waitFor();
      await table.getByText('Applications of Youth Orchestra Auditions').first().waitFor();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);

      for (const path of [
        `/org/${ORG}/admin/programs/${MURAL}/dashboard`,
        `/org/${ORG}/admin/reviews?status=started`,
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page
          .getByRole('heading', { level: 1, name: 'Program dashboard' })
          .waitFor({ state: 'detached' });
        await page.waitForLoadState('networkidle');
        await noSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }
    } finally {
      await page.context().close();
    }
  });
});

/** The demo applicant applies to Community Mural Residency with a PDF sketch (through the API). */
async function submitMural(): Promise<void> {
  const page = await newPage(browser, { baseURL: app.url });
  try {
    await signInAs(page.context(), app.url, 'applicant@demo.test');
    const headers = { origin: app.url };
    const started = await page.request.post(`${app.url}/api/programs/${MURAL}/applications`, { headers });
    const { id } = (await started.json()) as { id: string };
    const upload = await page.request.post(
      `${app.url}/api/files?purpose=answer&application_id=${id}&field_key=q_sketch`,
      {
        headers: { ...headers, 'content-type': 'application/pdf', 'x-file-name': 'sketch.pdf' },
        data: demoApplicantFiles('Alex Applicant').resume.bytes,
      },
    );
    const sketch = await upload.json();
    const { version } = (await (await page.request.get(`${app.url}/api/applications/${id}`)).json()) as {
      version: number;
    };
    const submitted = await page.request.post(`${app.url}/api/applications/${id}/submit`, {
      headers,
      data: {
        answers: { q_concept: 'Neighbours painting the river.', q_sketch: sketch, q_public_workshops: true },
        version,
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
  } finally {
    await page.context().close();
  }
}

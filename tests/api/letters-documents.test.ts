import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../src/server/db/schema';
import { letterWords } from '../../src/shared/domain/letters';
import type { OrgReviewList } from '../../src/shared/schemas/reviews';
import {
  completeProfile,
  onboardedUser,
  PDF,
  programWithForm,
  startApplication,
  submitApplication,
  submittedApplication,
  userIdOf,
} from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { assign, setScoring } from '../support/scoring';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, roles, type World } from '../support/world';

/**
 * Reference letters on the staff's documents (issue 30 item 5, decision 065): the application PDF,
 * the dossier, the exports' status columns and the inbox, for whoever reads them, and never the
 * applicant's.
 */
let t: TestApp;
let world: World;
let admin: string;
let program: string;
let plainProgram: string;
let ana: { id: string; cookie: string };
let bo: { id: string; cookie: string };

const LETTER_TEXT = 'Ana phrases Bach like nobody else in the studio.';
const ANSWER = 'Six years of weekly lessons';
const UPLOADED_BODY = 'Uploaded letter body written by Dr Chen';
const CHEN_FILE = 'Chen-reference-for-Ana.pdf';
const DEE_FILE = 'Dee-broken-scan.pdf';

let chenPdf: Buffer;

/** The link token of the latest request email to `address` (the queued message's data). */
async function tokenFor(address: string): Promise<string> {
  const [m] = await t.deps.db
    .select({ data: mailMessages.data })
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, 'letter_request'), eq(mailMessages.toAddress, address)))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  return String(m.data.token);
}
const upload = (token: string, body: Buffer, name: string) =>
  t.app.request(`${TEST_ORIGIN}/api/letters/${token}/file`, {
    method: 'POST',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/pdf',
      'content-length': String(body.length),
      'x-file-name': encodeURIComponent(name),
    },
    body: new Uint8Array(body),
  });
async function ask(cookie: string, appId: string, name: string, email: string, relationship = '') {
  const res = await t.json('POST', `/api/applications/${appId}/letter-requests`, {
    as: cookie,
    body: { question_key: 'refs', name, email, relationship },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function submitLetter(email: string, body: Record<string, unknown>) {
  const res = await t.json('POST', `/api/letters/${await tokenFor(email)}/submit`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function get(path: string, cookie: string | null) {
  const res = await t.request('GET', path, { as: cookie });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}
const pdfOf = async (appId: string, cookie: string | null) => {
  const { res, body } = await get(`/api/applications/${appId}/pdf`, cookie);
  expect(res.status).toBe(200);
  return { text: await pdfText(body), pages: (await PDFDocument.load(body)).getPageCount() };
};
/** Nothing of a letter's content: text, answers, file names, the recommenders. */
function expectNoContent(text: string, where: string) {
  for (const secret of [LETTER_TEXT, ANSWER, UPLOADED_BODY, CHEN_FILE, DEE_FILE, 'Prof. Bell', 'Dr Chen'])
    expect(text, `${where}: ${secret}`).not.toContain(secret);
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  program = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Bach Letters Fellowship', type: 'scholarship' },
    {
      questions: [
        { key: 'essay', type: 'long_text', label: 'Essay', required: true },
        {
          key: 'refs',
          type: 'reference_letter',
          label: 'References',
          required: false,
          minLetters: 2,
          maxLetters: 3,
          provides: 'either',
          submitBeforeLetters: true,
          recommenderQuestions: [
            {
              key: 'known',
              type: 'short_text',
              label: 'How long have you known the applicant?',
              required: false,
            },
          ],
        },
      ],
    },
  );
  plainProgram = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Letterless Prize', type: 'scholarship' },
    { questions: [{ key: 'essay', type: 'long_text', label: 'Essay', required: true }] },
  );
  await submittedApplication(t, 'plain@letters-docs.test', plainProgram);

  // A real letter with an embedded font (pdf.js reads its text without the standard fonts).
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(
    await readFile(
      createRequire(import.meta.url).resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'),
    ),
  );
  doc.addPage().drawText(UPLOADED_BODY, { x: 50, y: 700, size: 14, font });
  doc.addPage().drawText('Second page of the uploaded letter', { x: 50, y: 700, size: 14, font });
  chenPdf = Buffer.from(await doc.save());

  for (const [key, name] of [
    ['ana', 'Ana Ortiz'],
    ['bo', 'Bo Lind'],
  ] as const) {
    const u = await onboardedUser(t, `${key}@letters-docs.test`, name);
    await completeProfile(t, u.cookie);
    const id = await startApplication(t, u.cookie, program);
    if (key === 'ana') ana = { id, cookie: u.cookie };
    else bo = { id, cookie: u.cookie };
  }
  await ask(ana.cookie, ana.id, 'Prof. Bell', 'bell@docs.test', 'Violin teacher');
  await ask(ana.cookie, ana.id, 'Dr Chen', 'chen@docs.test', 'Orchestra director');
  await ask(ana.cookie, ana.id, 'Dee Moss', 'dee@docs.test');
  await ask(bo.cookie, bo.id, 'Ed Stone', 'ed@docs.test');
  await ask(bo.cookie, bo.id, 'Flo Park', 'flo@docs.test');
  await submitLetter('bell@docs.test', { text: LETTER_TEXT, answers: { known: ANSWER } });
  expect((await upload(await tokenFor('chen@docs.test'), chenPdf, CHEN_FILE)).status).toBe(200);
  await submitLetter('chen@docs.test', {});
  // Passes the type check on its first bytes, yet pdf-lib cannot read a page of it.
  expect((await upload(await tokenFor('dee@docs.test'), PDF, DEE_FILE)).status).toBe(200);
  await submitLetter('dee@docs.test', {});
  await submitApplication(t, ana.cookie, ana.id, { essay: 'Bach, always.' });
  await submitApplication(t, bo.cookie, bo.id, { essay: 'Brahms.' });
  for (const role of roles) {
    const cookie = world.cookies[role];
    if (cookie) await t.request('POST', '/api/me/personal-data-notice', { as: cookie });
  }
}, 180_000);
afterAll(() => t?.close());

describe('the application PDF', () => {
  it('prints each letter for the admin: name, relationship, date, answers, text; an uploaded PDF’s pages are appended', async () => {
    const { text, pages } = await pdfOf(ana.id, admin);
    expect(text).toContain('Reference letters');
    expect(text).toContain('3 of 2 submitted');
    expect(text).toContain('Letter from Prof. Bell');
    expect(text).toContain('Violin teacher');
    expect(text).toContain('How long have you known the applicant?');
    expect(text).toContain(ANSWER);
    expect(text).toContain(LETTER_TEXT);
    expect(text).toMatch(/Letter from Prof\. Bell[\s\S]*Submitted\n+\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // Dr Chen's two pages follow the application.
    expect(text).toContain('Letter from Dr Chen');
    expect(text).toContain('its 2 pages follow at the end of this document');
    expect(text).toContain(UPLOADED_BODY);
    expect(text).toContain('Second page of the uploaded letter');
    expect(text.indexOf(UPLOADED_BODY)).toBeGreaterThan(text.indexOf(LETTER_TEXT));
    // A PDF that cannot be read is named instead; the document is still made.
    expect(text).toContain(`${DEE_FILE} (`);
    expect(text).toContain('it could not be added to this document; open it from the review page');
    const without = await pdfOf(bo.id, admin);
    expect(pages).toBeGreaterThanOrEqual(without.pages + 2);
    expect(without.text).toContain('0 of 2 submitted');
    expect(without.text).toContain('No letters submitted yet.');
  });

  it('prints them for the program’s reviewer; a coalition manager gets the counts only', async () => {
    const reviewer = await pdfOf(ana.id, world.cookies.reviewer!);
    expect(reviewer.text).toContain(LETTER_TEXT);
    expect(reviewer.text).toContain(UPLOADED_BODY);
    const manager = await pdfOf(ana.id, world.cookies.coalitionManager!);
    expect(manager.text).toContain('3 of 2 submitted');
    expect(manager.text).toContain(`${letterWords.received(3)} ${letterWords.staffOnly}`);
    expectNoContent(manager.text, 'coalition manager PDF');
  });

  it('has no section for a form without letter questions', async () => {
    const plain = (
      await t.json<OrgReviewList>('GET', `/api/orgs/${world.slugs.org}/reviews?program_id=${plainProgram}`, {
        as: admin,
      })
    ).body.items[0];
    expect((await pdfOf(plain.application_id, admin)).text).not.toContain('Reference letters');
  });

  it('is never the applicant’s: their PDF, the exports and the dossier refuse them', async () => {
    for (const path of [
      `/api/applications/${ana.id}/pdf`,
      `/api/programs/${program}/dossier`,
      `/api/programs/${program}/exports/applications?format=csv`,
    ]) {
      const { res, body } = await get(path, ana.cookie);
      expect(res.status, path).toBe(404);
      expectNoContent(body.toString('latin1'), path);
    }
  });
});

describe('a blind program', () => {
  it('the reviewer’s PDF says "3 letters received" only, until the admin allows letters', async () => {
    await setScoring(t, admin, program, { blind: true });
    await assign(t, admin, program, [ana.id], [await userIdOf(t, 'reviewer@demo.test')]);
    const hidden = await pdfOf(ana.id, world.cookies.reviewer!);
    expect(hidden.text).toContain('3 of 2 submitted');
    expect(hidden.text).toContain(`${letterWords.received(3)} ${letterWords.blindHidden}`);
    expectNoContent(hidden.text, 'blind reviewer PDF');
    // The admin still reads them.
    expect((await pdfOf(ana.id, admin)).text).toContain(LETTER_TEXT);
    const on = await t.json('PUT', `/api/programs/${program}/letter-settings`, {
      as: admin,
      body: { blind_reviewers_see_letters: true },
    });
    expect(on.status).toBe(200);
    const shown = await pdfOf(ana.id, world.cookies.reviewer!);
    expect(shown.text).toContain(LETTER_TEXT);
    expect(shown.text).toContain(UPLOADED_BODY);
    await t.json('PUT', `/api/programs/${program}/letter-settings`, {
      as: admin,
      body: { blind_reviewers_see_letters: false },
    });
    await setScoring(t, admin, program, { blind: false, mode: 'shared' });
  });
});

describe('the dossier', () => {
  it('has one file per letter for the admin: a typed letter as a PDF, an uploaded one byte for byte', async () => {
    const { res, body } = await get(`/api/programs/${program}/dossier`, admin);
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(body);
    const folder = `Ana Ortiz ${ana.id.slice(0, 8)}`;
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    expect(names.filter((n) => n.startsWith(`${folder}/letters/`)).sort()).toEqual(
      [
        `${folder}/letters/Letter from Dr Chen.pdf`,
        `${folder}/letters/Letter from Dee Moss.pdf`,
        `${folder}/letters/Letter from Prof. Bell.pdf`,
      ].sort(),
    );
    expect(names.some((n) => n.startsWith(`Bo Lind ${bo.id.slice(0, 8)}/letters/`))).toBe(false);
    const typed = await pdfText(
      await zip.file(`${folder}/letters/Letter from Prof. Bell.pdf`)!.async('nodebuffer'),
    );
    expect(typed).toContain(LETTER_TEXT);
    expect(typed).toContain(ANSWER);
    expect(typed).toContain('Violin teacher');
    const chen = await zip.file(`${folder}/letters/Letter from Dr Chen.pdf`)!.async('nodebuffer');
    expect(chen.equals(chenPdf)).toBe(true);
    const dee = await zip.file(`${folder}/letters/Letter from Dee Moss.pdf`)!.async('nodebuffer');
    expect(dee.equals(PDF)).toBe(true);
    // The application's PDF names the uploaded letters (their files are beside it), without copying them in.
    const app = await pdfText(await zip.file(`${folder}/application.pdf`)!.async('nodebuffer'));
    expect(app).toContain(LETTER_TEXT);
    expect(app).toContain('the PDF is in this applicant’s letters folder of the dossier');
    expect(app).not.toContain(UPLOADED_BODY);
  });

  it('holds the counts only for a coalition manager: no letter files, no content', async () => {
    const { res, body } = await get(`/api/programs/${program}/dossier`, world.cookies.coalitionManager);
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(body);
    const names = Object.keys(zip.files);
    expect(names.some((n) => n.includes('/letters/'))).toBe(false);
    const pdf = names.find((n) => n.endsWith('application.pdf') && n.includes(ana.id.slice(0, 8)))!;
    const text = await pdfText(await zip.file(pdf)!.async('nodebuffer'));
    expect(text).toContain('3 of 2 submitted');
    expectNoContent(text, 'coalition manager dossier');
  });
});

describe('the applications export', () => {
  const path = (format: 'csv' | 'xlsx') => `/api/programs/${program}/exports/applications?format=${format}`;

  it('has the letter status per question (count text and a number), never a letter’s content', async () => {
    const csvBody = (await get(path('csv'), admin)).body;
    expectNoContent(csvBody.toString('utf8'), 'CSV');
    const [header, ...rows] = parse(csvBody, { bom: true }) as string[][];
    const status = header.indexOf('References (letters)');
    const count = header.indexOf('References (letters submitted)');
    expect(status).toBeGreaterThan(header.indexOf('Essay'));
    expect(count).toBe(status + 1);
    const row = (id: string) => rows.find((r) => r[0] === id)!;
    expect([row(ana.id)[status], row(ana.id)[count]]).toEqual(['3 of 2 submitted', '3']);
    expect([row(bo.id)[status], row(bo.id)[count]]).toEqual(['0 of 2 submitted', '0']);

    const xlsxBody = (await get(path('xlsx'), admin)).body;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsxBody as never);
    const sheet = wb.worksheets[0];
    const cells: unknown[][] = [];
    sheet.eachRow((r) => {
      cells.push((r.values as unknown[]).slice(1));
    });
    expect(cells[0][status]).toBe('References (letters)');
    const x = (id: string) => cells.find((r) => r[0] === id)!;
    expect(x(ana.id)[status]).toBe('3 of 2 submitted');
    expect(x(ana.id)[count]).toBe(3);
    expect(x(bo.id)[count]).toBe(0);
    expectNoContent(JSON.stringify(cells), 'XLSX');
  });
});

describe('the Applications Inbox', () => {
  it('gives each application its letters (submitted of required, missing); none for a form without letters', async () => {
    const res = await t.json<OrgReviewList>('GET', `/api/orgs/${world.slugs.org}/reviews?status=all`, {
      as: admin,
    });
    expect(res.status).toBe(200);
    const item = (id: string) => res.body.items.find((i) => i.application_id === id);
    expect(item(ana.id)?.letters).toEqual({ submitted: 3, required: 2, missing: 0 });
    expect(item(bo.id)?.letters).toEqual({ submitted: 0, required: 2, missing: 2 });
    const plain = res.body.items.find((i) => i.program_id === plainProgram);
    expect(plain?.letters).toBeNull();
    expectNoContent(JSON.stringify(res.body), 'inbox');
  });
});

describe('a letter question the admin hid from reviewers', () => {
  it('is left out of the reviewer’s letters on the review screen and its files refused; the admin still reads it', async () => {
    const lettersOf = (cookie: string) =>
      t.json<{ items: { id: string; text: string | null }[]; questions: { key: string }[] }>(
        'GET',
        `/api/applications/${ana.id}/letters`,
        { as: cookie },
      );
    const before = await lettersOf(world.cookies.reviewer!);
    expect(before.status).toBe(200);
    expect(before.body.items.length).toBe(3);
    const requestId = before.body.items[0]!.id;
    await setScoring(t, admin, program, { mode: 'shared', blind: false, hidden_questions: ['refs'] });
    try {
      const hidden = await lettersOf(world.cookies.reviewer!);
      expect(hidden.status).toBe(200);
      expect(hidden.body.items).toEqual([]);
      expect(hidden.body.questions).toEqual([]);
      expectNoContent(JSON.stringify(hidden.body), 'hidden question');
      const file = await t.request('GET', `/api/applications/${ana.id}/letters/${requestId}/file`, {
        as: world.cookies.reviewer!,
      });
      expect(file.status).toBe(404);
      const own = await lettersOf(admin);
      expect(own.body.items.length).toBe(3);
      expect(JSON.stringify(own.body)).toContain(LETTER_TEXT);
    } finally {
      await setScoring(t, admin, program, { mode: 'shared', blind: false, hidden_questions: [] });
    }
  });
});

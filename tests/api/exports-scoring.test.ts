import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../src/shared/schemas/forms';
import { okBody, onboardedUser, programWithForm, submittedApplication, uploadFile } from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { assign, scoreSheet, setScoring } from '../support/scoring';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, roles, type World } from '../support/world';

/**
 * Exports of an independent-scoring, blind program (issue 20 with issue 21): the aggregates are in
 * the applications export, and no file, PDF or dossier tells anyone but the program's admins who the
 * applicants are or what the questions hidden from reviewers hold.
 */

let t: TestApp;
let world: World;
let admin: string;
let programId: string;
const judges: { id: string; cookie: string }[] = [];
const apps: { id: string; cookie: string; userId: string }[] = [];

const SECRET = 'Secret-answer-9d2f';
/** Everything that identifies the two applicants: a file for anyone but admins must contain none of it. */
const identity = [
  'Zelda Identityton',
  'Yusuf Nameworthy',
  'zelda@blind.test',
  'yusuf@blind.test',
  '555-0100',
  '1 River Road',
  'guardian@example.test',
  'zelda-recording.pdf',
  SECRET,
];

const questions: Question[] = [
  { key: 'q_piece', type: 'short_text', label: 'Piece', required: true },
  { key: 'q_secret', type: 'short_text', label: 'Hometown', required: false },
  { key: 'q_rec', type: 'file', label: 'Recording', required: false },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Blind Strings', type: 'audition' },
    { questions, profile: { enabled: true, sections: { personal: true, family: true } } },
  );
  for (const name of ['uma', 'vic']) {
    t.clock.advance(3_000);
    const judge = await onboardedUser(t, `judge.${name}@blind.test`);
    await okBody(
      t.json('POST', `/api/programs/${programId}/reviewers`, {
        as: admin,
        body: { email: `judge.${name}@blind.test` },
      }),
    );
    judges.push(judge);
  }
  for (const [email, name] of [
    ['zelda@blind.test', 'Zelda Identityton'],
    ['yusuf@blind.test', 'Yusuf Nameworthy'],
  ]) {
    t.clock.advance(3_000);
    const app = await submittedApplication(t, email, programId, {
      name,
      answers: { q_piece: `Piece of ${name.split(' ')[0]}`, q_secret: SECRET },
    });
    apps.push(app);
  }
  // Zelda's recording, under a file name that names her.
  const recording = await uploadFile(t, apps[0].cookie, 'answer', {
    applicationId: apps[0].id,
    fieldKey: 'q_rec',
    name: 'zelda-recording.pdf',
  });
  const current = await okBody(t.json('GET', `/api/applications/${apps[0].id}`, { as: apps[0].cookie }));
  await okBody(
    t.json('PUT', `/api/applications/${apps[0].id}/answers`, {
      as: apps[0].cookie,
      body: { answers: { ...current.answers, q_rec: recording }, version: current.version },
    }),
  );
  await setScoring(t, admin, programId, { blind: true, hidden_questions: ['q_secret'] });
  await assign(
    t,
    admin,
    programId,
    apps.map((a) => a.id),
    judges.map((j) => j.id),
  );
  await scoreSheet(t, judges[0].cookie, apps[0].id, { tone: 5, rhythm: 10, callback: 1 });
  await scoreSheet(t, judges[1].cookie, apps[0].id, { tone: 3, rhythm: 4, callback: 0 });
  await scoreSheet(t, judges[0].cookie, apps[1].id, { tone: 2, rhythm: 2, callback: 0 });
  for (const role of roles) {
    const cookie = world.cookies[role];
    if (cookie) await t.request('POST', '/api/me/personal-data-notice', { as: cookie });
  }
  for (const j of judges) await t.request('POST', '/api/me/personal-data-notice', { as: j.cookie });
}, 180_000);
afterAll(() => t.close());

async function get(path: string, cookie: string | null) {
  const res = await t.request('GET', path, { as: cookie });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}
const csvOf = (body: Buffer) => parse(body, { bom: true }) as string[][];

async function xlsxText(body: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const cells: string[] = [];
  wb.worksheets[0].eachRow((row) => {
    for (const v of row.values as unknown[]) if (v !== null && v !== undefined) cells.push(String(v));
  });
  return cells.join('\n');
}

const leaks = (text: string) => identity.filter((s) => text.includes(s));
const appsPath = (format: string) => `/api/programs/${programId}/exports/applications?format=${format}`;

describe('independent scoring in the exports', () => {
  it('adds the aggregates to the applications export, as the inbox shows them', async () => {
    const [header, ...rows] = csvOf((await get(appsPath('csv'), admin)).body);
    expect(header.slice(-7)).toEqual([
      'Score sheets submitted',
      'Score sheets assigned',
      'Mean score',
      'Median score',
      'Score spread',
      'Rank',
      'Reviewers disagree',
    ]);
    const inbox = await okBody(
      t.json('GET', `/api/orgs/${world.slugs.org}/reviews?program_id=${programId}`, { as: admin }),
    );
    for (const app of apps) {
      const row = rows.find((r) => r[0] === app.id)!;
      const shown = inbox.items.find((i: { application_id: string }) => i.application_id === app.id).scoring;
      const cell = (name: string) => row[header.indexOf(name)];
      expect(cell('Score sheets submitted')).toBe(String(shown.sheets));
      expect(cell('Score sheets assigned')).toBe(String(shown.assigned));
      expect(cell('Mean score')).toBe(String(shown.mean));
      expect(cell('Median score')).toBe(String(shown.median));
      expect(cell('Score spread')).toBe(shown.spread === null ? '' : String(shown.spread));
      expect(cell('Rank')).toBe(String(shown.rank));
    }
    expect(rows.find((r) => r[0] === apps[0].id)![header.indexOf('Score sheets submitted')]).toBe('2');
  });
});

describe('the dashboard of an independent-scoring program', () => {
  it("counts each reviewer's own score sheets: assigned, begun, submitted", async () => {
    const d = await okBody(t.json('GET', `/api/programs/${programId}/dashboard`, { as: admin }));
    expect(d.program.review_mode).toBe('independent');
    const of = (id: string) => d.reviewers.find((r: { user_id: string }) => r.user_id === id);
    expect(of(judges[0].id)).toMatchObject({ assigned: 2, touched: 2, finalized: 2 });
    expect(of(judges[1].id)).toMatchObject({ assigned: 2, touched: 1, finalized: 1 });
  });
});

describe('a blind program', () => {
  it("gives its admins everything: names, emails, the profile, hidden questions' answers, file names", async () => {
    const csv = (await get(appsPath('csv'), admin)).body.toString('utf8');
    expect(leaks(csv)).toEqual(identity);
  });

  it('exports no identity to anyone else who may export it (a coalition manager), in any file', async () => {
    const cm = world.cookies.coalitionManager as string;
    const texts: Record<string, string> = {};
    const csv = await get(appsPath('csv'), cm);
    expect(csv.res.status).toBe(200);
    texts.applicationsCsv = csv.body.toString('utf8');
    texts.applicationsXlsx = await xlsxText((await get(appsPath('xlsx'), cm)).body);
    texts.reviews = (await get(`/api/programs/${programId}/exports/reviews?format=csv`, cm)).body.toString(
      'utf8',
    );
    texts.allReviews = (
      await get(`/api/reviews/export?format=csv&program_id=${programId}`, cm)
    ).body.toString('utf8');
    texts.searched = (await get(`/api/reviews/export?format=csv&search=Zelda`, cm)).body.toString('utf8');
    texts.results = (await get(`/api/programs/${programId}/exports/results?format=csv`, cm)).body.toString(
      'utf8',
    );
    texts.pdf = await pdfText((await get(`/api/applications/${apps[0].id}/pdf`, cm)).body);
    const dossier = await JSZip.loadAsync((await get(`/api/programs/${programId}/dossier`, cm)).body);
    const names = Object.keys(dossier.files);
    texts.dossierNames = names.join('\n');
    texts.dossierPdf = await pdfText(
      await dossier.file(names.find((n) => n.endsWith('application.pdf'))!)!.async('nodebuffer'),
    );
    for (const [file, text] of Object.entries(texts))
      expect({ file, leaks: leaks(text) }).toEqual({ file, leaks: [] });

    const [header, ...rows] = csvOf(csv.body);
    expect(header).not.toContain('Applicant email');
    expect(header).not.toContain('Hometown');
    // Writing and experience stay (as the blind review shows them); personal and family details go.
    expect(header.filter((h) => h.startsWith('Profile:'))).toEqual([
      'Profile: Personal statement',
      'Profile: Resume',
      'Profile: Portfolio files',
    ]);
    expect(header).not.toContain('Recording (link)');
    expect(rows.map((r) => r[1]).sort()).toEqual(['Applicant #1', 'Applicant #2']);
    expect(rows.find((r) => r[0] === apps[0].id)![header.indexOf('Recording')]).toBe('Attachment 1.pdf');
    expect(texts.pdf).toContain('Applicant #1');
    expect(texts.dossierNames).toContain('Applicant #1/files/Recording/Attachment 1.pdf');
    // The search does not find a hidden applicant by name.
    expect(csvOf(Buffer.from(texts.searched)).length).toBe(1);
  });

  it("hides identity in the PDF its reviewers open; its admins' PDF names the applicant", async () => {
    const judgePdf = await get(`/api/applications/${apps[0].id}/pdf`, judges[0].cookie);
    expect(judgePdf.res.status).toBe(200);
    expect(leaks(await pdfText(judgePdf.body))).toEqual([]);
    const adminText = await pdfText((await get(`/api/applications/${apps[0].id}/pdf`, admin)).body);
    expect(adminText).toContain('Zelda Identityton');
    expect(adminText).toContain(SECRET);
  });
});

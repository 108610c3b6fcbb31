import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, profiles, reviews, user } from '../../src/server/db/schema';
import { downloadSlot, RUNNING_MAX, WAITING_MAX } from '../../src/server/exports/limiter';
import { CHUNK_ROWS, exportRows, limitClause, type Raw, type RowQuery } from '../../src/server/exports/rows';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  reviewApplication,
  saveAnswers,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type Role, roles, type World } from '../support/world';

let t: TestApp;
let world: World;
let admin: string;
let programId: string;

/** Every question type, two questions sharing a label (their keys are added to the headers). */
const questions: Question[] = [
  { key: 'q_name', type: 'short_text', label: 'Stage name', required: true, maxLength: 500 },
  { key: 'q_essay', type: 'long_text', label: 'Essay', required: true, maxWords: 5000 },
  { key: 'q_notes', type: 'long_text', label: 'Notes', required: false, maxWords: 500 },
  { key: 'q_date', type: 'date', label: 'Available from', required: false },
  {
    key: 'q_instrument',
    type: 'select',
    label: 'Instrument',
    required: false,
    options: ['Violin', 'Cello, bass'],
  },
  { key: 'q_consent', type: 'checkbox', label: 'I agree to be recorded', required: false },
  { key: 'q_recording', type: 'file', label: 'Recording', required: false },
  { key: 'q_notes2', type: 'long_text', label: 'Notes', required: false, maxWords: 500 },
];

/** 10,000 characters of essay, with commas, quotes and new lines. */
const longEssay = Array.from(
  { length: 250 },
  (_, i) => `Line ${i}, "quoted", again${i % 10 === 9 ? '\n' : ' '}`,
)
  .join('')
  .padEnd(10_000, 'x')
  .slice(0, 10_000);

/** Cells an attacker would type: each must reach the file as text, never a formula. */
const injections = ['=HYPERLINK("http://evil.test","click")', '+1+1', '-2+3', '@SUM(1,2)', '\tTAB', '\rCR'];

interface Person {
  key: string;
  name: string;
  answers: Record<string, unknown>;
  submit: boolean;
}
const people: Person[] = [
  {
    key: 'amelie',
    name: 'Amélie Ñúñez',
    submit: true,
    answers: {
      q_name: 'Amélie, "the bow" 🎻',
      q_essay: longEssay,
      q_notes: 'First line\nSecond line, with a comma\r\nThird "line"',
      q_date: '2026-09-01',
      q_instrument: 'Cello, bass',
      q_consent: true,
      q_notes2: injections[0],
    },
  },
  {
    key: 'bo',
    name: '=cmd|calc!A1',
    submit: true,
    answers: {
      q_name: injections[1],
      q_essay: injections[2],
      q_notes: injections[3],
      q_notes2: `${injections[4]} and ${injections[5]}`,
      q_instrument: 'Violin',
      q_consent: false,
    },
  },
  { key: 'cy', name: 'Cy Draftsworth', submit: false, answers: { q_name: 'Still writing' } },
];
const appIds: Record<string, string> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Export Ensemble', type: 'audition' },
    {
      questions,
      profile: { enabled: true, sections: { personal: true, family: true, writing: true, experience: true } },
    },
  );

  for (const p of people) {
    const u = await onboardedUser(t, `${p.key}@exports.test`, p.name);
    cookies[p.key] = u.cookie;
    await completeProfile(t, u.cookie, { full_name: p.name, address_line2: '"Flat 2", =B2' });
    const id = await startApplication(t, u.cookie, programId);
    appIds[p.key] = id;
    const answers = { ...p.answers };
    if (p.key === 'amelie')
      answers.q_recording = await uploadFile(t, u.cookie, 'answer', {
        applicationId: id,
        fieldKey: 'q_recording',
        name: 'Bach, Suite #1.pdf',
      });
    if (p.submit) await submitApplication(t, u.cookie, id, answers);
    else await saveAnswers(t, u.cookie, id, answers);
  }
  await okBody(
    t.json('PUT', `/api/programs/${programId}/review-form`, {
      as: admin,
      body: { show_score: true, show_comments: true, show_decision: true },
    }),
  );
  await reviewApplication(t, admin, appIds.amelie, {
    score: 4.5,
    comments: '=SUM(A1) strong',
    decision: 'accept',
  });
  await okBody(
    t.json('POST', `/api/programs/${programId}/publish-results`, {
      as: admin,
      body: { mode: 'all_finalized', visibility: { decision: true, score: true } },
    }),
  );
}, 180_000);
afterAll(() => t.close());

const acceptNotice = (cookie: string | null) =>
  t.request('POST', '/api/me/personal-data-notice', { as: cookie });

async function download(path: string, cookie: string | null) {
  const res = await t.request('GET', path, { as: cookie });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body };
}

function csvRows(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(body, { bom: true, relax_column_count: false }) as string[][];
}

async function xlsxRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const sheet = wb.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => values[i] ?? null));
  });
  return rows;
}

/** What a text cell must hold: the text, with an apostrophe in front when it could start a formula. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('the personal-data notice', () => {
  it('comes before the first download: refused (409) until accepted, then remembered', async () => {
    const before = await t.json('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    expect(before.status).toBe(409);
    expect(before.body.error.fields).toEqual({ notice: 'required' });
    expect((await t.json('GET', '/api/me/personal-data-notice', { as: admin })).body).toEqual({
      accepted_at: null,
    });
    expect((await acceptNotice(admin)).status).toBe(200);
    const after = (await t.json('GET', '/api/me/personal-data-notice', { as: admin })).body;
    expect(after.accepted_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    await acceptNotice(admin);
    expect((await t.json('GET', '/api/me/personal-data-notice', { as: admin })).body).toEqual(after);
    expect((await acceptNotice(null)).status).toBe(401);
  });
});

describe('applications export', () => {
  const path = (format: string, status = 'all') =>
    `/api/programs/${programId}/exports/applications?format=${format}&status=${status}`;

  async function expectedRows() {
    const rows = await t.deps.db
      .select({ app: applications, email: user.email, name: profiles.fullName, review: reviews })
      .from(applications)
      .innerJoin(user, eq(user.id, applications.userId))
      .innerJoin(profiles, eq(profiles.id, applications.userId))
      .leftJoin(reviews, eq(reviews.applicationId, applications.id))
      .where(eq(applications.programId, programId));
    return new Map(rows.map((r) => [r.app.id, r]));
  }

  const questionHeaders = [
    'Stage name',
    'Essay',
    'Notes (q_notes)',
    'Available from',
    'Instrument',
    'I agree to be recorded',
    'Recording',
    'Recording (link)',
    'Notes (q_notes2)',
  ];

  it('CSV: UTF-8 with BOM, one row per submitted application, every cell as in the database', async () => {
    const { res, body } = await download(path('csv'), admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      'attachment; filename="riverside-arts-center-export-ensemble-applications-',
    );
    expect(res.headers.get('x-export-rows')).toBe('2');
    const [header, ...rows] = csvRows(body);
    expect(header.slice(0, 8)).toEqual([
      'Application ID',
      'Applicant',
      'Applicant email',
      'Status',
      'Version',
      'Started (UTC)',
      'Submitted (UTC)',
      'Last saved (UTC)',
    ]);
    const q0 = header.indexOf('Stage name');
    expect(header.slice(q0, q0 + questionHeaders.length)).toEqual(questionHeaders);
    expect(header).toContain('Profile: Full name');
    expect(header).toContain('Profile: Resume (link)');
    expect(header.slice(-7)).toEqual([
      'Review status',
      'Score',
      'Decision',
      'Reviewer comments',
      'Last edited by',
      'Review finalized (UTC)',
      'Result published (UTC)',
    ]);
    expect(rows).toHaveLength(2);

    const db = await expectedRows();
    const col = (name: string) => header.indexOf(name);
    for (const row of rows) {
      expect(row).toHaveLength(header.length);
      const expected = db.get(row[0])!;
      expect(expected).toBeTruthy();
      const answers = expected.app.answers;
      const snapshot = expected.app.profileSnapshot as Record<string, unknown>;
      expect(row[col('Applicant')]).toBe(safe(expected.name!));
      expect(row[col('Applicant email')]).toBe(expected.email);
      expect(row[col('Status')]).toBe('submitted');
      expect(row[col('Submitted (UTC)')]).toBe(
        expected.app
          .submittedAt!.toISOString()
          .replace('T', ' ')
          .replace(/\.\d{3}Z$/, ' UTC'),
      );
      for (const q of questions) {
        const header =
          q.key === 'q_notes' ? 'Notes (q_notes)' : q.key === 'q_notes2' ? 'Notes (q_notes2)' : q.label;
        const value = answers[q.key];
        const cell = row[col(header)];
        if (q.type === 'checkbox') expect(cell).toBe(value === true ? 'Yes' : value === false ? 'No' : '');
        else if (q.type === 'file') {
          const f = value as { fileName: string } | undefined;
          expect(cell).toBe(f ? f.fileName : '');
          if (f)
            expect(row[col('Recording (link)')]).toMatch(
              /^http:\/\/localhost:3000\/api\/files\/export-link\?path=applications%2F/,
            );
        } else expect(cell).toBe(value === undefined || value === null ? '' : safe(String(value)));
      }
      expect(row[col('Profile: Address line 2')]).toBe(`"Flat 2", =B2`);
      expect(row[col('Profile: Full name')]).toBe(safe(String(snapshot.full_name)));
      expect(row[col('Score')]).toBe(
        expected.review?.score === undefined || expected.review?.score === null
          ? ''
          : String(expected.review.score),
      );
      expect(row[col('Reviewer comments')]).toBe(
        expected.review?.comments ? safe(expected.review.comments) : '',
      );
    }
    const amelie = rows.find((r) => r[0] === appIds.amelie)!;
    expect(amelie[col('Essay')]).toHaveLength(10_000);
    expect(amelie[col('Essay')]).toBe(longEssay);
    expect(amelie[col('Notes (q_notes)')]).toBe('First line\nSecond line, with a comma\r\nThird "line"');
    expect(amelie[col('Stage name')]).toBe('Amélie, "the bow" 🎻');
    expect(amelie[col('Review status')]).toBe('finalized');
    expect(amelie[col('Decision')]).toBe('accept');
    expect(amelie[col('Reviewer comments')]).toBe("'=SUM(A1) strong");
    expect(amelie[col('Result published (UTC)')]).not.toBe('');
  });

  it('neutralises formula cells in the CSV; the XLSX holds the text unaltered', async () => {
    const csv = csvRows((await download(path('csv'), admin)).body);
    const xlsx = (await xlsxRows((await download(path('xlsx'), admin)).body)) as string[][];
    for (const [format, [header, ...rows]] of [
      ['csv', csv],
      ['xlsx', xlsx],
    ] as const) {
      const bo = rows.find((r) => r[0] === appIds.bo)!;
      // XLSX (XML) keeps no carriage returns: they are line feeds there.
      const cell = (name: string) => {
        const v = bo[header.indexOf(name)];
        return format === 'xlsx' ? v : v.replace(/\r\n?/g, '\n');
      };
      // CSV: an apostrophe in front (OWASP); XLSX: inline strings are never formulas, so as typed.
      const quote = format === 'csv' ? "'" : '';
      expect(cell('Applicant')).toBe(`${quote}=cmd|calc!A1`);
      expect(cell('Stage name')).toBe(`${quote}+1+1`);
      expect(cell('Essay')).toBe(`${quote}-2+3`);
      expect(cell('Notes (q_notes)')).toBe(`${quote}@SUM(1,2)`);
      expect(cell('Notes (q_notes2)')).toBe(`${quote}\tTAB and \nCR`);
      const amelie = rows.find((r) => r[0] === appIds.amelie)!;
      expect(amelie[header.indexOf('Notes (q_notes2)')]).toBe(`${quote}${injections[0]}`);
      // No cell of the CSV starts like a formula.
      if (format === 'csv')
        for (const row of [header, ...rows])
          for (const c of row) if (typeof c === 'string') expect(/^[=+\-@\t\r]/.test(c)).toBe(false);
    }
  });

  it('XLSX: the same rows and cells as the CSV, times and days as dates, no formulas', async () => {
    const { res, body } = await download(path('xlsx'), admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const xlsx = await xlsxRows(body);
    const csv = csvRows((await download(path('csv'), admin)).body);
    expect(xlsx[0]).toEqual(csv[0]);
    expect(xlsx).toHaveLength(csv.length);
    const submitted = csv[0].indexOf('Submitted (UTC)');
    const score = csv[0].indexOf('Score');
    for (let i = 1; i < csv.length; i++) {
      const x = xlsx.find((r) => r[0] === csv[i][0])!;
      csv[i].forEach((c, j) => {
        const v = x[j];
        // A calendar day (a date answer, the date of birth) is a day in both; a time is a UTC time.
        if (v instanceof Date && /^\d{4}-\d{2}-\d{2}$/.test(c))
          expect(v.toISOString()).toBe(`${c}T00:00:00.000Z`);
        else if (v instanceof Date)
          expect(
            v
              .toISOString()
              .replace('T', ' ')
              .replace(/\.\d{3}Z$/, ' UTC'),
          ).toBe(c);
        else if (typeof v === 'number') expect(String(v)).toBe(c);
        else if (v && typeof v === 'object') throw new Error(`cell ${j} is not plain: ${JSON.stringify(v)}`);
        // The CSV's formula apostrophe is not in the XLSX: there the text is as typed.
        else expect(v ?? '').toBe(c.replace(/^'(?=[=+\-@\t\r])/, '').replace(/\r\n?/g, '\n'));
      });
      expect(x[submitted]).toBeInstanceOf(Date);
    }
    expect(xlsx.find((r) => r[0] === appIds.amelie)![score]).toBe(4.5);
  });

  it('follows the inbox view: drafts only with unsubmitted, all started with started, by review state', async () => {
    const ids = async (status: string) =>
      csvRows((await download(path('csv', status), admin)).body)
        .slice(1)
        .map((r) => r[0])
        .sort();
    expect(await ids('unsubmitted')).toEqual([appIds.cy]);
    expect(await ids('started')).toEqual([appIds.amelie, appIds.bo, appIds.cy].sort());
    expect(await ids('not_started')).toEqual([appIds.bo]);
    expect(await ids('submitted')).toEqual([appIds.amelie]);
    expect(await ids('published')).toEqual([appIds.amelie]);
    expect(await ids('draft')).toEqual([]);
    expect((await t.json('GET', path('pdf'), { as: admin })).status).toBe(400);
    expect((await t.json('GET', path('csv', 'nope'), { as: admin })).status).toBe(400);
  });

  it('is allowed to org admins, super admins and the coalition’s managers; denied to everyone else', async () => {
    const got: Partial<Record<Role, number>> = {};
    for (const role of roles) {
      await acceptNotice(world.cookies[role]);
      got[role] = (await download(path('csv'), world.cookies[role])).res.status;
    }
    expect(got).toEqual({
      visitor: 401,
      notOnboarded: 403,
      deleted: 401,
      applicant: 404,
      otherOrgAdmin: 404,
      orgAdmin: 200,
      otherReviewer: 404,
      reviewer: 403,
      coalitionManager: 200,
      otherCoalitionManager: 404,
      superAdmin: 200,
    });
  });

  it('is recorded in the audit log with its view and row count', async () => {
    await download(path('xlsx', 'started'), world.cookies.superAdmin);
    const [entry] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'export.downloaded',
      actorEmail: 'super@demo.test',
      targetType: 'export',
      targetId: programId,
      targetLabel: 'Applications of Export Ensemble',
      organizationId: world.ids.riversideOrg,
      summary: 'XLSX, 3 row(s); view: started',
    });
  });

  it('is recorded only when the download starts: a download refused with 429 is not in the log', async () => {
    const downloads = async () =>
      (
        await t.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(eq(auditLog.action, 'export.downloaded'))
      )[0].n;
    await acceptNotice(admin);
    const before = await downloads();
    // Both slots busy and the queue full: the next download is refused.
    const held: Promise<() => void>[] = [];
    for (let i = 0; i < RUNNING_MAX + WAITING_MAX; i++) held.push(downloadSlot());
    try {
      for (const url of [path('csv'), `/api/programs/${programId}/dossier`]) {
        const res = await t.request('GET', url, { as: admin });
        await res.body?.cancel();
        expect(res.status).toBe(429);
      }
      expect(await downloads()).toBe(before);
    } finally {
      for (const slot of held) (await slot)();
    }
    const { res } = await download(path('csv'), admin);
    expect(res.status).toBe(200);
    expect(await downloads()).toBe(before + 1);
  });

  it('file links open for the exporting admin only, and only while they may read the file', async () => {
    const [header, ...rows] = csvRows((await download(path('csv'), admin)).body);
    const link = rows.find((r) => r[0] === appIds.amelie)![header.indexOf('Recording (link)')];
    const local = link.replace('http://localhost:3000', '');
    const mine = await t.request('GET', local, { as: admin });
    expect(mine.status).toBe(302);
    const file = await t.request('GET', mine.headers.get('location')!, { as: null });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Bach');
    expect((await t.request('GET', local, { as: world.cookies.superAdmin })).status).toBe(403);
    const visitor = await t.request('GET', local, { as: null });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe(`/?next=${encodeURIComponent(local)}`);
    const forged = local.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`);
    expect((await t.request('GET', forged, { as: admin })).status).toBe(403);
    t.clock.advance(31 * 86_400_000);
    expect((await t.request('GET', local, { as: admin })).status).toBe(403);
    t.clock.advance(-31 * 86_400_000);
  });

  it('a download stopped half-way frees its slot', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await t.request('GET', path('csv'), { as: admin });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    const { res } = await download(path('csv'), admin);
    expect(res.status).toBe(200);
  });
});

describe('reviews and results exports', () => {
  it("a program's reviews: every submitted application with its review state", async () => {
    const [header, ...rows] = csvRows(
      (await download(`/api/programs/${programId}/exports/reviews?format=csv`, admin)).body,
    );
    expect(header).toEqual([
      'Updated (UTC)',
      'Program',
      'Organization',
      'Application ID',
      'Application status',
      'Submitted (UTC)',
      'Applicant',
      'Last edited by',
      'Review status',
      'Score',
      'Decision',
      'Comments',
      'Finalized (UTC)',
    ]);
    const byId = new Map(rows.map((r) => [r[3], r]));
    expect([...byId.keys()].sort()).toEqual([appIds.amelie, appIds.bo].sort());
    expect(byId.get(appIds.amelie)!.slice(8, 12)).toEqual(['finalized', '4.5', 'accept', "'=SUM(A1) strong"]);
    expect(byId.get(appIds.bo)!.slice(4, 10)).toEqual([
      'submitted',
      byId.get(appIds.bo)![5],
      "'=cmd|calc!A1",
      '',
      'not started',
      '',
    ]);
  });

  it("the organization's inbox, in a view, for every program", async () => {
    const { res, body } = await download(
      `/api/orgs/${world.slugs.org}/exports/inbox?format=csv&status=started`,
      admin,
    );
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(body);
    const mine = rows.filter((r) => r[1] === 'Export Ensemble');
    expect(mine.map((r) => r[3]).sort()).toEqual([appIds.amelie, appIds.bo, appIds.cy].sort());
    const cy = mine.find((r) => r[3] === appIds.cy)!;
    expect(cy[header.indexOf('Application status')]).toBe('draft');
    expect(cy[header.indexOf('Review status')]).toBe('');
    expect(rows.every((r) => r[2] === 'Riverside Arts Center')).toBe(true);
    const unsubmitted = csvRows(
      (await download(`/api/orgs/${world.slugs.org}/exports/inbox?format=csv&status=unsubmitted`, admin))
        .body,
    );
    expect(unsubmitted.slice(1).every((r) => r[4] === 'draft')).toBe(true);
    expect(
      (await download(`/api/orgs/${world.slugs.org}/exports/inbox?format=csv`, world.cookies.reviewer)).res
        .status,
    ).toBe(403);
  });

  it('All Reviews: the programs the caller administers, with the page’s filters; reviewers get 403', async () => {
    const all = csvRows((await download('/api/reviews/export?format=csv', admin)).body);
    expect(all.slice(1).every((r) => r[2] === 'Riverside Arts Center')).toBe(true);
    expect(all.slice(1).map((r) => r[3])).toContain(appIds.amelie);
    const filtered = csvRows(
      (await download(`/api/reviews/export?format=csv&status=submitted&program_id=${programId}`, admin)).body,
    );
    expect(filtered.slice(1).map((r) => r[3])).toEqual([appIds.amelie]);
    const searched = csvRows(
      (await download(`/api/reviews/export?format=csv&search=${encodeURIComponent('amélie')}`, admin)).body,
    );
    expect(searched.slice(1).map((r) => r[3])).toEqual([appIds.amelie]);
    const everything = csvRows(
      (await download('/api/reviews/export?format=csv', world.cookies.superAdmin)).body,
    );
    const everyId = new Set(everything.slice(1).map((r) => r[3]));
    expect(all.slice(1).every((r) => everyId.has(r[3]))).toBe(true);
    await acceptNotice(world.cookies.otherOrgAdmin);
    const other = csvRows(
      (await download('/api/reviews/export?format=csv', world.cookies.otherOrgAdmin)).body,
    );
    expect(other.slice(1).some((r) => r[2] === 'Riverside Arts Center')).toBe(false);
    expect((await download('/api/reviews/export?format=csv', world.cookies.reviewer)).res.status).toBe(403);
  });

  it('published results: what each applicant was sent', async () => {
    const [header, ...rows] = csvRows(
      (await download(`/api/programs/${programId}/exports/results?format=csv`, admin)).body,
    );
    expect(header).toEqual([
      'Application ID',
      'Applicant',
      'Applicant email',
      'Published (UTC)',
      'Published by',
      'Decision sent',
      'Score sent',
      'Comments sent',
      'Message',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0][0]).toBe(appIds.amelie);
    expect(rows[0].slice(5)).toEqual(['accept', '4.5', '', '']);
  });
});

describe('audit log export', () => {
  it('the organization’s log, filtered like its page, oldest first', async () => {
    const { res, body } = await download(
      `/api/orgs/${world.slugs.org}/audit/export?format=csv&action=export`,
      admin,
    );
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(body);
    expect(header).toEqual([
      'Time (UTC)',
      'Actor',
      'Via',
      'Action',
      'Action code',
      'Target type',
      'Target',
      'Target ID',
      'Summary',
    ]);
    const expected = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.organizationId} = ${world.ids.riversideOrg} and ${auditLog.action} like 'export.%'`,
      )
      .orderBy(auditLog.id);
    // The export itself was recorded before it was written, so it is its own last row.
    expect(rows.map((r) => r[8])).toEqual(expected.map((e) => e.summary));
    expect(rows.every((r) => r[4] === 'export.downloaded')).toBe(true);
    expect((await download('/api/super/audit/export?format=xlsx', world.cookies.superAdmin)).res.status).toBe(
      200,
    );
    expect((await download('/api/super/audit/export?format=csv', admin)).res.status).toBe(403);
  });
});

describe('the inbox views the exports start from', () => {
  it("filter by program and view, with every view's count", async () => {
    const get = (q: string) =>
      okBody(t.json('GET', `/api/orgs/${world.slugs.org}/reviews?${q}`, { as: admin }));
    const drafts = await get(`status=unsubmitted&program_id=${programId}`);
    expect(drafts.items.map((r: { application_id: string }) => r.application_id)).toEqual([appIds.cy]);
    expect(drafts.items[0].application_status).toBe('draft');
    expect(drafts.counts).toEqual({
      all: 2,
      not_started: 1,
      draft: 0,
      submitted: 1,
      published: 1,
      unsubmitted: 1,
      started: 3,
      changes_requested: 0,
    });
    const published = await get(`status=published&program_id=${programId}`);
    expect(published.items.map((r: { application_id: string }) => r.application_id)).toEqual([appIds.amelie]);
    const everything = await get('status=started');
    expect(everything.counts.started).toBeGreaterThan(3);
    expect(
      (await t.json('GET', `/api/orgs/${world.slugs.org}/reviews?program_id=nope`, { as: admin })).status,
    ).toBe(400);
  });
});

describe('the rows of an export', () => {
  it('come in chunks, each emptied once the next is asked for (so no row outlives its chunk)', async () => {
    const count = CHUNK_ROWS * 2 + 7;
    const numbers: RowQuery = (after, limit) =>
      sql`select n::text as sort_key, n::text as row_id, n from generate_series(1, ${count}::int) n
        ${after ? sql`where n > ${Number(after.id)}` : sql``} order by n ${limitClause(limit)}`;
    const chunks: Raw[][] = [];
    const numbersSeen: number[] = [];
    for await (const chunk of exportRows(t.database, numbers)) {
      // Decision 037 (amended): a chunk kept full keeps its rows alive until V8's next full collection.
      for (const earlier of chunks) expect(earlier).toHaveLength(0);
      numbersSeen.push(...chunk.map((r) => Number(r.n)));
      chunks.push(chunk);
    }
    expect(chunks).toHaveLength(3);
    expect(numbersSeen).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const chunk of chunks) expect(chunk).toHaveLength(0);
  });
});

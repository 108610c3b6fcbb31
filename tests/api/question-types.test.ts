import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../src/shared/schemas/forms';
import { completeProfile, onboardedUser, programWithForm, startApplication } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Number, yes/no, email and web address questions (issue 29 item 3). */
let t: TestApp;
let world: World;
let admin: string;
let programId: string;

const questions: Question[] = [
  {
    key: 'q_intro',
    type: 'content',
    label: 'Before you start',
    help: 'Have your budget ready.',
    required: false,
  },
  { key: 'q_budget', type: 'number', label: 'Budget', required: true, min: 0, max: 5000, unit: 'USD' },
  { key: 'q_resident', type: 'yes_no', label: 'Resident of the state', required: true },
  { key: 'q_email', type: 'email', label: 'Teacher email', required: false },
  { key: 'q_site', type: 'url', label: 'Portfolio', required: false },
  {
    key: 'q_sections',
    type: 'multi_select',
    label: 'Sections you play in',
    required: false,
    options: ['Strings', 'Winds', 'Brass'],
    maxChoices: 2,
  },
  { key: 'q_start', type: 'date', label: 'Start date', required: false },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Typed Grant', type: 'audition' },
    { questions },
  );
}, 120_000);
afterAll(() => t.close());

describe('new question types', () => {
  it('refuse bad values with a message naming the question, and keep good ones', async () => {
    const { cookie } = await onboardedUser(t, 'types@types.test');
    await completeProfile(t, cookie);
    const id = await startApplication(t, cookie, programId);
    const save = (answers: Record<string, unknown>) =>
      t.json<any>('PUT', `/api/applications/${id}/answers`, { as: cookie, body: { answers, version: 1 } });
    const cases: [Record<string, unknown>, string][] = [
      [{ q_budget: 'lots' }, 'Budget: enter a number.'],
      [{ q_budget: 9000 }, 'Budget: enter a number of at most 5000.'],
      [{ q_resident: 'maybe' }, 'Resident of the state: choose Yes or No.'],
      [{ q_email: 'not-an-email' }, 'Teacher email: enter an email address such as name@example.com.'],
      [{ q_site: 'javascript:alert(1)' }, 'Portfolio: enter a web address starting with https://'],
      [{ q_sections: ['Drums'] }, 'Sections you play in: choose from the options.'],
      [{ q_sections: ['Strings', 'Winds', 'Brass'] }, 'Sections you play in: choose at most 2.'],
    ];
    for (const [answers, message] of cases) {
      const res = await save(answers);
      expect(res.status, message).toBe(422);
      expect(res.body.error.message).toBe(message);
    }
    const good = await save({
      q_budget: '1200.50',
      q_resident: 'yes',
      q_email: 'teacher@example.org',
      q_site: 'https://example.org/me',
      q_sections: ['Winds', 'Strings'],
      q_start: '2026-09-01',
    });
    expect(good.status).toBe(200);
    expect(good.body.answers).toEqual({
      q_budget: 1200.5,
      q_resident: 'yes',
      q_email: 'teacher@example.org',
      q_site: 'https://example.org/me',
      q_sections: ['Strings', 'Winds'],
      q_start: '2026-09-01',
    });
    const submitted = await t.json<any>('POST', `/api/applications/${id}/submit`, {
      as: cookie,
      body: { answers: good.body.answers, version: good.body.version },
    });
    expect(submitted.status).toBe(200);
  });

  it('exports numbers as numbers, dates as dates and yes/no as words', async () => {
    await t.request('POST', '/api/me/personal-data-notice', { as: admin });
    const res = await t.request('GET', `/api/programs/${programId}/exports/applications?format=xlsx`, {
      as: admin,
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const row = sheet.getRow(2).values as unknown[];
    expect(row[header.indexOf('Budget')]).toBe(1200.5);
    expect(row[header.indexOf('Resident of the state')]).toBe('Yes');
    // A date question's answer is a date cell (a calendar day), as is the profile's date of birth.
    const start = sheet.getRow(2).getCell(header.indexOf('Start date'));
    expect(start.value).toEqual(new Date('2026-09-01T00:00:00Z'));
    expect(start.numFmt).toBe('yyyy-mm-dd');
    // A content block has no column.
    expect(header).not.toContain('Before you start');
    // The CSV writes the day as it was answered.
    const csv = await t.request('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    const cells = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''));
    expect(cells(lines[1])[cells(lines[0]).indexOf('Start date')]).toBe('2026-09-01');
  });
});

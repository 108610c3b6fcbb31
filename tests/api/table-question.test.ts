import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeAnswers,
  completeProfile,
  onboardedUser,
  programWithForm,
  startApplication,
} from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** The table question type (issue 29 item 3, decision 060) through the API. */
let t: TestApp;
let world: World;
let admin: string;
let programId: string;
let applicationId: string;

const budget: Question = {
  key: 'q_budget',
  type: 'table',
  label: 'Budget',
  required: true,
  columns: [
    { key: 'item', label: 'Item', type: 'text' },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'due', label: 'Due', type: 'date' },
  ],
  minRows: 2,
  maxRows: 3,
  totalColumn: 'amount',
};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Table Grant', type: 'application' },
    { questions: [budget] },
  );
}, 120_000);
afterAll(() => t.close());

describe('table question', () => {
  it('the builder refuses a table without columns or with a total of a text column, naming it', async () => {
    const editor = await t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin });
    expect(editor.status).toBe(200);
    const put = (questions: Question[]) =>
      t.json<any>('PUT', `/api/programs/${programId}/form`, {
        as: admin,
        body: {
          form: {
            questions,
            common: { applyhub: false, coalition: false },
            profile: { enabled: false, sections: {} },
          },
          version: editor.body.version,
        },
      });
    const none = await put([{ ...budget, columns: [] }]);
    expect(none.status, JSON.stringify(none.body)).toBe(422);
    expect(none.body.error.message).toBe('"Budget" needs at least one column.');
    const text = await put([{ ...budget, totalColumn: 'item' }]);
    expect(text.status).toBe(422);
    expect(text.body.error.message).toBe('"Budget": the total must be of a number column.');
  });

  it('refuses a bad cell and too many rows with a message naming the question; stores the total as recomputed', async () => {
    const { cookie } = await onboardedUser(t, 'table@table.test');
    await completeProfile(t, cookie);
    applicationId = await startApplication(t, cookie, programId);
    const save = (answers: Record<string, unknown>, version = 1) =>
      t.json<any>('PUT', `/api/applications/${applicationId}/answers`, {
        as: cookie,
        body: { answers, version },
      });
    const bad = await save({ q_budget: { rows: [{ item: 'Venue', amount: 'lots' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('"Budget": row 1, Amount: enter a number.');
    const badDate = await save({ q_budget: { rows: [{}, { due: '2026-13-01' }] } });
    expect(badDate.status).toBe(422);
    expect(badDate.body.error.message).toBe('"Budget": row 2, Due: enter a date as YYYY-MM-DD.');
    const many = await save({ q_budget: { rows: [{}, {}, {}, {}] } });
    expect(many.status).toBe(422);
    expect(many.body.error.message).toBe('"Budget": add at most 3 rows.');

    // One row is saved (the applicant is still typing), but it cannot be submitted.
    const one = await save({ q_budget: { rows: [{ item: 'Venue', amount: 500, due: '2026-09-01' }, {}] } });
    expect(one.status).toBe(200);
    const early = await t.json<any>('POST', `/api/applications/${applicationId}/submit`, {
      as: cookie,
      body: { answers: one.body.answers, version: one.body.version },
    });
    expect(early.status).toBe(422);
    expect(early.body.error.message).toContain('Budget');

    // The total the client claims is never kept: the server adds the amounts itself.
    const good = await save(
      {
        q_budget: {
          rows: [
            { item: 'Venue', amount: '500', due: '2026-09-01' },
            { item: 'Catering', amount: 750.25, due: '2026-09-02', extra: 'dropped' },
          ],
          total: 99,
        },
      },
      early.body.current.version,
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.answers.q_budget).toEqual({
      rows: [
        { item: 'Venue', amount: 500, due: '2026-09-01' },
        { item: 'Catering', amount: 750.25, due: '2026-09-02' },
      ],
      total: 1250.25,
    });
    const read = await t.json<any>('GET', `/api/applications/${applicationId}`, { as: cookie });
    expect(read.body.answers.q_budget.total).toBe(1250.25);
    const submitted = await t.json<any>('POST', `/api/applications/${applicationId}/submit`, {
      as: cookie,
      body: { answers: good.body.answers, version: good.body.version },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  });

  it('the reviewer sees the table', async () => {
    const res = await t.json<any>('GET', `/api/applications/${applicationId}/review`, {
      as: world.cookies.reviewer,
    });
    expect(res.status).toBe(200);
    expect(res.body.applicant_answers.q_budget.rows).toHaveLength(2);
    expect(res.body.applicant_answers.q_budget.total).toBe(1250.25);
    expect(res.body.application_schema.questions[0]).toMatchObject({ type: 'table', totalColumn: 'amount' });
  });

  it('the export has the rows as text and the total as a number', async () => {
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
    expect(row[header.indexOf('Budget')]).toBe(
      'Item: Venue, Amount: 500, Due: 2026-09-01\nItem: Catering, Amount: 750.25, Due: 2026-09-02',
    );
    expect(row[header.indexOf('Budget (total Amount)')]).toBe(1250.25);
    const csv = await t.request('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    expect(await csv.text()).toContain('1250.25');
  });

  it('the PDF has the rows as lines and the total', async () => {
    const res = await t.request('GET', `/api/applications/${applicationId}/pdf`, { as: admin });
    expect(res.status).toBe(200);
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Item: Venue, Amount: 500, Due: 2026-09-01');
    expect(text).toContain('Item: Catering, Amount: 750.25, Due: 2026-09-02');
    expect(text).toContain('Total: 1,250.25');
  });

  it('the demo Arts Leaders Scholarship (sections, a condition, a budget table) can be filled and submitted', async () => {
    const { cookie } = await onboardedUser(t, 'leader@table.test');
    await completeProfile(t, cookie);
    const id = await startApplication(t, cookie, demoProgramId(14));
    const { answers, version } = await completeAnswers(t, cookie, id, {
      q_fields: ['Visual arts'],
      q_costs: {
        rows: [
          { item: 'Tuition', amount: 4000 },
          { item: 'Materials', amount: 350 },
        ],
      },
    });
    // Visual arts shows the portfolio link: required, so submit without it is refused.
    const { q_portfolio_link: _, ...without } = answers;
    const refused = await t.json<any>('POST', `/api/applications/${id}/submit`, {
      as: cookie,
      body: { answers: without, version },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.problems.required).toEqual(['Link to your online portfolio']);
    const submitted = await t.json<any>('POST', `/api/applications/${id}/submit`, {
      as: cookie,
      body: { answers, version: refused.body.current.version },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.answers.q_costs.total).toBe(4350);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMessages } from '../../src/server/applications/start';
import { applications, screeningResults } from '../../src/server/db/schema';
import { DEFAULT_FAIL_MESSAGE, screeningMessages } from '../../src/shared/domain/screening';
import type { Dashboard } from '../../src/shared/schemas/dashboard';
import type { Question, Screening } from '../../src/shared/schemas/forms';
import {
  completeAnswers,
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  startApplication,
} from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Eligibility screening on the server (issue 29 item 2, decision 061). */
let t: TestApp;
let world: World;
let admin: string;
let programId: string;

const CLOSE = '2026-09-30T20:00:00.000Z';
const questions: Question[] = [{ key: 'q_essay', type: 'long_text', label: 'Why us?', required: true }];
const screening: Screening = {
  questions: [
    { key: 's_resident', type: 'yes_no', label: 'Resident of the state', required: true },
    { key: 's_birth', type: 'date', label: 'Date of birth', required: true },
    { key: 's_income', type: 'number', label: 'Household income', required: true, unit: 'USD' },
  ],
  pass: {
    join: 'all',
    rules: [
      { question: 's_resident', op: 'equals', value: 'yes' },
      { question: 's_birth', op: 'at_least', value: 18, as: 'age_at_close' },
    ],
  },
  failMessage: 'Sorry: this scholarship is for adult residents of the state.',
};
const passing = { s_resident: 'yes', s_birth: '2008-09-30', s_income: 30000 };

const screen = (cookie: string | null, answers: Record<string, unknown>, id = programId) =>
  t.json<any>('POST', `/api/programs/${id}/screening`, { as: cookie, body: { answers } });
const start = (cookie: string, id = programId) =>
  t.json<any>('POST', `/api/programs/${id}/applications`, { as: cookie });
const appRow = async (userId: string, id = programId) =>
  (
    await t.deps.db
      .select()
      .from(applications)
      .where(and(eq(applications.programId, id), eq(applications.userId, userId)))
  )[0];
const resultRow = async (userId: string, id = programId) =>
  (
    await t.deps.db
      .select()
      .from(screeningResults)
      .where(and(eq(screeningResults.programId, id), eq(screeningResults.userId, userId)))
  )[0];

async function applicant(key: string) {
  const u = await onboardedUser(t, `${key}@screening.test`);
  await completeProfile(t, u.cookie);
  return u;
}

/** Publishes a changed live form (the riverside org needs no approval, as in programWithForm). */
async function republish(id: string, change: (form: any) => any) {
  const editor = await okBody(t.json<any>('GET', `/api/programs/${id}/editor`, { as: admin }));
  return t.json<any>('POST', `/api/programs/${id}/publish`, {
    as: admin,
    body: { form: change(editor.form), version: editor.version },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Screened Scholarship', type: 'scholarship', close_at: CLOSE },
    { questions, screening },
  );
}, 120_000);
afterAll(() => t.close());

describe('the screening on the form', () => {
  it('is kept with the form as saved', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    expect(editor.form.screening).toEqual(screening);
  });

  it('refuses a screening it cannot evaluate, naming the rule', async () => {
    const res = await republish(programId, (f) => ({
      ...f,
      screening: {
        ...screening,
        pass: { join: 'all', rules: [{ question: 's_birth', op: 'at_least', value: 18 }] },
      },
    }));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'Screening rule 1: a date question is compared as an age at the close date.',
    );
  });
});

describe('an applicant', () => {
  it('who fails reads the program’s message, and no application is created', async () => {
    const a = await applicant('fails');
    // A birthday the day after the close date: 17 at the close date.
    const res = await screen(a.cookie, { ...passing, s_birth: '2008-10-01' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ passed: false, message: screening.failMessage, application_id: null });
    expect(await appRow(a.id)).toBeUndefined();
    expect((await resultRow(a.id)).failedRules).toEqual([1]);
    // And cannot start one anyway.
    const refused = await start(a.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      message: screeningMessages.required,
      fields: { screening: 'required' },
    });
    expect(await appRow(a.id)).toBeUndefined();
  });

  it('who has not answered cannot start an application', async () => {
    const a = await applicant('skips');
    const res = await start(a.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(screeningMessages.required);
    expect(await appRow(a.id)).toBeUndefined();
  });

  it('must answer every question with a value of its kind', async () => {
    const a = await applicant('partial');
    const res = await screen(a.cookie, { s_resident: 'maybe', s_birth: '2000-01-01' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Resident of the state: choose Yes or No.');
    expect(res.body.error.fields.s_income).toBe('Household income: please answer this question.');
    expect(await resultRow(a.id)).toBeUndefined();
  });

  it('who passes (18 on the close day) gets a draft, the answers kept and shown to admins only', async () => {
    const a = await applicant('passes');
    const res = await screen(a.cookie, passing);
    expect(res.status).toBe(200);
    expect(res.body.passed).toBe(true);
    const draft = await appRow(a.id);
    expect(res.body.application_id).toBe(draft.id);
    expect(draft.status).toBe('draft');
    expect((await resultRow(a.id)).answers).toEqual(passing);
    // Starting again continues the same application.
    expect((await okBody(start(a.cookie))).id).toBe(draft.id);
    const own = await okBody(t.json<any>('GET', `/api/applications/${draft.id}`, { as: a.cookie }));
    expect(own.screening_required).toBe(false);
    expect(own.screening_answers).toBeNull();
    // The program's admin reads them in review as "Screening answers".
    const filled = await completeAnswers(t, a.cookie, draft.id);
    await okBody(t.json('POST', `/api/applications/${draft.id}/submit`, { as: a.cookie, body: filled }));
    const seen = await okBody(t.json<any>('GET', `/api/applications/${draft.id}`, { as: admin }));
    expect(seen.screening_answers).toEqual([
      { question: 'Resident of the state', answer: 'Yes' },
      { question: 'Date of birth', answer: '2008-09-30' },
      { question: 'Household income', answer: '30000 USD' },
    ]);
    const review = await okBody(t.json<any>('GET', `/api/applications/${draft.id}/review`, { as: admin }));
    expect(review.screening_answers).toEqual(seen.screening_answers);
  });

  it('without a screening step and a program without screening: answering is refused', async () => {
    const plain = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Plain', type: 'audition' },
      { questions },
    );
    const a = await applicant('plain');
    expect((await screen(a.cookie, passing, plain)).status).toBe(409);
    expect((await start(a.cookie, plain)).status).toBe(200);
    expect((await screen(null, passing)).status).toBe(401);
  });
});

describe('a changed screening', () => {
  let changed: string;

  it('no longer counts an earlier pass: start and submit are refused until the new one is passed', async () => {
    changed = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Changing Screening', type: 'scholarship', close_at: CLOSE },
      { questions, screening },
    );
    const a = await applicant('changed');
    const passed = await okBody(screen(a.cookie, passing, changed));
    const id = passed.application_id as string;
    const more: Screening = {
      ...screening,
      pass: {
        join: 'all',
        rules: [...screening.pass.rules, { question: 's_income', op: 'at_most', value: 50000 }],
      },
    };
    expect((await republish(changed, (f) => ({ ...f, screening: more }))).status).toBe(200);
    expect((await start(a.cookie, changed)).status).toBe(409);
    const own = await okBody(t.json<any>('GET', `/api/applications/${id}`, { as: a.cookie }));
    expect(own.screening_required).toBe(true);
    const filled = await completeAnswers(t, a.cookie, id);
    const refused = await t.json<any>('POST', `/api/applications/${id}/submit`, {
      as: a.cookie,
      body: filled,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(screeningMessages.required);
    expect((await appRow(a.id, changed)).status).toBe('draft');
    // Passing the new screening continues the same draft, which can then be submitted.
    expect((await okBody(screen(a.cookie, passing, changed))).application_id).toBe(id);
    const again = await completeAnswers(t, a.cookie, id);
    expect(
      (await t.json('POST', `/api/applications/${id}/submit`, { as: a.cookie, body: again })).status,
    ).toBe(200);
  });

  it('added after a draft was started: the draft cannot be submitted without a pass', async () => {
    const later = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Screening Later', type: 'audition' },
      { questions },
    );
    const a = await applicant('early');
    const id = await startApplication(t, a.cookie, later);
    expect((await republish(later, (f) => ({ ...f, screening }))).status).toBe(200);
    const filled = await completeAnswers(t, a.cookie, id);
    const refused = await t.json<any>('POST', `/api/applications/${id}/submit`, {
      as: a.cookie,
      body: filled,
    });
    expect(refused.status).toBe(409);
    expect((await appRow(a.id, later)).status).toBe('draft');
    // Autosave keeps working meanwhile: nothing typed is lost.
    const saved = await t.json('PUT', `/api/applications/${id}/answers`, { as: a.cookie, body: filled });
    expect(saved.status).toBe(200);
    // Without a close date, the age is counted on the day of answering (the test clock: 2026-06-01).
    const young = await okBody(screen(a.cookie, { ...passing, s_birth: '2008-06-02' }, later));
    expect(young).toEqual({ passed: false, message: screening.failMessage, application_id: null });
    // The dashboard says which day the age is counted on.
    const board = await okBody(t.json<Dashboard>('GET', `/api/programs/${later}/dashboard`, { as: admin }));
    expect(board.screening?.by_rule.map((r) => r.rule)).toContain(
      'Age on the day of answering (Date of birth) is at least 18',
    );
    // Failed: the draft still cannot be submitted.
    const again = await completeAnswers(t, a.cookie, id);
    const failed = await t.json<any>('POST', `/api/applications/${id}/submit`, { as: a.cookie, body: again });
    expect(failed.status).toBe(409);
    expect(failed.body.error.fields).toEqual({ screening: 'required' });
    expect((await appRow(a.id, later)).status).toBe('draft');
    expect((await okBody(screen(a.cookie, { ...passing, s_birth: '2008-06-01' }, later))).passed).toBe(true);
    // Passed: now it can.
    const passed = await completeAnswers(t, a.cookie, id);
    expect(
      (await t.json('POST', `/api/applications/${id}/submit`, { as: a.cookie, body: passed })).status,
    ).toBe(200);
  });
});

describe('the dashboard and the copy', () => {
  it('shows how many passed and were screened out, per rule in words, for the current screening', async () => {
    const both = await applicant('both-fail');
    await okBody(screen(both.cookie, { s_resident: 'no', s_birth: '2015-01-01', s_income: 1 }));
    const d = await okBody(t.json<Dashboard>('GET', `/api/programs/${programId}/dashboard`, { as: admin }));
    expect(d.screening).toEqual({
      passed: 1,
      screened_out: 2,
      by_rule: [
        { rule: 'Resident of the state is Yes', failed: 1 },
        { rule: 'Age at the close date (Date of birth) is at least 18', failed: 2 },
      ],
    });
    const coalition = await okBody(
      t.json<any>('GET', `/api/coalitions/${world.slugs.coalition}/programs/${programId}/dashboard`, {
        as: world.cookies.coalitionManager,
      }),
    );
    expect(coalition.screening).toEqual(d.screening);
    const plain = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'No screening', type: 'audition' },
      { questions },
    );
    expect(
      (await okBody(t.json<Dashboard>('GET', `/api/programs/${plain}/dashboard`, { as: admin }))).screening,
    ).toBeNull();
  });

  it('a default message when the admin sets none', async () => {
    const { failMessage: _, ...plainScreening } = screening;
    const id = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Default Message', type: 'audition' },
      { questions, screening: plainScreening },
    );
    const a = await applicant('default');
    expect((await okBody(screen(a.cookie, { ...passing, s_resident: 'no' }, id))).message).toBe(
      DEFAULT_FAIL_MESSAGE,
    );
  });

  it('a copy of the program keeps its screening', async () => {
    const copy = await okBody(t.json<any>('POST', `/api/programs/${programId}/copy`, { as: admin }));
    const editor = await okBody(t.json<any>('GET', `/api/programs/${copy.id}/editor`, { as: admin }));
    expect(editor.form.screening).toEqual(screening);
  });

  it('an erased account loses its screening answers; the outcome stays in the counts', async () => {
    const a = await applicant('erased');
    await okBody(screen(a.cookie, { ...passing, s_resident: 'no' }));
    const before = await okBody(
      t.json<Dashboard>('GET', `/api/programs/${programId}/dashboard`, { as: admin }),
    );
    const res = await t.json('POST', '/api/me/account/delete', {
      as: a.cookie,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    const row = await resultRow(a.id);
    expect(row.answers).toEqual({});
    expect(row.failedRules).toEqual([0]);
    const after = await okBody(
      t.json<Dashboard>('GET', `/api/programs/${programId}/dashboard`, { as: admin }),
    );
    expect(after.screening).toEqual(before.screening);
  });
});

describe('after the close', () => {
  it('an applicant whose own deadline still runs answers for their draft, then submits; nobody else answers', async () => {
    const closing = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Screening After Close', type: 'scholarship', close_at: CLOSE },
      { questions },
    );
    const a = await applicant('extended');
    const id = await startApplication(t, a.cookie, closing);
    expect((await republish(closing, (f) => ({ ...f, screening }))).status).toBe(200);
    const late = await applicant('no-draft');
    try {
      t.clock.set(new Date(new Date(CLOSE).getTime() + 24 * 3_600_000));
      // Closed for everyone: answering is refused.
      expect((await screen(a.cookie, passing, closing)).status).toBe(409);
      // The organization gives this applicant more time: now they can answer, and then submit.
      const extended = await t.json('POST', `/api/programs/${closing}/personal-deadlines`, {
        as: admin,
        body: {
          application_ids: [id],
          close_at: new Date(new Date(CLOSE).getTime() + 72 * 3_600_000).toISOString(),
        },
      });
      expect(extended.status).toBe(200);
      expect(await okBody(screen(a.cookie, passing, closing))).toEqual({
        passed: true,
        message: null,
        application_id: id,
      });
      const filled = await completeAnswers(t, a.cookie, id);
      expect(
        (await t.json('POST', `/api/applications/${id}/submit`, { as: a.cookie, body: filled })).status,
      ).toBe(200);
      // Someone without a draft (or with a submitted application) is still refused.
      const refused = await screen(late.cookie, passing, closing);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(startMessages.closed);
      expect((await screen(a.cookie, passing, closing)).status).toBe(409);
    } finally {
      t.clock.set(new Date('2026-06-01T12:00:00Z'));
    }
  });
});

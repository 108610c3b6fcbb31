import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, files } from '../../src/server/db/schema';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  startApplication,
  uploadFile,
} from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Conditional questions on the server (issue 29 item 1, decision 057). */
let t: TestApp;
let world: World;
let admin: string;
let programId: string;

const questions: Question[] = [
  {
    key: 'q_instrument',
    type: 'select',
    label: 'Instrument',
    required: true,
    options: ['Violin', 'Viola', 'Piano'],
  },
  {
    key: 'q_strings',
    type: 'short_text',
    label: 'Which strings?',
    required: true,
    showIf: { join: 'all', rules: [{ question: 'q_instrument', op: 'one_of', value: ['Violin', 'Viola'] }] },
  },
  {
    key: 'q_recording',
    type: 'file',
    label: 'Violin recording',
    required: false,
    showIf: { join: 'all', rules: [{ question: 'q_instrument', op: 'equals', value: 'Violin' }] },
  },
  { key: 'q_why', type: 'long_text', label: 'Why us?', required: false },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Conditional Strings', type: 'audition' },
    { questions },
  );
}, 120_000);
afterAll(() => t.close());

async function applicant(email: string) {
  const { cookie } = await onboardedUser(t, email);
  await completeProfile(t, cookie);
  const id = await startApplication(t, cookie, programId);
  return { cookie, id };
}

const stored = async (id: string) =>
  (await t.deps.db.select().from(applications).where(eq(applications.id, id)))[0];

const send = (
  kind: 'save' | 'submit',
  cookie: string,
  id: string,
  answers: Record<string, unknown>,
  version: number,
) =>
  kind === 'save'
    ? t.json<any>('PUT', `/api/applications/${id}/answers`, { as: cookie, body: { answers, version } })
    : t.json<any>('POST', `/api/applications/${id}/submit`, { as: cookie, body: { answers, version } });

describe('the form', () => {
  it('keeps its conditions as saved', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    expect(editor.form.questions[1].showIf).toEqual(questions[1].showIf);
  });

  it('refuses a reference to a later question and a circle, naming the question', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    const later: Question[] = [
      { ...questions[1], showIf: { join: 'all', rules: [{ question: 'q_late', op: 'equals', value: 'A' }] } },
      { key: 'q_late', type: 'select', label: 'Late', required: false, options: ['A'] },
    ];
    const res = await t.json<any>('PUT', `/api/programs/${programId}/form`, {
      as: admin,
      body: { form: { ...editor.form, questions: later }, version: editor.version },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      '"Which strings?" depends on "Late", which comes after it. A question can only depend on earlier questions.',
    );
    const circle: Question[] = [
      {
        key: 'a',
        type: 'select',
        label: 'A',
        required: false,
        options: ['x'],
        showIf: { join: 'all', rules: [{ question: 'b', op: 'equals', value: 'x' }] },
      },
      {
        key: 'b',
        type: 'select',
        label: 'B',
        required: false,
        options: ['x'],
        showIf: { join: 'all', rules: [{ question: 'a', op: 'equals', value: 'x' }] },
      },
    ];
    const res2 = await t.json<any>('PUT', `/api/programs/${programId}/form`, {
      as: admin,
      body: { form: { ...editor.form, questions: circle }, version: editor.version },
    });
    expect(res2.status).toBe(422);
    expect(res2.body.error.message).toBe(
      '"A" and "B" depend on each other in a circle. Remove one of their conditions.',
    );
  });
});

describe('answers to hidden questions', () => {
  it('are dropped on save, not stored', async () => {
    const { cookie, id } = await applicant('hidden-save@conditions.test');
    const res = await send(
      'save',
      cookie,
      id,
      { q_instrument: 'Piano', q_strings: 'G and D', q_why: 'Music' },
      1,
    );
    expect(res.status).toBe(200);
    expect(res.body.answers).toEqual({ q_instrument: 'Piano', q_why: 'Music' });
    expect((await stored(id)).answers).toEqual({ q_instrument: 'Piano', q_why: 'Music' });
    // Shown: kept.
    const shown = await send(
      'save',
      cookie,
      id,
      { q_instrument: 'Viola', q_strings: 'G and D' },
      res.body.version,
    );
    expect((await stored(id)).answers).toEqual({ q_instrument: 'Viola', q_strings: 'G and D' });
    expect(shown.body.answers).toEqual({ q_instrument: 'Viola', q_strings: 'G and D' });
  });

  it('a hidden required question does not block submit; a shown one does', async () => {
    const { cookie, id } = await applicant('hidden-required@conditions.test');
    const refused = await send('submit', cookie, id, { q_instrument: 'Violin' }, 1);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Please complete the following required fields: Which strings?');
    const accepted = await send(
      'submit',
      cookie,
      id,
      { q_instrument: 'Piano', q_strings: 'sent anyway' },
      refused.body.current.version,
    );
    expect(accepted.status).toBe(200);
    const row = await stored(id);
    expect(row.status).toBe('submitted');
    expect(row.answers).toEqual({ q_instrument: 'Piano' });
  });

  it('files of a question hidden at submit are removed', async () => {
    const { cookie, id } = await applicant('hidden-file@conditions.test');
    const file = await uploadFile(t, cookie, 'answer', { applicationId: id, fieldKey: 'q_recording' });
    const saved = await send(
      'save',
      cookie,
      id,
      { q_instrument: 'Violin', q_strings: 'E', q_recording: file },
      1,
    );
    expect(saved.body.answers.q_recording.filePath).toBe(file.filePath);
    expect(await t.deps.storage.exists(file.filePath)).toBe(true);
    const done = await send(
      'submit',
      cookie,
      id,
      { q_instrument: 'Viola', q_strings: 'E', q_recording: file },
      saved.body.version,
    );
    expect(done.status).toBe(200);
    expect(done.body.answers).toEqual({ q_instrument: 'Viola', q_strings: 'E' });
    expect(await t.deps.db.select().from(files).where(eq(files.path, file.filePath))).toEqual([]);
    expect(await t.deps.storage.exists(file.filePath)).toBe(false);
  });

  it('a file of a shown question stays at submit', async () => {
    const { cookie, id } = await applicant('shown-file@conditions.test');
    const file = await uploadFile(t, cookie, 'answer', { applicationId: id, fieldKey: 'q_recording' });
    const done = await send(
      'submit',
      cookie,
      id,
      { q_instrument: 'Violin', q_strings: 'E', q_recording: file },
      1,
    );
    expect(done.status).toBe(200);
    expect(await t.deps.storage.exists(file.filePath)).toBe(true);
  });

  it('stored before a condition hid them, they are never shown to reviewers, exported or printed', async () => {
    const { cookie, id } = await applicant('legacy@conditions.test');
    await send('submit', cookie, id, { q_instrument: 'Piano' }, 1);
    // As if the answer had been kept before the form gained its condition.
    await t.deps.db
      .update(applications)
      .set({ answers: { q_instrument: 'Piano', q_strings: 'LEGACY-HIDDEN' } })
      .where(eq(applications.id, id));
    for (const who of [admin, world.cookies.reviewer as string]) {
      const app = await okBody(t.json<any>('GET', `/api/applications/${id}`, { as: who }));
      expect(app.answers).toEqual({ q_instrument: 'Piano' });
    }
    const review = await okBody(t.json<any>('GET', `/api/applications/${id}/review`, { as: admin }));
    expect(JSON.stringify(review)).not.toContain('LEGACY-HIDDEN');
    await t.request('POST', '/api/me/personal-data-notice', { as: admin });
    const csv = await t.request('GET', `/api/programs/${programId}/exports/applications?format=csv`, {
      as: admin,
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Piano');
    expect(text).not.toContain('LEGACY-HIDDEN');
    // Nor printed in the application's PDF.
    const pdf = await t.request('GET', `/api/applications/${id}/pdf`, { as: admin });
    expect(pdf.status).toBe(200);
    const printed = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(printed).toContain('Piano');
    expect(printed).not.toContain('LEGACY-HIDDEN');
  });

  it('the program dashboard counts only the required questions shown to each drafter', async () => {
    const { cookie, id } = await applicant('dashboard@conditions.test');
    await send('save', cookie, id, { q_instrument: 'Piano' }, 1);
    const dash = await okBody(t.json<any>('GET', `/api/programs/${programId}/dashboard`, { as: admin }));
    const item = dash.drafts.items.find((d: { application_id: string }) => d.application_id === id);
    expect(item).toMatchObject({ required_answered: 1, required_total: 1 });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, files } from '../../src/server/db/schema';
import type { ApplicationForm, Question } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  startApplication,
  uploadFile,
} from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Conditions on sections on the server (issue 29 items 1 and 4, decision 062). */
let t: TestApp;
let world: World;
let admin: string;
let programId: string;

const sections: NonNullable<ApplicationForm['sections']> = [
  { key: 's_about', title: 'About you' },
  {
    key: 's_strings',
    title: 'String players',
    showIf: { join: 'all', rules: [{ question: 'q_instrument', op: 'one_of', value: ['Violin', 'Viola'] }] },
  },
  { key: 's_end', title: 'Last words' },
];
const questions: Question[] = [
  {
    key: 'q_instrument',
    type: 'select',
    label: 'Instrument',
    required: true,
    options: ['Violin', 'Viola', 'Piano'],
    section: 's_about',
  },
  { key: 'q_bowing', type: 'short_text', label: 'Bowing', required: true, section: 's_strings' },
  { key: 'q_recording', type: 'file', label: 'Recording', required: false, section: 's_strings' },
  { key: 'q_why', type: 'long_text', label: 'Why us?', required: false, section: 's_end' },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Sectioned Strings', type: 'audition' },
    { questions, sections },
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
  it('keeps a section condition as saved', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    expect(editor.form.sections[1].showIf).toEqual(sections[1].showIf);
  });

  it('refuses a section depending on its own question or a later one, naming the section', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    const own = sections.map((s) =>
      s.key === 's_about'
        ? {
            ...s,
            showIf: { join: 'all', rules: [{ question: 'q_instrument', op: 'equals', value: 'Piano' }] },
          }
        : s,
    );
    const res = await t.json<any>('PUT', `/api/programs/${programId}/form`, {
      as: admin,
      body: { form: { ...editor.form, sections: own }, version: editor.version },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'Section "About you" cannot depend on "Instrument", a question inside it. A section can only depend on questions of earlier sections.',
    );
    const later = sections.map((s) =>
      s.key === 's_strings'
        ? { ...s, showIf: { join: 'all', rules: [{ question: 'q_why', op: 'equals', value: 'x' }] } }
        : s,
    );
    const res2 = await t.json<any>('PUT', `/api/programs/${programId}/form`, {
      as: admin,
      body: { form: { ...editor.form, sections: later }, version: editor.version },
    });
    expect(res2.status).toBe(422);
    expect(res2.body.error.message).toBe(
      'Section "String players" depends on "Why us?", which is not in an earlier section. A section can only depend on questions of earlier sections.',
    );
  });
});

describe('answers in a hidden section', () => {
  it('are dropped on save, not stored; kept once the section shows', async () => {
    const { cookie, id } = await applicant('hidden-section-save@sections.test');
    const res = await send('save', cookie, id, { q_instrument: 'Piano', q_bowing: 'Up', q_why: 'Music' }, 1);
    expect(res.status).toBe(200);
    expect(res.body.answers).toEqual({ q_instrument: 'Piano', q_why: 'Music' });
    expect((await stored(id)).answers).toEqual({ q_instrument: 'Piano', q_why: 'Music' });
    const shown = await send('save', cookie, id, { q_instrument: 'Viola', q_bowing: 'Up' }, res.body.version);
    expect(shown.body.answers).toEqual({ q_instrument: 'Viola', q_bowing: 'Up' });
    expect((await stored(id)).answers).toEqual({ q_instrument: 'Viola', q_bowing: 'Up' });
  });

  it('a required question of a hidden section does not block submit; of a shown section it does', async () => {
    const { cookie, id } = await applicant('hidden-section-required@sections.test');
    const refused = await send('submit', cookie, id, { q_instrument: 'Violin' }, 1);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Please complete the following required fields: Bowing');
    const accepted = await send(
      'submit',
      cookie,
      id,
      { q_instrument: 'Piano', q_bowing: 'sent anyway' },
      refused.body.current.version,
    );
    expect(accepted.status).toBe(200);
    const row = await stored(id);
    expect(row.status).toBe('submitted');
    expect(row.answers).toEqual({ q_instrument: 'Piano' });
  });

  it('files of a section hidden at submit are removed', async () => {
    const { cookie, id } = await applicant('hidden-section-file@sections.test');
    const file = await uploadFile(t, cookie, 'answer', { applicationId: id, fieldKey: 'q_recording' });
    const saved = await send(
      'save',
      cookie,
      id,
      { q_instrument: 'Violin', q_bowing: 'Up', q_recording: file },
      1,
    );
    expect(saved.body.answers.q_recording.filePath).toBe(file.filePath);
    const done = await send(
      'submit',
      cookie,
      id,
      { q_instrument: 'Piano', q_bowing: 'Up', q_recording: file },
      saved.body.version,
    );
    expect(done.status).toBe(200);
    expect(done.body.answers).toEqual({ q_instrument: 'Piano' });
    expect(await t.deps.db.select().from(files).where(eq(files.path, file.filePath))).toEqual([]);
    expect(await t.deps.storage.exists(file.filePath)).toBe(false);
  });

  it('a reference letter question of a hidden section does not block submit; of a shown section it does', async () => {
    const lettered = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Sectioned Letters', type: 'audition' },
      {
        sections,
        questions: [
          questions[0],
          {
            key: 'q_refs',
            type: 'reference_letter',
            label: 'Teacher letters',
            required: false,
            minLetters: 1,
            maxLetters: 2,
            provides: 'either',
            submitBeforeLetters: true,
            section: 's_strings',
          },
          questions[3],
        ],
      },
    );
    const { cookie } = await onboardedUser(t, 'hidden-section-letters@sections.test');
    await completeProfile(t, cookie);
    const id = await startApplication(t, cookie, lettered);
    const refused = await send('submit', cookie, id, { q_instrument: 'Viola' }, 1);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Please complete the following required fields: Teacher letters');
    const accepted = await send(
      'submit',
      cookie,
      id,
      { q_instrument: 'Piano' },
      refused.body.current.version,
    );
    expect(accepted.status).toBe(200);
    expect((await stored(id)).status).toBe('submitted');
  });

  it('stored before the section gained its condition, they are never shown to reviewers', async () => {
    const { cookie, id } = await applicant('legacy-section@sections.test');
    await send('submit', cookie, id, { q_instrument: 'Piano' }, 1);
    await t.deps.db
      .update(applications)
      .set({ answers: { q_instrument: 'Piano', q_bowing: 'LEGACY-HIDDEN' } })
      .where(eq(applications.id, id));
    for (const who of [admin, world.cookies.reviewer as string]) {
      const app = await okBody(t.json<any>('GET', `/api/applications/${id}`, { as: who }));
      expect(app.answers).toEqual({ q_instrument: 'Piano' });
    }
    const review = await okBody(t.json<any>('GET', `/api/applications/${id}/review`, { as: admin }));
    expect(JSON.stringify(review)).not.toContain('LEGACY-HIDDEN');
  });
});

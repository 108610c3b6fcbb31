import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question, Section } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  startApplication,
} from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Sections (pages) of a form (issue 29 item 4). */
let t: TestApp;
let world: World;
let admin: string;
let programId: string;

const sections: Section[] = [
  { key: 'about', title: 'About you' },
  { key: 'music', title: 'Your music' },
];
const questions: Question[] = [
  { key: 'q_name', type: 'short_text', label: 'Stage name', required: true, section: 'about' },
  { key: 'q_piece', type: 'short_text', label: 'Your piece', required: true, section: 'music' },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Sectioned Program', type: 'audition' },
    { questions, sections },
  );
}, 120_000);
afterAll(() => t.close());

describe('sections', () => {
  it('are kept with the form and reach the applicant', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    expect(editor.form.sections).toEqual(sections);
    expect(editor.form.questions.map((q: Question) => q.section)).toEqual(['about', 'music']);
    const { cookie } = await onboardedUser(t, 'pages@sections.test');
    await completeProfile(t, cookie);
    const id = await startApplication(t, cookie, programId);
    const app = await okBody(t.json<any>('GET', `/api/applications/${id}`, { as: cookie }));
    expect(app.program.form.sections).toEqual(sections);
    // Submit checks every section: the second page's required answer is missing.
    const refused = await t.json<any>('POST', `/api/applications/${id}/submit`, {
      as: cookie,
      body: { answers: { q_name: 'Ada' }, version: app.version },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.problems.required).toEqual(['Your piece']);
  });

  it('a question without a section is refused, naming it', async () => {
    const editor = await okBody(t.json<any>('GET', `/api/programs/${programId}/editor`, { as: admin }));
    const res = await t.json<any>('PUT', `/api/programs/${programId}/form`, {
      as: admin,
      body: {
        form: {
          ...editor.form,
          questions: [...questions, { key: 'q_x', type: 'date', label: 'Loose', required: false }],
        },
        version: editor.version,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('"Loose" needs a section.');
  });
});

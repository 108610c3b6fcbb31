import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, programs } from '../../src/server/db/schema';
import type { Question } from '../../src/shared/schemas/forms';
import { okBody, programWithForm, submittedApplication } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Copy a program (issue 29 item 5). */
let t: TestApp;
let world: World;
let admin: string;
let sourceId: string;

const questions: Question[] = [
  { key: 'q_instrument', type: 'select', label: 'Instrument', required: true, options: ['Violin', 'Piano'] },
  {
    key: 'q_strings',
    type: 'short_text',
    label: 'Which strings?',
    required: true,
    showIf: { join: 'all', rules: [{ question: 'q_instrument', op: 'equals', value: 'Violin' }] },
  },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  sourceId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Spring Strings', type: 'audition', description: 'For string players.' },
    { questions },
  );
  await okBody(
    t.json('PUT', `/api/programs/${sourceId}/review-form`, {
      as: admin,
      body: { show_score: true, show_comments: false, show_decision: true, decision_options: ['yes', 'no'] },
    }),
  );
  await okBody(
    t.json('PUT', `/api/programs/${sourceId}/scoring`, {
      as: admin,
      body: {
        mode: 'independent',
        sheet_visibility: 'never',
        blind: true,
        hidden_questions: ['q_strings'],
        criteria: [{ key: 'tone', name: 'Tone', min: 1, max: 5, weight: 2, counts: true }],
        version: 0,
      },
    }),
  );
  await submittedApplication(t, 'copy.applicant@copy.test', sourceId, { answers: { q_instrument: 'Piano' } });
}, 180_000);
afterAll(() => t.close());

const copy = (id: string, as: string | null) => t.json<any>('POST', `/api/programs/${id}/copy`, { as });

describe('copy a program', () => {
  it('makes a new draft with the same form, reviewer form and review settings, and nothing else', async () => {
    const made = await okBody(copy(sourceId, admin));
    expect(made.id).not.toBe(sourceId);
    expect(made).toMatchObject({
      name: 'Spring Strings (copy)',
      review_status: 'draft',
      published: false,
      open_at: null,
      close_at: null,
    });
    const editor = await okBody(t.json<any>('GET', `/api/programs/${made.id}/editor`, { as: admin }));
    expect(editor.form.questions).toEqual(questions);
    expect(editor.description).toBe('For string players.');
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${made.id}/review-form`, { as: admin })),
    ).toMatchObject({
      show_comments: false,
      show_decision: true,
      decision_options: ['yes', 'no'],
    });
    expect(await okBody(t.json<any>('GET', `/api/programs/${made.id}/scoring`, { as: admin }))).toMatchObject(
      {
        mode: 'independent',
        sheet_visibility: 'never',
        blind: true,
        hidden_questions: ['q_strings'],
        criteria: [{ key: 'tone', name: 'Tone', min: 1, max: 5, weight: 2 }],
        scores_saved: false,
      },
    );
    expect(await t.deps.db.select().from(applications).where(eq(applications.programId, made.id))).toEqual(
      [],
    );
    expect(
      await t.deps.db.select().from(applications).where(eq(applications.programId, sourceId)),
    ).toHaveLength(1);
    const [row] = await t.deps.db.select().from(programs).where(eq(programs.id, made.id));
    expect(row.publishedAt).toBeNull();
    expect(row.slug).toBeNull();
  });

  it('its coalition manager copies it; another organization, a reviewer and an applicant cannot', async () => {
    expect((await copy(sourceId, world.cookies.coalitionManager)).status).toBe(200);
    for (const who of ['otherOrgAdmin', 'reviewer', 'applicant', 'otherCoalitionManager'] as const) {
      const before = await t.deps.db.select({ id: programs.id }).from(programs);
      const res = await copy(sourceId, world.cookies[who]);
      expect(res.status, who).toBe(404);
      expect(await t.deps.db.select({ id: programs.id }).from(programs)).toHaveLength(before.length);
    }
    expect((await copy(sourceId, null)).status).toBe(401);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, programs, stageInvitations } from '../../src/server/db/schema';
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
  // Settings of other areas (issues 31, 33 and the letters and messages): a grace period, retention,
  // letters for blind reviewers and reviewers writing in the threads.
  await okBody(t.json('PUT', `/api/programs/${sourceId}/grace-period`, { as: admin, body: { minutes: 90 } }));
  const schedule = await okBody(t.json<any>('GET', `/api/programs/${sourceId}/schedule`, { as: admin }));
  await okBody(
    t.json('PUT', `/api/programs/${sourceId}/schedule`, {
      as: admin,
      body: {
        open_at: schedule.open_at,
        close_at: '2026-09-30T20:00:00.000Z',
        reminder_hours: schedule.reminder_hours,
        retention_months: 18,
        version: schedule.version,
      },
    }),
  );
  await okBody(
    t.json('PUT', `/api/programs/${sourceId}/letter-settings`, {
      as: admin,
      body: { blind_reviewers_see_letters: true },
    }),
  );
  await okBody(
    t.json('PUT', `/api/programs/${sourceId}/message-settings`, {
      as: admin,
      body: { reviewers_may_write: true },
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
    // The settings come along; the dates do not.
    expect(await okBody(t.json<any>('GET', `/api/programs/${made.id}/grace-period`, { as: admin }))).toEqual({
      minutes: 90,
    });
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${made.id}/schedule`, { as: admin })),
    ).toMatchObject({ open_at: null, close_at: null, retention_months: 18 });
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${made.id}/letter-settings`, { as: admin })),
    ).toEqual({ blind_reviewers_see_letters: true });
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${made.id}/message-settings`, { as: admin })),
    ).toEqual({ reviewers_may_write: true });
  });

  it('a copy of a program that needs a super admin’s approval needs it too', async () => {
    const flagged = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Flagged Brass', type: 'audition' },
      { questions },
    );
    const plain = await okBody(copy(flagged, admin));
    expect(plain.requires_super_approval).toBe(false);
    await okBody(
      t.json('POST', `/api/programs/${flagged}/request-changes`, {
        as: world.cookies.superAdmin,
        body: { note: 'Please add an essay question.' },
      }),
    );
    const made = await okBody(copy(flagged, admin));
    expect(made).toMatchObject({ review_status: 'draft', requires_super_approval: true });
    // Publishing it submits it for approval; it does not go live.
    const editor = await okBody(t.json<any>('GET', `/api/programs/${made.id}/editor`, { as: admin }));
    const published = await okBody(
      t.json<any>('POST', `/api/programs/${made.id}/publish`, {
        as: admin,
        body: { form: editor.form, version: editor.version },
      }),
    );
    expect(published.outcome).toBe('submitted');
    const [row] = await t.deps.db.select().from(programs).where(eq(programs.id, made.id));
    expect(row).toMatchObject({ published: false, reviewStatus: 'submitted' });
  });

  it('copies a deleted program and a copy of a program without settings has none', async () => {
    const plain = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Plain Winds', type: 'audition' },
      { questions },
    );
    expect((await t.json('DELETE', `/api/programs/${plain}`, { as: admin })).status).toBe(200);
    const made = await okBody(copy(plain, admin));
    expect(made).toMatchObject({ name: 'Plain Winds (copy)', review_status: 'draft' });
    expect(await okBody(t.json<any>('GET', `/api/programs/${made.id}/grace-period`, { as: admin }))).toEqual({
      minutes: 0,
    });
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${made.id}/letter-settings`, { as: admin })),
    ).toEqual({ blind_reviewers_see_letters: false });
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${made.id}/message-settings`, { as: admin })),
    ).toEqual({ reviewers_may_write: false });
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

/** Programs in stages (decision 066): stage 1 copies the chain; a later stage alone is an ordinary program. */
describe('copy a program in stages', () => {
  const proposal: Question[] = [
    {
      key: 'q_instrument',
      type: 'select',
      label: 'Instrument',
      required: true,
      options: ['Violin', 'Piano'],
    },
    { key: 'q_plan', type: 'long_text', label: 'Project plan', required: true },
  ];
  let root = '';
  let stage2 = '';

  beforeAll(async () => {
    root = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Youth Grants', type: 'scholarship' },
      { questions },
    );
    const add = (body: unknown) =>
      okBody(t.json<any>('POST', `/api/programs/${root}/stages`, { as: admin, body }));
    stage2 = (await add({ name: 'Full proposal', copy_reviewer_form: false, show_previous_scores: true })).id;
    const editor = await okBody(t.json<any>('GET', `/api/programs/${stage2}/editor`, { as: admin }));
    await okBody(
      t.json('POST', `/api/programs/${stage2}/publish`, {
        as: admin,
        body: { form: { ...editor.form, questions: proposal }, version: editor.version, editor: 'org' },
      }),
    );
    await okBody(
      t.json('PUT', `/api/programs/${stage2}/review-form`, {
        as: admin,
        body: {
          show_score: true,
          show_comments: true,
          show_decision: true,
          decision_options: ['fund', 'decline'],
        },
      }),
    );
    await okBody(
      t.json('PUT', `/api/programs/${stage2}/scoring`, {
        as: admin,
        body: {
          mode: 'independent',
          sheet_visibility: 'never',
          blind: false,
          hidden_questions: [],
          criteria: [{ key: 'impact', name: 'Impact', min: 1, max: 10, weight: 1, counts: true }],
          version: 0,
        },
      }),
    );
    // Stage 3 is deleted; stage 4 stays: the copy has stages 1, 2 and 3 (numbered again).
    const stage3 = (await add({ name: 'Audition' })).id;
    await okBody(t.json('DELETE', `/api/programs/${stage3}`, { as: admin }));
    await add({ name: 'Interview' });
    // Someone applied and was invited: invitations and applications stay with the source.
    const applicant = await submittedApplication(t, 'youth.applicant@copy.test', root, {
      answers: { q_instrument: 'Piano' },
    });
    await okBody(
      t.json('POST', `/api/programs/${root}/invitations`, {
        as: admin,
        body: { application_ids: [applicant.id] },
      }),
    );
  }, 180_000);

  const stagesOf = async (id: string) =>
    (await okBody(t.json<any>('GET', `/api/programs/${id}/stages`, { as: admin }))).items as any[];

  it('copying stage 1 copies the chain: each stage from its own form and settings, no applications', async () => {
    const made = await okBody(copy(root, admin));
    expect(made).toMatchObject({ name: 'Youth Grants (copy)', parent_program_id: null, stage_number: 1 });
    const chain = await stagesOf(made.id);
    expect(chain.map((s) => [s.stage_number, s.name, s.review_status, s.published, s.invited])).toEqual([
      [1, 'Youth Grants (copy)', 'draft', false, 0],
      [2, 'Full proposal', 'draft', false, 0],
      [3, 'Interview', 'draft', false, 0],
    ]);
    expect(chain[1].show_previous_scores).toBe(true);
    expect(chain[2].show_previous_scores).toBe(false);
    const copied2 = chain[1].id;
    // Stage 2's own form, reviewer form and rubric, not stage 1's.
    const editor = await okBody(t.json<any>('GET', `/api/programs/${copied2}/editor`, { as: admin }));
    expect(editor.form.questions).toEqual(proposal);
    expect(editor).toMatchObject({ parent_program_id: made.id, stage_number: 2, open_at: null });
    expect(
      await okBody(t.json<any>('GET', `/api/programs/${copied2}/review-form`, { as: admin })),
    ).toMatchObject({ decision_options: ['fund', 'decline'] });
    expect(await okBody(t.json<any>('GET', `/api/programs/${copied2}/scoring`, { as: admin }))).toMatchObject(
      {
        mode: 'independent',
        criteria: [{ key: 'impact', name: 'Impact' }],
      },
    );
    const ids = chain.map((s) => s.id);
    expect(await t.deps.db.select().from(applications).where(inArray(applications.programId, ids))).toEqual(
      [],
    );
    expect(
      await t.deps.db.select().from(stageInvitations).where(inArray(stageInvitations.stageProgramId, ids)),
    ).toEqual([]);
    // The source chain is as it was (its deleted stage included).
    expect((await stagesOf(root)).map((s) => s.name)).toEqual([
      'Youth Grants',
      'Full proposal',
      'Audition',
      'Interview',
    ]);
    expect((await stagesOf(root))[1].invited).toBe(1);
    // Each copied stage is audited as a stage added; the copy as a program created.
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stage.added'), inArray(auditLog.targetId, ids)));
    expect(audits.map((a) => a.summary).sort()).toEqual([
      'stage 2 of Youth Grants (copy); copy of stage 2 of Youth Grants',
      'stage 3 of Youth Grants (copy); copy of stage 4 of Youth Grants',
    ]);
    const [created] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'program.created'), eq(auditLog.targetId, made.id)));
    expect(created.summary).toBe('copy of Youth Grants with its 3 stages');
  });

  it('copying a later stage alone makes an ordinary program of it', async () => {
    const made = await okBody(copy(stage2, admin));
    expect(made).toMatchObject({ name: 'Full proposal (copy)', parent_program_id: null, stage_number: 1 });
    expect((await stagesOf(made.id)).map((s) => s.name)).toEqual(['Full proposal (copy)']);
    const editor = await okBody(t.json<any>('GET', `/api/programs/${made.id}/editor`, { as: admin }));
    expect(editor.form.questions).toEqual(proposal);
    // Not added to the source chain.
    expect(await stagesOf(root)).toHaveLength(4);
  });

  it('refuses a stage’s copy to those who may not copy its program', async () => {
    for (const who of ['otherOrgAdmin', 'reviewer', 'applicant', 'otherCoalitionManager'] as const) {
      const before = await t.deps.db.select({ id: programs.id }).from(programs);
      for (const id of [root, stage2]) expect((await copy(id, world.cookies[who])).status, who).toBe(404);
      expect(await t.deps.db.select({ id: programs.id }).from(programs)).toHaveLength(before.length);
    }
    expect((await copy(stage2, null)).status).toBe(401);
  });
});

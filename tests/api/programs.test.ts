import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programEvents, programs } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import type { ApplicationForm } from '../../src/shared/schemas/forms';
import {
  adminProgramSchema,
  previewSchema,
  programEditorSchema,
  saveResultSchema,
  transitionResultSchema,
} from '../../src/shared/schemas/programs';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;
let superAdmin: string;
let applicant: string;
let coalition: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  admin = await t.signIn('admin@demo.test');
  superAdmin = await t.signIn('super@demo.test');
  applicant = await t.signIn('applicant@demo.test');
  coalition = await t.signIn('coalition@demo.test');
  otherAdmin = await t.signIn('other.admin@example.test');
  await t.request('POST', '/api/me/onboarding', { as: otherAdmin, body: { accept_terms: true } });
}, 120_000);
afterAll(() => t.close());

const question = (key: string, over: Partial<ApplicationForm['questions'][number]> = {}) => ({
  key,
  type: 'short_text' as const,
  label: `Question ${key}`,
  required: false,
  ...over,
});
const form = (...questions: ApplicationForm['questions']): ApplicationForm => ({
  questions,
  common: { applyhub: false, coalition: false },
  profile: { enabled: true, sections: { writing: false } },
});

async function editor(id: string, as = admin) {
  const res = await t.json('GET', `/api/programs/${id}/editor`, { as });
  expect(res.status).toBe(200);
  return programEditorSchema.parse(res.body);
}

async function createDraft(name: string, body: Record<string, unknown> = {}) {
  const res = await t.json('POST', '/api/orgs/riverside-arts/programs', {
    as: admin,
    body: { name, ...body },
  });
  expect(res.status).toBe(200);
  return adminProgramSchema.parse(res.body);
}

describe('drafts', () => {
  it('creates a draft: unpublished, type audition by default, an event recorded', async () => {
    const draft = await createDraft('  Spring Recital  ', { description: 'Recital', open_at: null });
    expect(draft).toMatchObject({
      name: 'Spring Recital',
      type: 'audition',
      review_status: 'draft',
      published: false,
    });
    const events = await t.deps.db.select().from(programEvents).where(eq(programEvents.programId, draft.id));
    expect(events.map((e) => e.kind)).toEqual(['created']);
  });

  it('requires a name and refuses a close date before the open date, changing nothing', async () => {
    const before = (await t.json('GET', '/api/orgs/riverside-arts/programs', { as: admin })).body.total;
    const noName = await t.json('POST', '/api/orgs/riverside-arts/programs', {
      as: admin,
      body: { name: '  ' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe('Program name is required.');
    const backwards = await t.json('POST', '/api/orgs/riverside-arts/programs', {
      as: admin,
      body: { name: 'Backwards', open_at: '2026-07-01T00:00:00Z', close_at: '2026-06-01T00:00:00Z' },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.fields.close_at).toBeTruthy();
    expect((await t.json('GET', '/api/orgs/riverside-arts/programs', { as: admin })).body.total).toBe(before);
  });

  it('keeps other organizations and applicants out', async () => {
    expect((await t.json('GET', '/api/orgs/riverside-arts/programs', { as: applicant })).status).toBe(403);
    expect(
      (await t.json('POST', '/api/orgs/riverside-arts/programs', { as: otherAdmin, body: { name: 'x' } }))
        .status,
    ).toBe(403);
    expect((await t.json('GET', `/api/programs/${demoProgramId(6)}/editor`, { as: applicant })).status).toBe(
      404,
    );
  });

  it('soft-deletes and restores, keeping the program out of public lists meanwhile', async () => {
    const id = demoProgramId(1);
    const del = await t.json('DELETE', `/api/programs/${id}`, { as: admin });
    expect(del.status).toBe(200);
    expect((await t.json('GET', `/api/programs/${id}`)).status).toBe(404);
    const deleted = await t.json('GET', '/api/orgs/riverside-arts/programs?deleted=true', { as: admin });
    expect(deleted.body.items.map((p: { id: string }) => p.id)).toContain(id);
    expect((await t.json('DELETE', `/api/programs/${id}`, { as: admin })).status).toBe(409);
    expect((await t.json('POST', `/api/programs/${id}/restore`, { as: admin })).status).toBe(200);
    expect((await t.json('GET', `/api/programs/${id}`)).status).toBe(200);
  });
});

describe('saving the form', () => {
  it('saves a draft directly and refuses a stale version with 409', async () => {
    const draft = await createDraft('Save Me');
    const e = await editor(draft.id);
    const res = await t.json('PUT', `/api/programs/${draft.id}/form`, {
      as: admin,
      body: {
        form: form(question('a'), question('b', { type: 'select', options: [' x ', '', 'y'] })),
        version: e.version,
      },
    });
    expect(res.status).toBe(200);
    const saved = saveResultSchema.parse(res.body);
    expect(saved).toMatchObject({ outcome: 'saved', message: 'Saved!' });
    expect(saved.program.form.questions[1].options).toEqual(['x', 'y']);
    const stale = await t.json('PUT', `/api/programs/${draft.id}/form`, {
      as: admin,
      body: { form: form(), version: e.version },
    });
    expect(stale.status).toBe(409);
    expect((await editor(draft.id)).form.questions).toHaveLength(2);
  });

  it.each([
    [form(question('a', { label: ' ' })), /needs a label/],
    [form(question('a'), question('a')), /same key/],
    [form(question('s', { type: 'select', options: ['', ' '] })), /at least one option/],
  ])('refuses an invalid form with a message naming the question', async (bad, message) => {
    const draft = await createDraft('Invalid');
    const e = await editor(draft.id);
    const res = await t.json('PUT', `/api/programs/${draft.id}/form`, {
      as: admin,
      body: { form: bad, version: e.version },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(message);
    expect((await editor(draft.id)).version).toBe(e.version);
  });

  it('refuses unknown question types and bad limits at the edge', async () => {
    const draft = await createDraft('Edge');
    const e = await editor(draft.id);
    for (const q of [
      question('a', { type: 'video' as never }),
      question('b', { maxWords: -3 }),
      question('c', { maxLength: 1.5 }),
    ]) {
      const res = await t.json('PUT', `/api/programs/${draft.id}/form`, {
        as: admin,
        body: { form: form(q), version: e.version },
      });
      expect(res.status).toBe(400);
    }
  });

  it('locks the editor for a super admin and for another organization', async () => {
    const e = await editor(demoProgramId(6), superAdmin);
    const res = await t.json('PUT', `/api/programs/${demoProgramId(6)}/form`, {
      as: superAdmin,
      body: { form: e.form, version: e.version },
    });
    expect(res.status).toBe(403);
    const other = await t.json('PUT', `/api/programs/${demoProgramId(6)}/form`, {
      as: otherAdmin,
      body: { form: e.form, version: e.version },
    });
    expect(other.status).toBe(404);
    expect((await editor(demoProgramId(6))).version).toBe(e.version);
  });
});

describe('publishing', () => {
  it('keeps a live form live while changes are pending, then publishes them', async () => {
    const id = demoProgramId(1); // published, no approval required
    const live = (await t.json('GET', `/api/programs/${id}`)).body.form;
    const e = await editor(id);
    const changed = form(...e.form.questions, question('extra', { label: 'One more question' }));
    const save = saveResultSchema.parse(
      (
        await t.json('PUT', `/api/programs/${id}/form`, {
          as: admin,
          body: { form: changed, version: e.version },
        })
      ).body,
    );
    expect(save.outcome).toBe('pending_changes');
    expect(save.message).toBe(
      'Changes saved as draft! These changes require super admin approval before going live.',
    );
    expect(save.program.review_status).toBe('pending_changes');
    // The public page still shows the live form.
    expect((await t.json('GET', `/api/programs/${id}`)).body.form).toEqual(live);
    const preview = previewSchema.parse(
      (await t.json('GET', `/api/programs/${id}/preview`, { as: superAdmin })).body,
    );
    expect(preview.source).toBe('pending');
    expect(preview.form.questions.at(-1)?.label).toBe('One more question');

    const pub = saveResultSchema.parse(
      (
        await t.json('POST', `/api/programs/${id}/publish`, {
          as: admin,
          body: { form: changed, version: save.program.version },
        })
      ).body,
    );
    expect(pub).toMatchObject({
      outcome: 'published',
      message: "Program published successfully! It's now live and visible to applicants.",
    });
    expect((await t.json('GET', `/api/programs/${id}`)).body.form.questions.at(-1).label).toBe(
      'One more question',
    );
  });

  it('submits when approval is required; refuses publish while submitted; the super admin approves', async () => {
    const id = demoProgramId(8); // draft, requires approval
    const e = await editor(id);
    const sub = saveResultSchema.parse(
      (
        await t.json('POST', `/api/programs/${id}/publish`, {
          as: admin,
          body: { form: e.form, version: e.version },
        })
      ).body,
    );
    expect(sub).toMatchObject({
      outcome: 'submitted',
      message: 'Program submitted for super admin approval. It will be published once approved.',
    });
    expect((await t.json('GET', `/api/programs/${id}`)).status).toBe(404);
    const again = await t.json('POST', `/api/programs/${id}/publish`, {
      as: admin,
      body: { form: e.form, version: sub.program.version },
    });
    expect(again.status).toBe(409);
    expect((await t.json('POST', `/api/programs/${id}/approve`, { as: admin })).status).toBe(403);

    const approved = transitionResultSchema.parse(
      (await t.json('POST', `/api/programs/${id}/approve`, { as: superAdmin })).body,
    );
    expect(approved.message).toBe(`Program ${approved.program.name} has been approved and published.`);
    expect(approved.program).toMatchObject({
      review_status: 'published',
      published: true,
      published_scope: 'org',
      requires_super_approval: false,
    });
    expect((await t.json('GET', `/api/programs/${id}`)).status).toBe(200);
    const history = await t.json('GET', `/api/programs/${id}/events`, { as: admin });
    expect(history.body.items.map((e: { kind: string }) => e.kind).slice(0, 3)).toEqual([
      'approved',
      'submitted',
      'saved',
    ]);
  });

  it('saving a submitted program (after Edit) takes it back to draft', async () => {
    const id = demoProgramId(10); // harbor, submitted
    const harborAdmin = await t.signIn('harbor.admin@example.test');
    await t.request('POST', '/api/me/onboarding', { as: harborAdmin, body: { accept_terms: true } });
    const { upsertAssignment } = await import('../../src/server/users/assignments');
    const [p] = await t.deps.db.select().from(programs).where(eq(programs.id, id));
    const me = await t.json('GET', '/api/me', { as: harborAdmin });
    await upsertAssignment(t.deps.db, {
      userId: me.body.id,
      kind: 'org_admin',
      scopeType: 'org',
      scopeId: p.organizationId,
    });
    const e = await editor(id, harborAdmin);
    expect(e.review_status).toBe('submitted');
    const res = saveResultSchema.parse(
      (
        await t.json('PUT', `/api/programs/${id}/form`, {
          as: harborAdmin,
          body: { form: e.form, version: e.version },
        })
      ).body,
    );
    expect(res.program.review_status).toBe('draft');
  });

  it('refuses to approve a draft', async () => {
    const res = await t.json('POST', `/api/programs/${demoProgramId(6)}/approve`, { as: superAdmin });
    expect(res.status).toBe(409);
  });

  it('lets the coalition manager edit and publish to the coalition', async () => {
    const id = demoProgramId(6); // riverside (Metro member), draft, no approval
    const e = await editor(id, coalition);
    const body = {
      form: e.form,
      version: e.version,
      editor: 'coalition',
      coalition_slug: 'metro-arts-coalition',
    };
    const saved = saveResultSchema.parse(
      (await t.json('PUT', `/api/programs/${id}/form`, { as: coalition, body })).body,
    );
    expect(saved.message).toBe('Saved.');
    const wrong = await t.json('PUT', `/api/programs/${id}/form`, {
      as: coalition,
      body: { ...body, version: saved.program.version, coalition_slug: 'youth-scholarship-alliance' },
    });
    expect(wrong.status).toBe(403);
    const pub = saveResultSchema.parse(
      (
        await t.json('POST', `/api/programs/${id}/publish`, {
          as: coalition,
          body: { ...body, version: saved.program.version },
        })
      ).body,
    );
    expect(pub.program).toMatchObject({ published: true, published_scope: 'coalition' });
    const list = await t.json('GET', '/api/coalitions/metro-arts-coalition/programs', { as: coalition });
    expect(list.body.items.map((p: { id: string }) => p.id)).toContain(id);
    expect(
      (await t.json('GET', '/api/coalitions/youth-scholarship-alliance/programs', { as: coalition })).status,
    ).toBe(403);
  });
});

describe('request changes', () => {
  it('needs a note, refuses drafts, and unpublishes with the note stored', async () => {
    const id = demoProgramId(4); // published, closed
    const empty = await t.json('POST', `/api/programs/${id}/request-changes`, {
      as: superAdmin,
      body: { note: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please provide a note explaining what needs to be changed.');
    expect(
      (
        await t.json('POST', `/api/programs/${demoProgramId(18)}/request-changes`, {
          as: superAdmin,
          body: { note: 'x' },
        })
      ).status,
    ).toBe(409);

    const res = transitionResultSchema.parse(
      (
        await t.json('POST', `/api/programs/${id}/request-changes`, {
          as: superAdmin,
          body: { note: 'Add a repertoire question.' },
        })
      ).body,
    );
    expect(res.message).toBe(
      'Change request sent. The program is unpublished and requires super admin approval to republish.',
    );
    expect(res.program).toMatchObject({
      review_status: 'changes_requested',
      review_note: 'Add a repertoire question.',
      published: false,
      published_scope: null,
      published_at: null,
      requires_super_approval: true,
    });
    expect((await t.json('GET', `/api/programs/${id}`)).status).toBe(404);
    const preview = previewSchema.parse(
      (await t.json('GET', `/api/programs/${id}/preview`, { as: admin })).body,
    );
    expect(preview.source).toBe('working');
  });
});

describe('reviewer form', () => {
  it('falls back to the defaults, trims, refuses duplicates, and saves', async () => {
    const id = demoProgramId(6);
    const defaults = await t.json('GET', `/api/programs/${id}/review-form`, { as: admin });
    expect(defaults.body).toEqual({
      show_score: true,
      show_comments: true,
      show_decision: false,
      decision_options: ['accept', 'waitlist', 'reject'],
    });
    const dup = await t.json('PUT', `/api/programs/${id}/review-form`, {
      as: admin,
      body: { ...defaults.body, decision_options: ['yes', 'Yes'] },
    });
    expect(dup.status).toBe(422);
    const saved = await t.json('PUT', `/api/programs/${id}/review-form`, {
      as: admin,
      body: {
        show_score: false,
        show_comments: true,
        show_decision: true,
        decision_options: [' yes ', '', 'no'],
      },
    });
    expect(saved.body.decision_options).toEqual(['yes', 'no']);
    const empty = await t.json('PUT', `/api/programs/${id}/review-form`, {
      as: admin,
      body: { show_score: true, show_comments: true, show_decision: true, decision_options: ['  '] },
    });
    expect(empty.body.decision_options).toEqual(['accept', 'waitlist', 'reject']);
    expect(
      (await t.json('PUT', `/api/programs/${id}/review-form`, { as: superAdmin, body: defaults.body }))
        .status,
    ).toBe(403);
    // Public reads never carry the reviewer form or the review note.
    const pub = await t.json('GET', `/api/programs/${demoProgramId(3)}`);
    expect(Object.keys(pub.body)).not.toContain('reviewer_form');
    expect(Object.keys(pub.body)).not.toContain('review_note');
  });
});

describe('starting an application', () => {
  it('creates one application per applicant and program, only while the window is open', async () => {
    const open = demoProgramId(11);
    const first = await t.json('POST', `/api/programs/${open}/applications`, { as: applicant });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    const second = await t.json('POST', `/api/programs/${open}/applications`, { as: applicant });
    expect(second.body).toEqual({ id: first.body.id, created: false });

    const comingSoon = await t.json('POST', `/api/programs/${demoProgramId(15)}/applications`, {
      as: applicant,
    });
    expect(comingSoon.status).toBe(409);
    const closed = await t.json('POST', `/api/programs/${demoProgramId(17)}/applications`, { as: applicant });
    expect(closed.status).toBe(409);
    expect(
      (await t.json('POST', `/api/programs/${demoProgramId(18)}/applications`, { as: applicant })).status,
    ).toBe(404);
    expect((await t.json('POST', `/api/programs/${open}/applications`)).status).toBe(401);
  });
});

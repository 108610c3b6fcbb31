import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { aggregateOf, scoringMessages } from '../../src/shared/domain/scoring';
import { reviewDetailSchema, reviewQueueSchema } from '../../src/shared/schemas/reviews';
import {
  autoAssignPlanSchema,
  reviewerProgressSchema,
  scoreSheetSchema,
  scoringDetailSchema,
  scoringSettingsSchema,
} from '../../src/shared/schemas/scoring';
import {
  completeProfile,
  onboardedUser,
  startApplication,
  submitApplication,
  submittedApplication,
} from '../support/factory';
import { assign, auditionRubric, scoreSheet, scoringDetail, setScoring } from '../support/scoring';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Independent scoring (issue 20): settings, sheets, independence, aggregates, final decision and
 * publishing, manual and automatic assignment, conflicts and recusal. Blind review has its own file.
 */

/** Youth Orchestra Auditions (riverside-arts, open): switched to independent scoring below. */
const YOUTH = demoProgramId(1);
/** Emerging Artist Scholarship (riverside-arts, open): stays in the shared review. */
const SCHOLARSHIP = demoProgramId(2);

let t: TestApp;
let admin: string;
let superAdmin: string;
let applicant: { id: string; cookie: string; userId: string };
const judges: { cookie: string; id: string }[] = [];

/** Sign-ins are rate limited (30 a minute per client): each new person arrives a few seconds later. */
const later = () => t.clock.advance(3_000);

async function addReviewer(programId: string, email: string) {
  later();
  const user = await onboardedUser(t, email);
  const res = await t.json('POST', `/api/programs/${programId}/reviewers`, { as: admin, body: { email } });
  expect(res.status).toBe(200);
  return user;
}

const applicantOf = (
  ...args: Parameters<typeof submittedApplication> extends [unknown, ...infer R] ? R : never
) => {
  later();
  return submittedApplication(t, ...args);
};

const queueOf = async (as: string, programId = YOUTH) => {
  const res = await t.json('GET', `/api/review/programs/${programId}/queue`, { as });
  expect(res.status).toBe(200);
  return reviewQueueSchema.parse(res.body);
};

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  admin = await t.signIn('admin@demo.test');
  superAdmin = await t.signIn('super@demo.test');
  for (const name of ['ada', 'bo', 'cy']) judges.push(await addReviewer(YOUTH, `judge.${name}@example.test`));
  applicant = await applicantOf('scored.applicant@example.test', YOUTH, { name: 'Sam Scored' });
}, 120_000);
afterAll(() => t.close());

describe('review settings', () => {
  it('default to the shared review, and the shared review keeps working', async () => {
    const res = await t.json('GET', `/api/programs/${SCHOLARSHIP}/scoring`, { as: admin });
    expect(scoringSettingsSchema.parse(res.body)).toMatchObject({
      mode: 'shared',
      sheet_visibility: 'after_submit',
      blind: false,
      criteria: [],
      version: 0,
    });
    const queue = await queueOf(admin, SCHOLARSHIP);
    expect(queue.review_mode).toBe('shared');
    const app = await applicantOf('shared.stays@example.test', SCHOLARSHIP);
    const put = await t.json('PUT', `/api/applications/${app.id}/review`, {
      as: admin,
      body: { comments: 'Still collaborative', version: 0 },
    });
    expect(put.status).toBe(200);
    // Score sheets belong to independent scoring only.
    expect((await t.json('GET', `/api/applications/${app.id}/scoring`, { as: admin })).status).toBe(409);
  });

  it('refuse independent scoring without a criterion that counts, and a bad rubric', async () => {
    const base = { mode: 'independent', version: 0 };
    for (const criteria of [
      [],
      [{ ...auditionRubric[0], counts: false }],
      [{ ...auditionRubric[0], min: 5, max: 5 }],
      [auditionRubric[0], { ...auditionRubric[1], key: 'tone' }],
    ]) {
      const res = await t.json('PUT', `/api/programs/${YOUTH}/scoring`, {
        as: admin,
        body: { ...base, criteria },
      });
      expect(res.status).toBe(422);
    }
    const res = await t.json('PUT', `/api/programs/${YOUTH}/scoring`, {
      as: admin,
      body: { ...base, criteria: [{ ...auditionRubric[0], weight: 0 }] },
    });
    expect(res.status).toBe(400);
    expect((await t.json('GET', `/api/programs/${YOUTH}/scoring`, { as: admin })).body.mode).toBe('shared');
  });

  it('switch to independent scoring with a 3-criterion rubric; a stale version is refused', async () => {
    const saved = await setScoring(t, admin, YOUTH, { criteria: auditionRubric });
    expect(saved).toMatchObject({ mode: 'independent', version: 1, scores_saved: false });
    expect(saved.criteria.map((c) => c.key)).toEqual(['tone', 'rhythm', 'callback']);
    const stale = await t.json('PUT', `/api/programs/${YOUTH}/scoring`, {
      as: admin,
      body: { mode: 'shared', version: 0 },
    });
    expect(stale.status).toBe(409);
    // Reviewers do not edit settings; the program is not theirs to configure.
    expect((await t.json('GET', `/api/programs/${YOUTH}/scoring`, { as: judges[0].cookie })).status).toBe(
      404,
    );
  });

  it('refuse a reviewer the shared review once the program scores independently', async () => {
    await assign(t, admin, YOUTH, [applicant.id], [judges[0].id]);
    const res = await t.json('PUT', `/api/applications/${applicant.id}/review`, {
      as: judges[0].cookie,
      body: { comments: 'x', version: 0 },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(scoringMessages.sharedOnly);
  });
});

describe('score sheets', () => {
  it('save a draft, refuse out-of-scale scores and an incomplete submit, then lock on submit', async () => {
    const judge = judges[0].cookie;
    const detail = await scoringDetail(t, judge, applicant.id);
    expect(detail.my_sheet).toMatchObject({ status: 'assigned', version: 1 });
    const put = (body: object) =>
      t.json('PUT', `/api/applications/${applicant.id}/score-sheet`, { as: judge, body });

    expect((await put({ scores: { tone: 6 }, version: 1 })).status).toBe(422);
    expect((await put({ scores: { nope: 1 }, version: 1 })).status).toBe(422);
    const draft = await put({ scores: { tone: 4 }, comments: 'Lovely tone', notes: 'Nervous', version: 1 });
    expect(draft.status).toBe(200);
    expect(scoreSheetSchema.parse(draft.body)).toMatchObject({ status: 'draft', version: 2, total: 75 });

    const incomplete = await put({ scores: { tone: 4 }, submit: true, version: 2 });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.error.message).toMatch(/Rhythm/);
    expect((await put({ scores: { tone: 4, rhythm: 5 }, version: 1 })).status).toBe(409);

    const submitted = await put({ scores: { tone: 4, rhythm: 5, callback: 1 }, submit: true, version: 2 });
    expect(submitted.status).toBe(200);
    // tone 75 % × 2, rhythm 50 % × 1: 66.67; the callback does not count.
    expect(submitted.body).toMatchObject({ status: 'submitted', total: 66.67, comments: 'Lovely tone' });
    const locked = await put({ scores: { tone: 5, rhythm: 5 }, submit: true, version: 3 });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(scoringMessages.sheetSubmitted);
    expect(locked.body.sheet.total).toBe(66.67);
  });

  it('lock the mode and the rubric once a score is saved (names and guidance stay editable)', async () => {
    const current = scoringSettingsSchema.parse(
      (await t.json('GET', `/api/programs/${YOUTH}/scoring`, { as: admin })).body,
    );
    expect(current.scores_saved).toBe(true);
    const body = { ...current, version: current.version };
    const toShared = await t.json('PUT', `/api/programs/${YOUTH}/scoring`, {
      as: admin,
      body: { ...body, mode: 'shared' },
    });
    expect(toShared.status).toBe(409);
    expect(toShared.body.error.message).toBe(scoringMessages.modeLocked);
    const rescaled = await t.json('PUT', `/api/programs/${YOUTH}/scoring`, {
      as: admin,
      body: { ...body, criteria: current.criteria.map((c) => (c.key === 'tone' ? { ...c, max: 10 } : c)) },
    });
    expect(rescaled.status).toBe(409);
    expect(rescaled.body.error.message).toBe(scoringMessages.rubricLocked);
    const renamed = await t.json('PUT', `/api/programs/${YOUTH}/scoring`, {
      as: admin,
      body: {
        ...body,
        criteria: current.criteria.map((c) => (c.key === 'tone' ? { ...c, name: 'Tone quality' } : c)),
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.criteria[0].name).toBe('Tone quality');
  });

  it('reopen: the reviewer asks, the program admin reopens, the reviewer resubmits', async () => {
    const judge = judges[0].cookie;
    const sheet = (await scoringDetail(t, judge, applicant.id)).my_sheet!;
    expect((await t.json('POST', `/api/score-sheets/${sheet.id}/reopen`, { as: judge })).status).toBe(403);
    const asked = await t.json('POST', `/api/score-sheets/${sheet.id}/reopen-request`, {
      as: judge,
      body: { note: 'I mis-scored rhythm' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ reopen_note: 'I mis-scored rhythm' });
    const progress = reviewerProgressSchema.parse(
      (await t.json('GET', `/api/programs/${YOUTH}/reviewer-progress`, { as: admin })).body,
    );
    expect(progress.items.find((i) => i.user_id === judges[0].id)).toMatchObject({
      assigned: 1,
      submitted: 1,
      remaining: 0,
      reopen_requests: 1,
    });
    const reopened = await t.json('POST', `/api/score-sheets/${sheet.id}/reopen`, { as: admin });
    expect(reopened.body).toMatchObject({ status: 'draft', reopen_requested_at: null });
    expect((await t.json('POST', `/api/score-sheets/${sheet.id}/reopen`, { as: admin })).status).toBe(409);
    const again = await scoreSheet(t, judge, applicant.id, { tone: 4, rhythm: 8, callback: 1 });
    // tone 75 % × 2, rhythm 80 %: 76.67
    expect(again).toMatchObject({ status: 'submitted', total: 76.67 });
  });
});

describe('independence', () => {
  it("after submitting their own (default): another reviewer's sheet is hidden until then", async () => {
    const [first, second] = judges;
    await assign(t, admin, YOUTH, [applicant.id], [second.id]);
    const firstSheet = (await scoringDetail(t, first.cookie, applicant.id)).my_sheet!;
    const before = await scoringDetail(t, second.cookie, applicant.id);
    expect(before.others).toEqual([]);
    expect(before.aggregate).toBeNull();
    expect(before.others_hidden).toBe(scoringMessages.othersAfterSubmit);
    const read = await t.json('GET', `/api/score-sheets/${firstSheet.id}`, { as: second.cookie });
    expect(read.status).toBe(403);

    await scoreSheet(t, second.cookie, applicant.id, { tone: 2, rhythm: 2 }, { comments: 'Work on pitch' });
    const after = await scoringDetail(t, second.cookie, applicant.id);
    expect(after.others.map((s) => s.id)).toEqual([firstSheet.id]);
    expect(after.others[0].notes).toBe('Nervous');
    expect((await t.json('GET', `/api/score-sheets/${firstSheet.id}`, { as: second.cookie })).status).toBe(
      200,
    );
    expect(after.aggregate).toMatchObject({ sheets: 2, assigned: 2 });
  });

  it('never: not even after submitting; always: submitted sheets at once (drafts never)', async () => {
    const settings = (await t.json('GET', `/api/programs/${YOUTH}/scoring`, { as: admin })).body;
    const firstSheet = (await scoringDetail(t, judges[0].cookie, applicant.id)).my_sheet!;
    await setScoring(t, admin, YOUTH, { criteria: settings.criteria, sheet_visibility: 'never' });
    const never = await scoringDetail(t, judges[1].cookie, applicant.id);
    expect(never.others).toEqual([]);
    expect(never.others_hidden).toBe(scoringMessages.othersHidden);
    expect((await t.json('GET', `/api/score-sheets/${firstSheet.id}`, { as: judges[1].cookie })).status).toBe(
      403,
    );

    await setScoring(t, admin, YOUTH, { criteria: settings.criteria, sheet_visibility: 'always' });
    await assign(t, admin, YOUTH, [applicant.id], [judges[2].id]);
    const always = await scoringDetail(t, judges[2].cookie, applicant.id);
    expect(always.others.map((s) => s.status)).toEqual(['submitted', 'submitted']);
    // Drafts stay private: judge 3 starts a draft, judge 1 does not see it.
    await scoreSheet(t, judges[2].cookie, applicant.id, { tone: 5 }, { submit: false });
    const seenByFirst = await scoringDetail(t, judges[0].cookie, applicant.id);
    expect(seenByFirst.others.map((s) => s.reviewer_id)).not.toContain(judges[2].id);
    // Admins read every sheet, drafts too.
    const asAdmin = await scoringDetail(t, admin, applicant.id);
    expect(asAdmin.others).toHaveLength(3);
    await setScoring(t, admin, YOUTH, { criteria: settings.criteria, sheet_visibility: 'after_submit' });
  });
});

describe('aggregates, the final decision and publishing', () => {
  it('match the shared rule, rank the program, flag disagreement and sort in the queue', async () => {
    // Judge 3 abstains: counted as submitted, left out of the numbers.
    await scoreSheet(
      t,
      judges[2].cookie,
      applicant.id,
      {},
      { abstain: true, comments: 'I teach this student' },
    );
    const detail = await scoringDetail(t, admin, applicant.id);
    const totals = [...detail.others, detail.my_sheet]
      .filter((s) => s?.status === 'submitted')
      .map((s) => s!.total);
    const expected = aggregateOf(totals, 3);
    expect(detail.aggregate).toMatchObject({ ...expected, rank: 1 });
    expect(detail.aggregate).toMatchObject({ sheets: 3, scored: 2, mean: 50, median: 50, spread: 37.72 });
    expect(detail.aggregate?.disagreement).toBe(true);

    const queue = await queueOf(admin);
    expect(queue.review_mode).toBe('independent');
    const row = queue.items.find((i) => i.application_id === applicant.id)!;
    expect(row.scoring).toMatchObject({ ...expected, rank: 1 });
    expect(row.applicant_name).toBe('Sam Scored');
    // Every submitted application is listed for the admin, with or without sheets.
    expect(queue.items.filter((i) => i.scoring === null).length).toBeGreaterThan(0);

    const inbox = await t.json('GET', '/api/orgs/riverside-arts/reviews', { as: admin });
    const inboxRow = inbox.body.items.find(
      (i: { application_id: string }) => i.application_id === applicant.id,
    );
    expect(inboxRow).toMatchObject({ review_mode: 'independent', scoring: { mean: 50, rank: 1 } });
  });

  it('records the final decision with the aggregate as its score, and publishes comments, never notes', async () => {
    const judge = judges[0].cookie;
    const bad = await t.json('PUT', `/api/applications/${applicant.id}/final-decision`, {
      as: admin,
      body: { decision: 'maybe', version: 0 },
    });
    expect(bad.status).toBe(422);
    const byJudge = await t.json('PUT', `/api/applications/${applicant.id}/final-decision`, {
      as: judge,
      body: { decision: 'accept', version: 0 },
    });
    expect(byJudge.status).toBe(403);
    const decided = await t.json('PUT', `/api/applications/${applicant.id}/final-decision`, {
      as: admin,
      body: { decision: 'accept', version: 0 },
    });
    expect(decided.status).toBe(200);
    expect(scoringDetailSchema.parse(decided.body).decision).toMatchObject({
      decision: 'accept',
      score: 50,
      status: 'submitted',
    });
    const twice = await t.json('PUT', `/api/applications/${applicant.id}/final-decision`, {
      as: admin,
      body: { decision: 'reject', version: 1 },
    });
    expect(twice.status).toBe(409);

    const published = await t.json('POST', `/api/programs/${YOUTH}/publish-results`, {
      as: admin,
      body: {
        mode: 'selected',
        application_ids: [applicant.id],
        visibility: { decision: true, score: true, comments: true },
      },
    });
    expect(published.status).toBe(200);
    const results = await t.json('GET', '/api/me/results', { as: applicant.cookie });
    const result = results.body.items[0];
    expect(result.payload).toMatchObject({ decision: 'accept', score: 50 });
    expect(result.payload.comments).toContain('Lovely tone');
    expect(result.payload.comments).toContain('Work on pitch');
    expect(JSON.stringify(results.body)).not.toContain('Nervous');

    // A reviewer does not see the final decision on the review page; the admin does.
    const forJudge = reviewDetailSchema.parse(
      (await t.json('GET', `/api/applications/${applicant.id}/review`, { as: judge })).body,
    );
    expect(forJudge).toMatchObject({ review: null, review_mode: 'independent', can_admin: false });
    const forAdmin = reviewDetailSchema.parse(
      (await t.json('GET', `/api/applications/${applicant.id}/review`, { as: admin })).body,
    );
    expect(forAdmin.review?.decision).toBe('accept');
  });
});

describe('assignment', () => {
  it('manual: refuses applications of other programs and reviewers outside the pool', async () => {
    const other = await applicantOf('other.program@example.test', SCHOLARSHIP);
    const wrongApp = await t.json('POST', `/api/programs/${YOUTH}/score-assignments`, {
      as: admin,
      body: { application_ids: [other.id], reviewer_ids: [judges[0].id] },
    });
    expect(wrongApp.status).toBe(422);
    later();
    const stranger = await onboardedUser(t, 'not.in.pool@example.test');
    const wrongReviewer = await t.json('POST', `/api/programs/${YOUTH}/score-assignments`, {
      as: admin,
      body: { application_ids: [applicant.id], reviewer_ids: [stranger.id] },
    });
    expect(wrongReviewer.status).toBe(422);
    // The shared-review program has no assignments.
    const shared = await t.json('POST', `/api/programs/${SCHOLARSHIP}/score-assignments`, {
      as: admin,
      body: { application_ids: [other.id], reviewer_ids: [judges[0].id] },
    });
    expect(shared.status).toBe(409);
  });

  it('never assigns a reviewer their own application', async () => {
    const ada = judges[0];
    await completeProfile(t, ada.cookie);
    const own = await startApplication(t, ada.cookie, YOUTH);
    await submitApplication(t, ada.cookie, own);
    const res = await t.json('POST', `/api/programs/${YOUTH}/score-assignments`, {
      as: admin,
      body: { application_ids: [own], reviewer_ids: [ada.id, judges[1].id] },
    });
    expect(res.body).toMatchObject({ assigned: 1, conflicted: 1 });
    const plan = await t.json('POST', `/api/programs/${YOUTH}/auto-assign/preview`, {
      as: admin,
      body: { per_application: 3 },
    });
    expect(plan.status).toBe(200);
    // Her own application is the one her load never includes: reading it as a reviewer is not possible.
    const asReviewer = await t.json('GET', `/api/applications/${own}/scoring`, { as: ada.cookie });
    expect(asReviewer.status).toBe(404);
  });

  it('unassign removes unsubmitted sheets and keeps submitted ones', async () => {
    const app = await applicantOf('unassign.me@example.test', YOUTH);
    await assign(t, admin, YOUTH, [app.id], [judges[0].id, judges[1].id]);
    await scoreSheet(t, judges[0].cookie, app.id, { tone: 3, rhythm: 3 });
    const res = await t.json('POST', `/api/programs/${YOUTH}/score-assignments/remove`, {
      as: admin,
      body: { application_ids: [app.id], reviewer_ids: [judges[0].id, judges[1].id] },
    });
    expect(res.body).toMatchObject({ removed: 1, kept_submitted: 1 });
    expect(
      (await t.json('GET', `/api/applications/${app.id}/scoring`, { as: judges[1].cookie })).status,
    ).toBe(403);
    expect(
      (await t.json('GET', `/api/applications/${app.id}/scoring`, { as: judges[0].cookie })).status,
    ).toBe(200);
  });
});

describe('automatic assignment', () => {
  it('previews balanced, conflict-free loads, applies exactly the preview, and keeps what exists', async () => {
    const program = demoProgramId(9); // Visual Arts Portfolio Review: riverside, open
    await setScoring(t, admin, program, { criteria: auditionRubric });
    const pool = [
      ...(await Promise.all(
        ['p1', 'p2', 'p3', 'p4'].map((n) => addReviewer(program, `pool.${n}@example.test`)),
      )),
    ];
    const apps = [];
    for (let i = 0; i < 7; i++) apps.push(await applicantOf(`auto.${i}@example.test`, program));
    // An existing assignment (kept) and a marked conflict (never assigned).
    await assign(t, admin, program, [apps[0].id], [pool[0].id]);
    const marked = await t.json('POST', `/api/programs/${program}/conflicts`, {
      as: admin,
      body: { application_id: apps[1].id, reviewer_id: pool[1].id, note: 'Same school' },
    });
    expect(marked.status).toBe(200);

    const preview = autoAssignPlanSchema.parse(
      (
        await t.json('POST', `/api/programs/${program}/auto-assign/preview`, {
          as: admin,
          body: { per_application: 2 },
        })
      ).body,
    );
    const queue = await queueOf(admin, program);
    const total = queue.items.length;
    // The pool is the program's four reviewers plus the organization's own reviewer (reviewer@demo.test).
    expect(preview.reviewers).toBe(5);
    expect(preview.applications).toBe(total);
    expect(preview.new_assignments).toBe(2 * total - 1);
    const totals = preview.loads.map((l) => l.total);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    // Nothing changed yet.
    expect((await queueOf(admin, program)).items.every((i) => (i.scoring?.assigned ?? 0) <= 1)).toBe(true);

    const applied = autoAssignPlanSchema.parse(
      (
        await t.json('POST', `/api/programs/${program}/auto-assign`, {
          as: admin,
          body: { per_application: 2, plan_hash: preview.plan_hash },
        })
      ).body,
    );
    expect(applied.loads).toEqual(preview.loads);
    const after = await queueOf(admin, program);
    expect(after.items.every((i) => i.scoring?.assigned === 2)).toBe(true);
    const conflicts = await t.json('GET', `/api/programs/${program}/conflicts`, { as: admin });
    expect(conflicts.body.items).toHaveLength(1);
    const conflictedSheets = await t.json('GET', `/api/applications/${apps[1].id}/scoring`, {
      as: pool[1].cookie,
    });
    expect(conflictedSheets.status).toBe(403);
    const kept = await scoringDetail(t, admin, apps[0].id);
    expect([kept.my_sheet, ...kept.others].map((s) => s?.reviewer_id)).toContain(pool[0].id);

    // Applying again changes nothing (everyone has 2); a stale preview is refused.
    const again = await t.json('POST', `/api/programs/${program}/auto-assign`, {
      as: admin,
      body: { per_application: 2, plan_hash: preview.plan_hash },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(scoringMessages.planChanged);
    const third = await t.json('POST', `/api/programs/${program}/auto-assign/preview`, {
      as: admin,
      body: { per_application: 3, max_per_reviewer: 4 },
    });
    expect(
      third.body.loads.every((l: { total: number; added: number }) => l.added === 0 || l.total <= 4),
    ).toBe(true);
  });
});

describe('reviewer queue, Next and recusal', () => {
  const program = demoProgramId(9);

  it("lists only the reviewer's assigned applications, serves the least reviewed first, and counts what is left", async () => {
    const me = await addReviewer(program, 'queue.judge@example.test');
    const other = await addReviewer(program, 'queue.other@example.test');
    const a = await applicantOf('queue.a@example.test', program);
    const b = await applicantOf('queue.b@example.test', program);
    const c = await applicantOf('queue.c@example.test', program);
    await assign(t, admin, program, [a.id, b.id], [me.id, other.id]);
    // b gets a submitted sheet from the other reviewer: a (none yet) comes first.
    await scoreSheet(t, other.cookie, b.id, { tone: 3, rhythm: 3 });
    const queue = await queueOf(me.cookie, program);
    expect(queue.items.map((i) => i.application_id).sort()).toEqual([a.id, b.id].sort());
    expect(queue.items.every((i) => i.my_sheet?.status === 'assigned' && i.scoring === null)).toBe(true);
    expect(queue.items.map((i) => i.application_id)).not.toContain(c.id);
    const next = await t.json('GET', `/api/review/programs/${program}/next`, { as: me.cookie });
    expect(next.body).toEqual({ application_id: a.id, remaining: 2 });
    const counts = await t.json('GET', '/api/review/pending-counts', { as: me.cookie });
    expect(counts.body.items.find((i: { program_id: string }) => i.program_id === program)).toMatchObject({
      mode: 'independent',
      can_admin: false,
      to_score: 2,
    });
    // Not assigned: 403 on the application, its review page and its sheets.
    for (const path of [
      `/api/applications/${c.id}`,
      `/api/applications/${c.id}/review`,
      `/api/applications/${c.id}/scoring`,
    ])
      expect((await t.json('GET', path, { as: me.cookie })).status).toBe(403);
    await scoreSheet(t, me.cookie, a.id, { tone: 5, rhythm: 10 });
    const then = await t.json('GET', `/api/review/programs/${program}/next`, { as: me.cookie });
    expect(then.body).toEqual({ application_id: b.id, remaining: 1 });
  });

  it('recusal hides the application (403 everywhere) and removes the unsubmitted sheet; not after submitting', async () => {
    const me = await addReviewer(program, 'recuse.judge@example.test');
    const app = await applicantOf('recuse.app@example.test', program);
    const done = await applicantOf('recuse.done@example.test', program);
    await assign(t, admin, program, [app.id, done.id], [me.id]);
    await scoreSheet(t, me.cookie, app.id, { tone: 2 }, { submit: false });
    await scoreSheet(t, me.cookie, done.id, { tone: 2, rhythm: 2 });
    const refused = await t.json('POST', `/api/applications/${done.id}/recuse`, { as: me.cookie, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(scoringMessages.recuseSubmitted);

    const recused = await t.json('POST', `/api/applications/${app.id}/recuse`, {
      as: me.cookie,
      body: { note: 'My cousin' },
    });
    expect(recused.status).toBe(200);
    for (const path of [
      `/api/applications/${app.id}`,
      `/api/applications/${app.id}/review`,
      `/api/applications/${app.id}/scoring`,
    ]) {
      const res = await t.json('GET', path, { as: me.cookie });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(scoringMessages.recused);
    }
    expect((await queueOf(me.cookie, program)).items.map((i) => i.application_id)).toEqual([done.id]);
    const conflicts = await t.json('GET', `/api/programs/${program}/conflicts`, { as: admin });
    expect(
      conflicts.body.items.find((c: { application_id: string }) => c.application_id === app.id),
    ).toMatchObject({
      source: 'declared',
      note: 'My cousin',
      reviewer_id: me.id,
    });
    // Assigning again is skipped as a conflict of interest.
    const res = await t.json('POST', `/api/programs/${program}/score-assignments`, {
      as: admin,
      body: { application_ids: [app.id], reviewer_ids: [me.id] },
    });
    expect(res.body).toMatchObject({ assigned: 0, conflicted: 1 });
    // The admin lifts the conflict: assignable again.
    const id = conflicts.body.items.find((c: { application_id: string }) => c.application_id === app.id).id;
    expect((await t.json('DELETE', `/api/programs/${program}/conflicts/${id}`, { as: admin })).status).toBe(
      200,
    );
    await assign(t, admin, program, [app.id], [me.id]);
    expect((await t.json('GET', `/api/applications/${app.id}/scoring`, { as: me.cookie })).status).toBe(200);
  });

  it("an admin's conflict on a submitted sheet is refused until the sheet is reopened", async () => {
    const me = await addReviewer(program, 'marked.judge@example.test');
    const app = await applicantOf('marked.app@example.test', program);
    await assign(t, admin, program, [app.id], [me.id]);
    await scoreSheet(t, me.cookie, app.id, { tone: 4, rhythm: 4 });
    const mark = () =>
      t.json('POST', `/api/programs/${program}/conflicts`, {
        as: admin,
        body: { application_id: app.id, reviewer_id: me.id },
      });
    expect((await mark()).status).toBe(409);
    const sheet = (await scoringDetail(t, me.cookie, app.id)).my_sheet!;
    await t.json('POST', `/api/score-sheets/${sheet.id}/reopen`, { as: admin });
    expect((await mark()).status).toBe(200);
    expect((await t.json('GET', `/api/score-sheets/${sheet.id}`, { as: admin })).status).toBe(404);
    expect((await t.json('GET', `/api/applications/${app.id}/scoring`, { as: me.cookie })).status).toBe(403);
  });

  it('lets the super admin see everything, and keeps other organizations out', async () => {
    expect((await queueOf(superAdmin, program)).review_mode).toBe('independent');
    later();
    const outsider = await onboardedUser(t, 'outsider.admin@example.test');
    expect(
      (await t.json('GET', `/api/review/programs/${program}/queue`, { as: outsider.cookie })).status,
    ).toBe(404);
    expect(
      (
        await t.json('POST', `/api/programs/${program}/auto-assign/preview`, {
          as: outsider.cookie,
          body: { per_application: 1 },
        })
      ).status,
    ).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDays } from '../../src/server/dashboard/service';
import { demoProgramId } from '../../src/server/db/seed/ids';
import type { CoalitionDashboard, Dashboard } from '../../src/shared/schemas/dashboard';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  reviewApplication,
  saveAnswers,
  startApplication,
  submitApplication,
} from '../support/factory';
import { setScoring } from '../support/scoring';
import { createTestApp, statementsDuring, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

let t: TestApp;
let world: World;
let admin: string;
let programId: string;
const apps: Record<string, string> = {};
const DAY = 86_400_000;

const dashboard = () =>
  okBody<Dashboard>(t.json('GET', `/api/programs/${programId}/dashboard`, { as: admin }));

async function apply(key: string, submit: boolean, answers: Record<string, unknown> = {}) {
  const u = await onboardedUser(
    t,
    `${key}@dashboard.test`,
    `${key[0].toUpperCase()}${key.slice(1)} Applicant`,
  );
  await completeProfile(t, u.cookie);
  const id = await startApplication(t, u.cookie, programId);
  apps[key] = id;
  if (submit) await submitApplication(t, u.cookie, id, answers);
  else await saveAnswers(t, u.cookie, id, answers);
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  // The test clock starts at 2026-06-01T12:00Z.
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    {
      name: 'Dashboard Winds',
      type: 'competition',
      open_at: '2026-05-30T00:00:00.000Z',
      close_at: '2026-06-10T23:00:00.000Z',
    },
    {
      questions: [
        { key: 'a', type: 'short_text', label: 'Piece', required: true },
        { key: 'b', type: 'short_text', label: 'Teacher', required: true },
        { key: 'c', type: 'short_text', label: 'Notes', required: false },
      ],
    },
  );
  await okBody(
    t.json('PUT', `/api/programs/${programId}/review-form`, {
      as: admin,
      body: { show_score: true, show_comments: true, show_decision: true },
    }),
  );
  await apply('ann', true); // June 1
  t.clock.advance(DAY);
  await apply('ben', true); // June 2
  await apply('cat', true);
  await apply('dan', false, { a: 'Half done' });
  t.clock.advance(DAY);
  await apply('eve', false); // June 3, nothing answered
  await reviewApplication(t, admin, apps.ann, { score: 8, decision: 'accept' });
  await reviewApplication(t, world.cookies.reviewer as string, apps.ben, { score: 5, finalize: false });
  await okBody(
    t.json('POST', `/api/programs/${programId}/publish-results`, {
      as: admin,
      body: { mode: 'all_finalized' },
    }),
  );
}, 180_000);
afterAll(() => t.close());

describe('program dashboard', () => {
  it('counts the funnel', async () => {
    expect((await dashboard()).funnel).toEqual({
      started: 5,
      submitted: 3,
      in_review: 1,
      finalized: 1,
      published: 1,
      changes_requested: 0,
    });
  });

  it('shows starts and submissions per day from the opening to the close', async () => {
    const d = await dashboard();
    expect(d.program.open_at).toBe('2026-05-30T00:00:00.000Z');
    expect(d.program.close_at).toBe('2026-06-10T23:00:00.000Z');
    expect(d.per_day[0].day).toBe('2026-05-30');
    expect(d.per_day[d.per_day.length - 1].day).toBe('2026-06-10');
    expect(d.per_day).toHaveLength(12);
    const on = (day: string) => d.per_day.find((p) => p.day === day);
    expect(on('2026-05-31')).toEqual({ day: '2026-05-31', started: 0, submitted: 0 });
    expect(on('2026-06-01')).toEqual({ day: '2026-06-01', started: 1, submitted: 1 });
    expect(on('2026-06-02')).toEqual({ day: '2026-06-02', started: 3, submitted: 2 });
    expect(on('2026-06-03')).toEqual({ day: '2026-06-03', started: 1, submitted: 0 });
  });

  it("shows each reviewer's reviews touched and finalized, assigned reviewers with none too", async () => {
    const d = await dashboard();
    const by = new Map(d.reviewers.map((r) => [r.email, r]));
    expect(by.get('admin@demo.test')).toMatchObject({ touched: 1, finalized: 1 });
    expect(by.get('reviewer@demo.test')).toMatchObject({ touched: 1, finalized: 0 });
    expect(d.reviewers[0].email).toBe('admin@demo.test');
    expect(d.reviewers.every((r) => r.touched >= r.finalized)).toBe(true);
  });

  it('lists the drafts not yet submitted, least recently saved first, with their required answers', async () => {
    const d = await dashboard();
    expect(d.now).toBe(t.clock.now().toISOString());
    expect(d.drafts).toMatchObject({ total: 2, saved_last_day: 1, saved_last_week: 2 });
    expect(d.drafts.items.map((i) => [i.application_id, i.required_answered, i.required_total])).toEqual([
      [apps.dan, 1, 2],
      [apps.eve, 0, 2],
    ]);
  });

  it('answers in the same number of statements however many applications there are', async () => {
    const before = await statementsDuring(t.database, () => dashboard());
    await apply('fay', true);
    await apply('gus', false);
    expect(await statementsDuring(t.database, () => dashboard())).toBe(before);
  });

  it('hears of a submission at once: the reviews topic announces it', async () => {
    const res = await t.request('GET', '/api/events?topic=reviews', { as: admin });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no event with ${needle} in: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value);
      }
    };
    try {
      await until('event: ready');
      await apply('hal', true);
      await until(`"program_id":"${programId}"`);
    } finally {
      await reader.cancel();
    }
  });

  it('is for the program’s admins: reviewers and coalition managers 403, others 404', async () => {
    const status = async (cookie: string | null) =>
      (await t.json('GET', `/api/programs/${programId}/dashboard`, { as: cookie })).status;
    expect(await status(world.cookies.superAdmin)).toBe(200);
    expect(await status(world.cookies.reviewer)).toBe(403);
    expect(await status(world.cookies.coalitionManager)).toBe(403);
    expect(await status(world.cookies.otherOrgAdmin)).toBe(404);
    expect(await status(world.cookies.applicant)).toBe(404);
    expect(await status(null)).toBe(401);
  });
});

describe('coalition program dashboard, read-only (issue 33 item 18)', () => {
  const LAKESIDE = demoProgramId(14); // Youth Scholarship Alliance only
  const YOUTH_ALLIANCE = 'youth-scholarship-alliance';
  const managerView = (cookie: string | null, slug = world.slugs.coalition, id = programId) =>
    t.json<CoalitionDashboard>('GET', `/api/coalitions/${slug}/programs/${id}/dashboard`, { as: cookie });

  it("gives the coalition's manager the admins' numbers, reviewers numbered, nobody's email or id", async () => {
    const [mine, theirs] = [await okBody(managerView(world.cookies.coalitionManager)), await dashboard()];
    expect(mine.program).toEqual(theirs.program);
    expect(mine.funnel).toEqual(theirs.funnel);
    expect(mine.per_day).toEqual(theirs.per_day);
    expect(mine.reviewers).toEqual(
      theirs.reviewers.map((r, i) => ({
        label: `Reviewer ${i + 1}`,
        touched: r.touched,
        finalized: r.finalized,
        assigned: r.assigned,
      })),
    );
    expect(mine.drafts).toEqual({
      ...theirs.drafts,
      items: theirs.drafts.items.map(({ application_id: _, ...rest }) => rest),
    });
    expect(mine.drafts.items[0].applicant_name).toBe('Dan Applicant');
    const text = JSON.stringify(mine);
    for (const r of theirs.reviewers) {
      expect(text).not.toContain(r.user_id);
      if (r.email) expect(text).not.toContain(r.email);
      if (r.name) expect(text).not.toContain(r.name);
    }
    for (const id of Object.values(apps)) expect(text).not.toContain(id);
    // A super admin reads it too.
    expect((await managerView(world.cookies.superAdmin)).status).toBe(200);
  });

  it('refuses everyone else: another coalition’s manager, admins, reviewers (403), strangers (401)', async () => {
    const status = async (cookie: string | null, slug?: string, id?: string) =>
      (await managerView(cookie, slug, id)).status;
    expect(await status(world.cookies.otherCoalitionManager)).toBe(403);
    expect(await status(world.cookies.orgAdmin)).toBe(403);
    expect(await status(world.cookies.reviewer)).toBe(403);
    expect(await status(world.cookies.applicant)).toBe(403);
    expect(await status(null)).toBe(401);
    // Through their own coalition, another coalition's manager still does not reach this program.
    expect(await status(world.cookies.otherCoalitionManager, YOUTH_ALLIANCE)).toBe(404);
    // A program outside the coalition: 404 to its manager, through either coalition.
    expect(await status(world.cookies.coalitionManager, world.slugs.coalition, LAKESIDE)).toBe(404);
    expect(await status(world.cookies.coalitionManager, YOUTH_ALLIANCE, LAKESIDE)).toBe(403);
    expect(await status(world.cookies.otherCoalitionManager, YOUTH_ALLIANCE, LAKESIDE)).toBe(200);
    expect(await status(world.cookies.coalitionManager, 'no-such-coalition')).toBe(404);
    // The admins' dashboard, with its actions, stays theirs.
    expect(
      (await t.json('GET', `/api/programs/${programId}/dashboard`, { as: world.cookies.coalitionManager }))
        .status,
    ).toBe(403);
  });

  it('names no applicant in a blind program, as the manager’s downloads do not', async () => {
    await setScoring(t, admin, programId, { blind: true });
    const mine = await okBody(managerView(world.cookies.coalitionManager));
    expect(mine.drafts.items.length).toBeGreaterThan(0);
    expect(mine.drafts.items.every((i) => i.applicant_name === null)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('Dan Applicant');
    // The program's admins still see who is drafting.
    expect((await dashboard()).drafts.items[0].applicant_name).toBe('Dan Applicant');
  });
});

describe('fillDays', () => {
  it('keeps at most 400 days, the latest', () => {
    const days = fillDays(
      [],
      new Date('2020-01-01T00:00:00Z'),
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(days).toHaveLength(400);
    expect(days[days.length - 1].day).toBe('2026-01-01');
  });

  it('runs up to a close that fits, and ends today when a far-off close would push the applications out', () => {
    const near = fillDays(
      [{ day: '2026-02-01', started: 1, submitted: 1 }],
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-03-10T12:00:00Z'),
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(near[0].day).toBe('2026-01-01');
    expect(near[near.length - 1].day).toBe('2026-03-10');
    const far = fillDays(
      [{ day: '2026-02-01', started: 1, submitted: 1 }],
      new Date('2026-01-01T00:00:00Z'),
      new Date('2029-06-01T12:00:00Z'),
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(far[0].day).toBe('2026-01-01');
    expect(far[far.length - 1].day).toBe('2026-03-01');
    expect(far.find((d) => d.day === '2026-02-01')?.submitted).toBe(1);
  });

  it('without dates, runs from the first application to today', () => {
    const days = fillDays(
      [{ day: '2026-05-30', started: 2, submitted: 1 }],
      null,
      null,
      new Date('2026-06-01T10:00:00Z'),
    );
    expect(days.map((d) => d.day)).toEqual(['2026-05-30', '2026-05-31', '2026-06-01']);
  });
});

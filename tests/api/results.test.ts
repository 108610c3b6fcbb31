import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, publications } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import {
  publishedResultSchema,
  publishProgramCardSchema,
  publishQueueSchema,
  publishResultSchema,
} from '../../src/shared/schemas/results';
import {
  completeProfile,
  onboardedUser,
  reviewApplication,
  startApplication,
  submitApplication,
} from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

const onPostgres = !!process.env.DATABASE_URL;
const NOT_FINALIZED = 'Only finalized results of this program can be published.';
/** Values that must never reach an applicant when hidden (distinctive, so a leak anywhere is found). */
const SECRET_SCORE = 87.25;
const SECRET_COMMENT = 'Hidden-remark-7f3c intonation drifts under pressure';

let t: TestApp;
let world: World;
let admin: string;
/** Young Composers Competition: its saved reviewer form shows score and comments, not decision. */
const program = demoProgramId(4);
const noFormProgram = demoProgramId(3); // Summer Theatre Intensive: no saved reviewer form
const people: Record<'ana' | 'ben' | 'cy' | 'dee' | 'eve', { id: string; cookie: string }> = {} as never;
const apps: Record<'ana' | 'ben' | 'cy' | 'dee' | 'eve' | 'other', string> = {} as never;

const DAY = 86_400_000;
/** When the admin finalized Ana's review (the queue shows it). */
let anaFinalizedAt: Date;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  const seededAt = t.clock.now();
  for (const [key, name] of [
    ['ana', 'Ana Ortiz'],
    ['ben', 'Ben Okafor'],
    ['cy', 'Cy Draft'],
    ['dee', 'Dee Noreview'],
    ['eve', 'Eve Nodefaults'],
  ] as const) {
    people[key] = await onboardedUser(t, `${key}@results.test`, name);
    await completeProfile(t, people[key].cookie);
  }
  const apply = async (key: keyof typeof people, programId: string) => {
    const id = await startApplication(t, people[key].cookie, programId);
    await submitApplication(t, people[key].cookie, id);
    return id;
  };

  // The Young Composers Competition closed four days ago: everyone applied while it was open.
  t.clock.set(new Date(seededAt.getTime() - 30 * DAY));
  for (const key of ['ana', 'ben', 'cy', 'dee'] as const) apps[key] = await apply(key, program);
  // Its reviewer form showed decisions while the admin reviewed; then the admin hid them.
  const reviewerForm = (show_decision: boolean) =>
    t.json('PUT', `/api/programs/${program}/review-form`, {
      as: admin,
      body: {
        show_score: true,
        show_comments: true,
        show_decision,
        decision_options: ['accept', 'waitlist', 'reject'],
      },
    });
  expect((await reviewerForm(true)).status).toBe(200);
  t.clock.set(new Date(seededAt.getTime() - 3 * DAY));
  anaFinalizedAt = t.clock.now();
  await reviewApplication(t, admin, apps.ana, {
    decision: 'accept',
    score: SECRET_SCORE,
    comments: 'Strong tone and lovely phrasing throughout',
  });
  t.clock.advance(DAY);
  await reviewApplication(t, admin, apps.ben, {
    decision: 'waitlist',
    score: SECRET_SCORE,
    comments: SECRET_COMMENT,
  });
  await reviewApplication(t, admin, apps.cy, { score: 5, finalize: false });
  // Dee's application has no review at all.
  expect((await reviewerForm(false)).status).toBe(200);

  // Summer Theatre Intensive (no saved reviewer form: no decisions) opens in ten days.
  t.clock.set(new Date(seededAt.getTime() + 15 * DAY));
  apps.eve = await apply('eve', noFormProgram);
  await reviewApplication(t, admin, apps.eve, { score: SECRET_SCORE, comments: SECRET_COMMENT });
  t.clock.set(seededAt);

  // Ana also applied to the other organization's (open) program.
  apps.other = await apply('ana', world.ids.otherOrgProgram);
  await reviewApplication(t, world.cookies.otherOrgAdmin as string, apps.other, {
    decision: 'approved',
    score: 1,
  });
}, 180_000);
afterAll(() => t.close());

async function queue(id = program, as = admin) {
  const res = await t.json('GET', `/api/programs/${id}/publish-queue`, { as });
  expect(res.status).toBe(200);
  return publishQueueSchema.parse(res.body);
}

async function publish(body: unknown, id = program, as: string | null = admin) {
  return t.json('POST', `/api/programs/${id}/publish-results`, { as, body });
}

async function resultsOf(cookie: string) {
  const res = await t.request('GET', '/api/me/results', { as: cookie });
  expect(res.status).toBe(200);
  const text = await res.text();
  const body = JSON.parse(text) as { items: unknown[]; total: number };
  return { text, items: body.items.map((i) => publishedResultSchema.parse(i)) };
}

const stored = (applicationId: string) =>
  t.deps.db.select().from(publications).where(eq(publications.applicationId, applicationId));
const notificationsOf = (userId: string) =>
  t.deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'results_published')));

/** Reads one server-sent event stream until a `change` event arrives (bounded wait). */
async function nextChange(res: Response, ms = 5000): Promise<unknown> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    for (;;) {
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.split('\n').includes('event: change')) {
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          return JSON.parse(data);
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no change event in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no change event in time')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

describe(`publishing results on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("lists the program's finalized results only, newest first, with the reviewer form's defaults", async () => {
    const q = await queue();
    expect(q.program).toEqual({
      id: program,
      name: 'Young Composers Competition',
      organization_slug: 'riverside-arts',
    });
    expect(q.items.map((i) => i.application_id)).toEqual([apps.ben, apps.ana]);
    expect(q.items[1]).toEqual({
      application_id: apps.ana,
      program_name: 'Young Composers Competition',
      applicant_name: 'Ana Ortiz',
      decision: 'accept',
      score: SECRET_SCORE,
      comments: 'Strong tone and lovely phrasing throughout',
      review_finalized_at: anaFinalizedAt.toISOString(),
      already_published: false,
    });
    // Decision only by default; this program's reviewers do not decide, so nothing is ticked.
    expect(q.default_visibility).toEqual({
      decision: false,
      score: false,
      comments: false,
      customMessage: null,
    });
    // Without a saved reviewer form the spec's defaults apply.
    expect((await queue(noFormProgram)).default_visibility).toEqual({
      decision: true,
      score: false,
      comments: false,
      customMessage: null,
    });
  });

  it('refuses ids that are not finalized results of this program, publishing nothing', async () => {
    for (const ids of [[apps.cy], [apps.dee], [apps.other], [apps.ana, apps.cy], [apps.eve]]) {
      const res = await publish({ mode: 'selected', application_ids: ids, visibility: { decision: true } });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(NOT_FINALIZED);
    }
    expect(await stored(apps.ana)).toEqual([]);
    expect(await notificationsOf(people.ana.id)).toEqual([]);
    expect((await resultsOf(people.ana.cookie)).items).toEqual([]);
  });

  it('needs at least one selected id', async () => {
    const res = await publish({ mode: 'selected', application_ids: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Select at least one result to publish.');
  });

  it('publishes a selected result once, storing only the visible fields', async () => {
    const res = await publish({
      mode: 'selected',
      application_ids: [apps.ana],
      visibility: { decision: true, score: false, comments: true, customMessage: '   ' },
    });
    expect(res.status).toBe(200);
    const result = publishResultSchema.parse(res.body);
    expect(result.message).toBe('Published 1 selected result(s).');
    expect(result.published).toBe(1);
    expect(result.items).toMatchObject([
      { application_id: apps.ana, applicant_name: 'Ana Ortiz', already_published: false },
    ]);

    const [row] = await stored(apps.ana);
    expect(row.visibility).toEqual({ decision: true, score: false, comments: true, customMessage: null });
    expect(row.payload).toEqual({
      decision: 'accept',
      score: null,
      comments: 'Strong tone and lovely phrasing throughout',
    });
    expect(JSON.stringify(row.payload)).not.toContain(String(SECRET_SCORE));
    expect(row.userId).toBe(people.ana.id);
    expect(row.programId).toBe(program);

    // Twice: still one publication and one notification.
    const again = await publish({
      mode: 'selected',
      application_ids: [apps.ana],
      visibility: { score: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.published).toBe(0);
    expect(again.body.message).toBe('Published 0 selected result(s).');
    expect(await stored(apps.ana)).toHaveLength(1);
    expect((await stored(apps.ana))[0].payload.score).toBeNull();
    const notes = await notificationsOf(people.ana.id);
    expect(notes).toHaveLength(1);
    expect(notes[0].data).toMatchObject({
      publication_id: row.id,
      program_name: 'Young Composers Competition',
    });
  });

  it('shows the applicant only their own results and never a hidden field', async () => {
    const ana = await resultsOf(people.ana.cookie);
    expect(ana.items).toHaveLength(1);
    expect(ana.items[0]).toMatchObject({
      program_name: 'Young Composers Competition',
      visibility: { decision: true, score: false, comments: true, customMessage: null },
      payload: { decision: 'accept', score: null, comments: 'Strong tone and lovely phrasing throughout' },
    });
    expect(ana.text).not.toContain(String(SECRET_SCORE));
    // Ben's is not published yet; nobody else sees Ana's.
    expect((await resultsOf(people.ben.cookie)).items).toEqual([]);
    expect((await resultsOf(world.cookies.orgAdmin as string)).items).toEqual([]);
    expect((await t.json('GET', '/api/me/results')).status).toBe(401);
  });

  it('publishes all finalized results not yet published, notifying each applicant live', async () => {
    const events = await t.request('GET', `/api/events?topic=notifications:${people.ben.id}`, {
      as: people.ben.cookie,
    });
    expect(events.status).toBe(200);
    const change = nextChange(events);
    const res = await publish({
      mode: 'all_finalized',
      visibility: {
        decision: true,
        score: false,
        comments: false,
        customMessage: 'Thank you for auditioning.',
      },
      only_unpublished: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Published 1 finalized result(s).');
    expect(res.body.items.map((i: { application_id: string }) => i.application_id)).toEqual([apps.ben]);
    expect(await change).toMatchObject({ type: 'results_published' });

    const ben = await resultsOf(people.ben.cookie);
    expect(ben.items).toHaveLength(1);
    expect(ben.items[0].payload).toEqual({ decision: 'waitlist', score: null, comments: null });
    expect(ben.items[0].visibility.customMessage).toBe('Thank you for auditioning.');
    expect(ben.text).not.toContain('Hidden-remark-7f3c');
    expect(ben.text).not.toContain(String(SECRET_SCORE));
    const [row] = await stored(apps.ben);
    expect(JSON.stringify(row.payload)).not.toContain('Hidden-remark-7f3c');
    expect(await notificationsOf(people.ben.id)).toHaveLength(1);

    // Ana's earlier publication is untouched and still only hers.
    expect((await resultsOf(people.ana.cookie)).items).toHaveLength(1);
    expect(await notificationsOf(people.ana.id)).toHaveLength(1);

    // The draft and unreviewed applications were not published.
    expect(await stored(apps.cy)).toEqual([]);
    expect(await stored(apps.dee)).toEqual([]);

    // Everything is published now: the queue says so, and publishing all again is a no-op.
    expect((await queue()).items.every((i) => i.already_published)).toBe(true);
    const again = await publish({ mode: 'all_finalized', only_unpublished: false });
    expect(again.body.published).toBe(0);
    expect(
      again.body.items.map((i: { application_id: string; already_published: boolean }) => [
        i.application_id,
        i.already_published,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [apps.ana, true],
        [apps.ben, true],
      ]),
    );
  });

  it('corrects what was sent: new visibility and payload, applicants notified; other ids refused', async () => {
    const update = (body: unknown, as: string | null = admin) =>
      t.json('POST', `/api/programs/${program}/update-published-results`, { as, body });
    const benNotes = (await notificationsOf(people.ben.id)).length;
    // Cy's review is a draft, Dee has none, Eve's is another program's: nothing changes.
    for (const ids of [[apps.cy], [apps.ben, apps.dee], [apps.eve]]) {
      const res = await update({ application_ids: ids, visibility: { score: true } });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('Only published results of this program can be updated.');
    }
    expect((await resultsOf(people.ben.cookie)).items[0].payload.score).toBeNull();
    expect(
      (await update({ application_ids: [apps.ben], visibility: {} }, world.cookies.reviewer)).status,
    ).toBe(403);
    expect(
      (await update({ application_ids: [apps.ben], visibility: {} }, world.cookies.otherOrgAdmin)).status,
    ).toBe(404);
    expect((await update({ application_ids: [apps.ben], visibility: {} }, null)).status).toBe(401);

    const res = await update({
      application_ids: [apps.ben],
      visibility: { decision: true, score: true, comments: true, customMessage: 'Corrected.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Updated 1 published result(s).', updated: 1 });
    const ben = await resultsOf(people.ben.cookie);
    expect(ben.items).toHaveLength(1);
    expect(ben.items[0].payload).toEqual({
      decision: 'waitlist',
      score: SECRET_SCORE,
      comments: SECRET_COMMENT,
    });
    expect(ben.items[0].visibility.customMessage).toBe('Corrected.');
    expect(await notificationsOf(people.ben.id)).toHaveLength(benNotes + 1);
    // Ana's publication is untouched.
    expect((await resultsOf(people.ana.cookie)).items[0].payload.score).toBeNull();

    // Without ids: every published result of the program; hiding again hides everywhere.
    const all = await update({ visibility: { decision: true, score: false, comments: false } });
    expect(all.body.updated).toBe(2);
    expect((await resultsOf(people.ben.cookie)).text).not.toContain('Hidden-remark-7f3c');
  });

  it('uses the program defaults when no visibility is sent (spec defaults without a reviewer form)', async () => {
    const res = await publish({ mode: 'all_finalized' }, noFormProgram);
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(1);
    const [row] = await stored(apps.eve);
    expect(row.visibility).toEqual({ decision: true, score: false, comments: false, customMessage: null });
    // Without a reviewer form there were no decisions to record; the score and comments stay hidden.
    expect(row.payload).toEqual({ decision: null, score: null, comments: null });
    const eve = await resultsOf(people.eve.cookie);
    expect(eve.items).toHaveLength(1);
    expect(eve.text).not.toContain('Hidden-remark-7f3c');
    expect(eve.text).not.toContain(String(SECRET_SCORE));
  });

  it("lists an applicant's results newest first", async () => {
    // Ana also has a result in the other organization's program.
    t.clock.advance(60_000);
    const res = await publish(
      { mode: 'selected', application_ids: [apps.other] },
      world.ids.otherOrgProgram,
      world.cookies.otherOrgAdmin,
    );
    expect(res.status).toBe(200);
    const ana = await resultsOf(people.ana.cookie);
    expect(ana.items.map((i) => i.program_name)).toEqual([
      expect.not.stringMatching(/^Young Composers Competition$/),
      'Young Composers Competition',
    ]);
  });

  it('lets only admins of the program publish (program admins included)', async () => {
    const reviewer = await publish({ mode: 'all_finalized' }, program, world.cookies.reviewer);
    expect(reviewer.status).toBe(403);
    const otherReviewer = await publish({ mode: 'all_finalized' }, program, world.cookies.otherReviewer);
    expect(otherReviewer.status).toBe(404);
    expect(
      (await t.json('GET', `/api/programs/${program}/publish-queue`, { as: world.cookies.applicant })).status,
    ).toBe(404);
    // A program admin added by email publishes and sees the queue.
    const pat = (await onboardedUser(t, 'pa@results.test', 'Pat Admin')).cookie;
    const add = await t.json('POST', `/api/programs/${noFormProgram}/admins`, {
      as: admin,
      body: { email: 'pa@results.test' },
    });
    expect(add.status).toBe(200);
    expect((await queue(noFormProgram, pat)).items).toHaveLength(1);
    expect((await t.json('GET', `/api/programs/${program}/publish-queue`, { as: pat })).status).toBe(404);
    // Their gallery lists only their program.
    const gallery = await t.json('GET', '/api/orgs/riverside-arts/publish/programs', { as: pat });
    expect(gallery.status).toBe(200);
    expect(gallery.body.items.map((p: { id: string }) => p.id)).toEqual([noFormProgram]);
  });

  it('shows the gallery of published programs with finalized and published counts', async () => {
    const res = await t.json('GET', '/api/orgs/riverside-arts/publish/programs', { as: admin });
    expect(res.status).toBe(200);
    const items = res.body.items.map((i: unknown) => publishProgramCardSchema.parse(i));
    const youth = items.find((p: { id: string }) => p.id === program);
    expect(youth).toMatchObject({
      name: 'Young Composers Competition',
      finalized_count: 2,
      published_count: 2,
    });
    expect(items.find((p: { id: string }) => p.id === noFormProgram)).toMatchObject({
      finalized_count: 1,
      published_count: 1,
    });
    // Only published programs (Fall Dance Showcase is a draft).
    expect(items.some((p: { id: string }) => p.id === world.ids.draftProgram)).toBe(false);
    // Youth Orchestra Auditions has the demo data set's one finalized review, not published here.
    expect(items.find((p: { id: string }) => p.id === demoProgramId(1))).toMatchObject({
      finalized_count: 1,
      published_count: 0,
    });
    expect((await t.json('GET', '/api/orgs/no-such-org/publish/programs', { as: admin })).status).toBe(404);
    expect(
      (await t.json('GET', '/api/orgs/riverside-arts/publish/programs', { as: world.cookies.reviewer }))
        .status,
    ).toBe(403);
  });

  it('lets a user watch only their own notifications topic', async () => {
    const own = await t.request('GET', `/api/events?topic=notifications:${people.ana.id}`, {
      as: people.ana.cookie,
    });
    expect(own.status).toBe(200);
    await own.body?.cancel();
    const other = await t.request('GET', `/api/events?topic=notifications:${people.ben.id}`, {
      as: people.ana.cookie,
    });
    expect(other.status).toBe(403);
    const superAdmin = await t.request('GET', `/api/events?topic=notifications:${people.ben.id}`, {
      as: world.cookies.superAdmin,
    });
    expect(superAdmin.status).toBe(403);
    await superAdmin.body?.cancel();
  });
});

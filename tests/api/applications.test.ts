import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, programs, user } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoDraftApplicationId, demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { mergeAnswers } from '../../src/shared/domain/answer-merge';
import { PROFILE_PROBLEMS_HEADING } from '../../src/shared/domain/profile-completeness';
import {
  applicationPreviewSchema,
  applicationSchema,
  myDraftSchema,
  mySubmissionSchema,
  savedAnswersSchema,
  staleAnswersSchema,
  submitRefusedSchema,
} from '../../src/shared/schemas/applications';
import { completeProfile as fillProfile } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';

/** Youth Orchestra Auditions: published, open (opened 10 days ago, closes in 3 weeks), profile autofill on. */
const PROGRAM = demoProgramId(1);
const DAY = 86_400_000;

let t: TestApp;
let seededAt: Date;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  seededAt = t.clock.now();
  await seed(t.deps.db, { demo: true, now: seededAt });
}, 120_000);
afterAll(() => t.close());

/** A new onboarded applicant with an application to the program. */
async function applicant(programId = PROGRAM) {
  n += 1;
  const email = `applicant.${n}@example.test`;
  const cookie = await t.signIn(email, `Applicant ${n}`);
  const onboard = await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
  expect(onboard.status).toBe(200);
  const started = await t.json('POST', `/api/programs/${programId}/applications`, { as: cookie });
  expect(started.status).toBe(200);
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, appId: started.body.id as string, userId: row.id, email };
}

/** Ada's complete profile, filled in through PUT /api/me/profile and the resume uploader. */
async function completeProfile(cookie: string) {
  await fillProfile(t, cookie, {
    full_name: 'Ada Applicant',
    email: 'ada@example.test',
    parent_guardian_email: 'parent@example.test',
    personal_statement: 'I love music.',
  });
}

const recording = (appId: string, key = 'q_recording') => ({
  fileName: 'take1.mp3',
  filePath: `applications/${appId}/${key}/1717000000000_take1.mp3`,
  fileSize: 2048,
  contentType: 'audio/mpeg',
  uploadedAt: '2026-06-01T12:00:00.000Z',
});

const complete = (appId: string) => ({
  q_instrument: 'Cello',
  q_years_playing: '8 years',
  q_repertoire: 'Bach Suite No. 1 and Elgar concerto, first movement.',
  q_recording: recording(appId),
  q_preferred_date: '2026-06-20',
  q_rehearsal_commitment: true,
});

async function load(appId: string, as: string | null) {
  return t.json('GET', `/api/applications/${appId}`, { as });
}
async function save(appId: string, as: string, answers: Record<string, unknown>, version: number) {
  return t.json('PUT', `/api/applications/${appId}/answers`, { as, body: { answers, version } });
}
async function submit(appId: string, as: string, answers: Record<string, unknown>, version: number) {
  return t.json('POST', `/api/applications/${appId}/submit`, { as, body: { answers, version } });
}
async function stored(appId: string) {
  const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, appId));
  return row;
}

describe('GET /api/applications/{id}', () => {
  it("answers the applicant's own application with its program, window, live form and live profile", async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    const res = await load(a.appId, a.cookie);
    expect(res.status).toBe(200);
    const app = applicationSchema.parse(res.body);
    expect(app).toMatchObject({
      id: a.appId,
      status: 'draft',
      answers: {},
      version: 1,
      submitted_at: null,
      role: 'owner',
      editable: true,
      program: {
        id: PROGRAM,
        name: 'Youth Orchestra Auditions',
        organization_name: 'Riverside Arts Center',
        window: 'open',
      },
    });
    expect(app.program.form.questions.map((q) => q.key)).toContain('q_recording');
    expect(app.profile).toMatchObject({ source: 'live', snapshot_at: null });
    expect(app.profile?.data).toMatchObject({ full_name: 'Ada Applicant', email: 'ada@example.test' });
  });

  it("answers 404 'Not authorized or application not found' for another applicant's application", async () => {
    const a = await applicant();
    const b = await applicant();
    for (const path of [`/api/applications/${a.appId}`]) {
      const res = await t.json('GET', path, { as: b.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Not authorized or application not found');
    }
    const put = await save(a.appId, b.cookie, { q_years_playing: 'hijack' }, 1);
    expect(put.status).toBe(404);
    const sub = await submit(a.appId, b.cookie, {}, 1);
    expect(sub.status).toBe(404);
    expect((await stored(a.appId)).answers).toEqual({});
    const missing = await load('00000000-0000-4000-8000-000000000000', a.cookie);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Not authorized or application not found');
    // A malformed id names nothing: not found, like any application not the caller's (decision 052).
    const bad = await load('not-a-uuid', a.cookie);
    expect(bad.status).toBe(404);
  });

  it("hides a draft from the program's reviewers; after submission they read it (locked, snapshot)", async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    const reviewer = await t.signIn('reviewer@demo.test');
    expect((await load(a.appId, reviewer)).status).toBe(404);
    const done = await submit(a.appId, a.cookie, complete(a.appId), 1);
    expect(done.status).toBe(200);
    const res = await load(a.appId, reviewer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'reviewer', editable: false, status: 'submitted' });
    expect(res.body.profile.source).toBe('snapshot');
  });
});

describe('PUT /api/applications/{id}/answers (autosave)', () => {
  it('saves the answers and bumps the version', async () => {
    const a = await applicant();
    const res = await save(a.appId, a.cookie, { q_instrument: 'Viola', q_years_playing: '3' }, 1);
    expect(res.status).toBe(200);
    expect(savedAnswersSchema.parse(res.body)).toMatchObject({
      answers: { q_instrument: 'Viola', q_years_playing: '3' },
      version: 2,
      status: 'draft',
    });
    const again = await load(a.appId, a.cookie);
    expect(again.body.answers).toEqual({ q_instrument: 'Viola', q_years_playing: '3' });
    expect(again.body.version).toBe(2);
  });

  it('DROPS answers for keys that are not questions of the live form (never stored, no error)', async () => {
    const a = await applicant();
    const res = await save(
      a.appId,
      a.cookie,
      { q_instrument: 'Flute', q_not_a_question: 'x', __source: 'me' },
      1,
    );
    expect(res.status).toBe(200);
    expect(res.body.answers).toEqual({ q_instrument: 'Flute' });
    expect((await stored(a.appId)).answers).toEqual({ q_instrument: 'Flute' });
  });

  it('cuts long text at the word limit and short text at maxLength; empty answers are cleared', async () => {
    const a = await applicant();
    const words = Array.from({ length: 130 }, (_, i) => `w${i}`).join(' ');
    const res = await save(
      a.appId,
      a.cookie,
      { q_repertoire: words, q_years_playing: 'x'.repeat(50), q_preferred_date: '', q_instrument: null },
      1,
    );
    expect(res.status).toBe(200);
    expect((res.body.answers.q_repertoire as string).split(' ')).toHaveLength(120);
    expect(res.body.answers.q_years_playing).toBe('x'.repeat(20));
    expect(res.body.answers).not.toHaveProperty('q_preferred_date');
    expect(res.body.answers).not.toHaveProperty('q_instrument');
  });

  it('refuses values of the wrong kind (select option, checkbox, date, file path), changing nothing', async () => {
    const a = await applicant();
    const cases: Record<string, unknown>[] = [
      { q_instrument: 'Kazoo' },
      { q_rehearsal_commitment: 'yes' },
      { q_preferred_date: '20/06/2026' },
      { q_preferred_date: '2026-02-30' },
      { q_years_playing: 12 },
      { q_recording: 'applications/x.mp3' },
      { q_recording: { ...recording(a.appId), filePath: `applications/${a.appId}/q_other/1_x.mp3` } },
      { q_recording: { ...recording(a.appId), filePath: `profiles/${a.userId}/resume/1_resume.pdf` } },
    ];
    for (const answers of cases) {
      const res = await save(a.appId, a.cookie, answers, 1);
      expect(res.status, JSON.stringify(answers)).toBe(422);
      expect(res.body.error.fields).toHaveProperty(Object.keys(answers)[0]);
    }
    expect(await stored(a.appId)).toMatchObject({ answers: {}, version: 1 });
    const ok = await save(
      a.appId,
      a.cookie,
      { q_recording: recording(a.appId), q_rehearsal_commitment: false },
      1,
    );
    expect(ok.status).toBe(200);
  });

  it('refuses a stale version with 409 carrying the server answers and version; an acknowledged retry is idempotent', async () => {
    const a = await applicant();
    const first = await save(a.appId, a.cookie, { q_instrument: 'Oboe' }, 1);
    expect(first.body.version).toBe(2);
    // The same save again (its answer was lost on the way back): acknowledged, nothing changes.
    const retry = await save(a.appId, a.cookie, { q_instrument: 'Oboe' }, 1);
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(2);
    expect((await stored(a.appId)).version).toBe(2);
    // A different save based on version 1: stale.
    const stale = await save(a.appId, a.cookie, { q_instrument: 'Horn' }, 1);
    expect(stale.status).toBe(409);
    const body = staleAnswersSchema.parse(stale.body);
    expect(body.current).toEqual({ answers: { q_instrument: 'Oboe' }, version: 2 });
    expect((await stored(a.appId)).answers).toEqual({ q_instrument: 'Oboe' });
  });

  it('two tabs editing different answers at once: after the 409 merge both answers survive', async () => {
    const a = await applicant();
    const base = { q_instrument: 'Violin' };
    expect((await save(a.appId, a.cookie, base, 1)).status).toBe(200);
    const tabA = { ...base, q_years_playing: '5' };
    const tabB = { ...base, q_repertoire: 'Two pieces' };
    const [ra, rb] = await Promise.all([save(a.appId, a.cookie, tabA, 2), save(a.appId, a.cookie, tabB, 2)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const [loserLocal, loserRes] = ra.status === 409 ? [tabA, ra] : [tabB, rb];
    const current = staleAnswersSchema.parse(loserRes.body).current;
    const merged = mergeAnswers(base, loserLocal, current.answers);
    expect(merged.conflicts).toEqual([]);
    const resave = await save(a.appId, a.cookie, merged.answers, current.version);
    expect(resave.status).toBe(200);
    expect((await stored(a.appId)).answers).toEqual({
      q_instrument: 'Violin',
      q_years_playing: '5',
      q_repertoire: 'Two pieces',
    });
  });

  it('a submitted application stays submitted on save and cannot lose a required answer', async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    const done = await submit(a.appId, a.cookie, complete(a.appId), 1);
    expect(done.status).toBe(200);
    const edited = await save(
      a.appId,
      a.cookie,
      { ...complete(a.appId), q_years_playing: '9 years' },
      done.body.version,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('submitted');
    const emptied = await save(
      a.appId,
      a.cookie,
      { ...complete(a.appId), q_years_playing: ' ' },
      edited.body.version,
    );
    expect(emptied.status).toBe(422);
    expect(emptied.body.error.message).toBe(
      'Please complete the following required fields: Years of study on this instrument',
    );
    expect(await stored(a.appId)).toMatchObject({ status: 'submitted', version: edited.body.version });
  });
});

describe('POST /api/applications/{id}/submit', () => {
  it('refuses missing required answers with the spec message, keeping the answers saved and the draft', async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    const res = await submit(a.appId, a.cookie, { q_instrument: 'Cello', q_rehearsal_commitment: false }, 1);
    expect(res.status).toBe(422);
    const body = submitRefusedSchema.parse(res.body);
    expect(body.error.message).toBe(
      'Please complete the following required fields: Years of study on this instrument, List the two contrasting pieces you will perform, Pre-screening recording (MP4 or MP3), I can attend Saturday rehearsals from September to May',
    );
    expect(body.problems.profile).toEqual([]);
    expect(body.current).toEqual({
      answers: { q_instrument: 'Cello', q_rehearsal_commitment: false },
      version: 2,
    });
    expect(await stored(a.appId)).toMatchObject({
      status: 'draft',
      version: 2,
      submittedAt: null,
      profileSnapshot: null,
    });
  });

  it('refuses an incomplete profile, each line as the spec words it', async () => {
    const a = await applicant();
    const res = await submit(a.appId, a.cookie, complete(a.appId), 1);
    expect(res.status).toBe(422);
    const body = submitRefusedSchema.parse(res.body);
    expect(body.problems.required).toEqual([]);
    expect(body.problems.profile).toEqual([
      'Personal Information: Full Name, Date of Birth, Phone Number',
      'Personal Information: Address',
      'Family/Emergency Contact: At least one contact method required',
      'Writing & Essays: Personal Statement',
      'Experience & Portfolio: Resume',
    ]);
    expect(body.error.message).toBe([PROFILE_PROBLEMS_HEADING, ...body.problems.profile].join('\n'));
    expect((await stored(a.appId)).status).toBe('draft');
  });

  it('submits: fresh profile snapshot (__source, __version, __snapshot_at), status, submitted_at, one version', async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    const res = await submit(a.appId, a.cookie, complete(a.appId), 1);
    expect(res.status).toBe(200);
    expect(savedAnswersSchema.parse(res.body)).toMatchObject({ status: 'submitted', version: 3 });
    const row = await stored(a.appId);
    expect(row.status).toBe('submitted');
    expect(row.submittedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.profileSnapshot).toMatchObject({
      __source: 'profile',
      __version: 1,
      __snapshot_at: t.clock.now().toISOString(),
      full_name: 'Ada Applicant',
      date_of_birth: '2008-01-02',
      address_city: 'Springfield',
      personal_statement: 'I love music.',
      email: 'ada@example.test',
      resume_file: { fileName: 'resume.pdf' },
    });
    // The page shows the stored snapshot after submission, not the live profile.
    const changed = await t.json('PUT', '/api/me/profile', {
      as: a.cookie,
      body: { full_name: 'Changed Later' },
    });
    expect(changed.status).toBe(200);
    const view = await load(a.appId, a.cookie);
    expect(view.body.profile).toMatchObject({ source: 'snapshot', data: { full_name: 'Ada Applicant' } });
    expect(view.body.editable).toBe(true);
  });

  it('refuses a stale version with 409 and the current answers (nothing submitted)', async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    await save(a.appId, a.cookie, { q_instrument: 'Flute' }, 1);
    const res = await submit(a.appId, a.cookie, complete(a.appId), 1);
    expect(res.status).toBe(409);
    expect(res.body.current).toEqual({ answers: { q_instrument: 'Flute' }, version: 2 });
    expect((await stored(a.appId)).status).toBe('draft');
  });

  it('after the deadline nothing changes, whatever the client sends', async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    await save(a.appId, a.cookie, { q_instrument: 'Flute' }, 1);
    const before = await stored(a.appId);
    t.clock.set(new Date(seededAt.getTime() + 30 * DAY));
    try {
      const view = await load(a.appId, a.cookie);
      expect(view.body).toMatchObject({ editable: false, program: { window: 'closed' } });
      const sub = await submit(a.appId, a.cookie, complete(a.appId), 2);
      expect(sub.status).toBe(409);
      expect(sub.body.error.message).toBe('Cannot submit - deadline has passed');
      const put = await save(a.appId, a.cookie, complete(a.appId), 2);
      expect(put.status).toBe(409);
      expect(put.body.error.message).toBe('Application is locked - deadline has passed');
      const stale = await submit(a.appId, a.cookie, { q_instrument: 'Oboe' }, 99);
      expect(stale.status).toBe(409);
      expect(await stored(a.appId)).toEqual(before);
    } finally {
      t.clock.set(seededAt);
    }
  });

  it('before the window opens and while the program is not live, submit is refused with the spec texts', async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    t.clock.set(new Date(seededAt.getTime() - 20 * DAY));
    try {
      const res = await submit(a.appId, a.cookie, complete(a.appId), 1);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('Cannot submit - application has not opened yet');
      expect((await load(a.appId, a.cookie)).body.program.window).toBe('not_open');
    } finally {
      t.clock.set(seededAt);
    }
    await t.deps.db.update(programs).set({ published: false }).where(eq(programs.id, PROGRAM));
    try {
      const res = await submit(a.appId, a.cookie, complete(a.appId), 1);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('Cannot submit - application is not currently open');
      expect((await load(a.appId, a.cookie)).body.editable).toBe(false);
    } finally {
      await t.deps.db.update(programs).set({ published: true }).where(eq(programs.id, PROGRAM));
    }
    expect(await stored(a.appId)).toMatchObject({ status: 'draft', version: 1, answers: {} });
  });
});

describe('GET /api/applications/{id}/preview (public)', () => {
  it('gives visitors the program behind an application link, never answers or applicant data', async () => {
    const a = await applicant();
    await save(a.appId, a.cookie, { q_years_playing: 'SECRET-42' }, 1);
    const res = await t.json('GET', `/api/applications/${a.appId}/preview`, { as: null });
    expect(res.status).toBe(200);
    const preview = applicationPreviewSchema.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'application_schema',
        'close_at',
        'open_at',
        'organization_name',
        'program_description',
        'program_id',
        'program_name',
      ].sort(),
    );
    expect(preview).toMatchObject({
      program_id: PROGRAM,
      program_name: 'Youth Orchestra Auditions',
      organization_name: 'Riverside Arts Center',
    });
    expect(JSON.stringify(res.body)).not.toContain('SECRET-42');
    expect(JSON.stringify(res.body)).not.toContain(a.userId);
  });

  it('answers 404 for an unknown application and 400 for a non-UUID id', async () => {
    expect(
      (await t.json('GET', '/api/applications/00000000-0000-4000-8000-000000000001/preview')).status,
    ).toBe(404);
    expect((await t.json('GET', '/api/applications/nope/preview')).status).toBe(400);
  });
});

describe('GET /api/me/applications (My Submissions)', () => {
  it("lists the caller's non-draft applications newest first with program and organization names", async () => {
    const a = await applicant();
    await completeProfile(a.cookie);
    const empty = await t.json('GET', '/api/me/applications', { as: a.cookie });
    expect(empty.body).toEqual({ items: [], total: 0 });
    await submit(a.appId, a.cookie, complete(a.appId), 1);
    // A second program (Chamber Music Summer Scholarship), submitted a day later.
    const second = await t.json('POST', `/api/programs/${demoProgramId(11)}/applications`, { as: a.cookie });
    expect(second.status).toBe(200);
    const form = (await load(second.body.id, a.cookie)).body.program.form;
    t.clock.advance(DAY);
    try {
      const answers: Record<string, unknown> = {};
      for (const q of form.questions) {
        if (!q.required) continue;
        answers[q.key] =
          q.type === 'select'
            ? q.options[0]
            : q.type === 'checkbox'
              ? true
              : q.type === 'date'
                ? '2026-07-01'
                : q.type === 'file'
                  ? recording(second.body.id, q.key)
                  : 'An answer';
      }
      const res = await submit(second.body.id, a.cookie, answers, 1);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // A draft elsewhere is not listed.
      await t.json('POST', `/api/programs/${demoProgramId(5)}/applications`, { as: a.cookie });
    } finally {
      t.clock.set(seededAt);
    }
    const list = await t.json('GET', '/api/me/applications', { as: a.cookie });
    expect(list.status).toBe(200);
    const items = list.body.items.map((i: unknown) => mySubmissionSchema.parse(i));
    expect(items.map((i: { id: string }) => i.id)).toEqual([second.body.id, a.appId]);
    expect(items[1]).toMatchObject({
      program_name: 'Youth Orchestra Auditions',
      organization_name: 'Riverside Arts Center',
      status: 'submitted',
    });
    expect(list.body.total).toBe(2);
  });
});

describe('GET /api/me/applications/drafts (in progress)', () => {
  it("lists the caller's drafts of live programs with their window, soonest deadline first; never submitted ones", async () => {
    const a = await applicant();
    // Chamber Music Summer Scholarship (open) as a second draft.
    const second = await t.json('POST', `/api/programs/${demoProgramId(11)}/applications`, { as: a.cookie });
    expect(second.status).toBe(200);
    const res = await t.json('GET', '/api/me/applications/drafts', { as: a.cookie });
    expect(res.status).toBe(200);
    const items = res.body.items.map((i: unknown) => myDraftSchema.parse(i));
    expect(items.map((i: { id: string }) => i.id).sort()).toEqual([a.appId, second.body.id].sort());
    const closes = items.map((i: { close_at: string | null }) => i.close_at ?? '9999');
    expect(closes).toEqual([...closes].sort());
    expect(items.find((i: { id: string }) => i.id === a.appId)).toMatchObject({
      program_name: 'Youth Orchestra Auditions',
      organization_name: 'Riverside Arts Center',
    });
    expect(items[0].close_at).not.toBeNull();

    // Once submitted it leaves the drafts and shows in My Submissions.
    await completeProfile(a.cookie);
    expect((await submit(a.appId, a.cookie, complete(a.appId), 1)).status).toBe(200);
    const after = await t.json('GET', '/api/me/applications/drafts', { as: a.cookie });
    expect(after.body.items.map((i: { id: string }) => i.id)).toEqual([second.body.id]);
    // Another applicant sees none of them.
    const b = await t.signIn('someone.else@example.test', 'Someone Else');
    await t.request('POST', '/api/me/onboarding', { as: b, body: { accept_terms: true } });
    expect((await t.json('GET', '/api/me/applications/drafts', { as: b })).body).toEqual({
      items: [],
      total: 0,
    });
  });

  it('answers 401 signed out; the demo applicant has a draft in progress', async () => {
    expect((await t.json('GET', '/api/me/applications/drafts')).status).toBe(401);
    const demo = await t.signIn('applicant@demo.test');
    const res = await t.json('GET', '/api/me/applications/drafts', { as: demo });
    expect(res.body.items).toMatchObject([
      { id: demoDraftApplicationId(1), program_name: 'Dance Access Scholarship' },
    ]);
  });
});

describe('My Submissions: the published result', () => {
  it('carries the decision once published (only when the decision was sent), null before', async () => {
    const jordan = await t.signIn('jordan.lee@demo.test');
    const mine = async () =>
      (await t.json('GET', '/api/me/applications', { as: jordan })).body.items
        .map((i: unknown) => mySubmissionSchema.parse(i))
        .find((i: { id: string }) => i.id === demoReviewApplicationId(1));
    expect((await mine()).result).toBeNull();
    const admin = await t.signIn('admin@demo.test');
    const res = await t.json('POST', `/api/programs/${PROGRAM}/publish-results`, {
      as: admin,
      body: {
        mode: 'selected',
        application_ids: [demoReviewApplicationId(1)],
        visibility: { decision: true },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await mine()).result).toMatchObject({ decision: 'accept' });
  });
});

/**
 * Autosave and submit on the fast path (decision 014): once an application's form is remembered, a
 * save is one conditional UPDATE with no transaction, and every rule of the locked path still holds.
 * Each case warms the path with one save first, then breaks one rule.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applications,
  mailMessages,
  organizations,
  profiles,
  programs,
  session,
} from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoOrgId } from '../../src/server/db/seed/ids';
import type { ApplicationForm } from '../../src/shared/schemas/forms';
import { createTestApp, statementsDuring, type TestApp } from '../support/test-app';

const DAY = 86_400_000;
const form: ApplicationForm = {
  questions: [
    { key: 'name', type: 'short_text', label: 'Stage name', required: true, maxLength: 20 },
    { key: 'essay', type: 'long_text', label: 'Essay', required: false, maxWords: 3 },
    { key: 'level', type: 'select', label: 'Level', required: false, options: ['Junior', 'Senior'] },
  ],
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
};

let t: TestApp;
let now: Date;
let programId: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  await seed(t.deps.db, { demo: true, now });
  const [row] = await t.deps.db
    .insert(programs)
    .values({
      organizationId: demoOrgId(1),
      name: 'Write path program',
      type: 'application',
      published: true,
      publishedAt: now,
      reviewStatus: 'published',
      openAt: new Date(now.getTime() - DAY),
      closeAt: new Date(now.getTime() + DAY),
      form,
    })
    .returning({ id: programs.id });
  programId = row.id;
}, 120_000);
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  t.clock.set(now);
});

/** A new onboarded applicant with a draft, already saved once (so its form is remembered). */
async function warmApplicant() {
  n += 1;
  const cookie = await t.signIn(`writer.${n}@example.test`, `Writer ${n}`);
  expect(
    (await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } })).status,
  ).toBe(200);
  const started = await t.json('POST', `/api/programs/${programId}/applications`, { as: cookie });
  expect(started.status).toBe(200);
  const id = started.body.id as string;
  const first = await save(id, cookie, { name: 'Warm' }, 1);
  expect(first.status).toBe(200);
  return { id, cookie, version: first.body.version as number };
}

const save = (id: string, as: string, answers: Record<string, unknown>, version: number) =>
  t.json('PUT', `/api/applications/${id}/answers`, { as, body: { answers, version } });
const submit = (id: string, as: string, answers: Record<string, unknown>, version: number) =>
  t.json('POST', `/api/applications/${id}/submit`, { as, body: { answers, version } });

async function stored(id: string) {
  const [row] = await t.deps.db
    .select({
      answers: applications.answers,
      version: applications.version,
      status: applications.status,
      submittedAt: applications.submittedAt,
      snapshot: applications.profileSnapshot,
    })
    .from(applications)
    .where(eq(applications.id, id));
  return row;
}

/** Counts the transactions the app opens from now on. */
const transactions = () => vi.spyOn(t.deps.db, 'transaction');

describe('autosave and submit fast path', () => {
  it('a warm autosave writes without a transaction, bumps the version and applies the answer rules', async () => {
    const a = await warmApplicant();
    const tx = transactions();
    const res = await save(
      a.id,
      a.cookie,
      { name: 'x'.repeat(30), essay: 'one two three four', other: 1 },
      a.version,
    );
    expect(res.status).toBe(200);
    expect(tx).not.toHaveBeenCalled();
    expect(res.body).toMatchObject({ version: a.version + 1, status: 'draft' });
    expect(res.body.answers).toEqual({ name: 'x'.repeat(20), essay: 'one two three' });
    expect(await stored(a.id)).toMatchObject({ version: a.version + 1, answers: res.body.answers });
  });

  it('a warm submit writes answers, status, submitted_at, a snapshot and the receipt in one transaction', async () => {
    const a = await warmApplicant();
    const tx = transactions();
    const res = await submit(a.id, a.cookie, { name: 'Ada' }, a.version);
    expect(res.status).toBe(200);
    // One conditional UPDATE plus the receipt (issue 19), committed together (the outbox).
    expect(tx).toHaveBeenCalledTimes(1);
    const receipts = await t.deps.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(sql`${mailMessages.data}->>'applicationId' = ${a.id}`);
    expect(receipts).toEqual([{ kind: 'submission_receipt' }]);
    expect(res.body).toMatchObject({ status: 'submitted', version: a.version + 2 });
    const row = await stored(a.id);
    expect(row).toMatchObject({ status: 'submitted', version: a.version + 2, answers: { name: 'Ada' } });
    expect(row.submittedAt?.toISOString()).toBe(now.toISOString());
    expect(row.snapshot).toMatchObject({ __source: 'profile', __snapshot_at: now.toISOString() });
  });

  it("another applicant's save of a warm application is not found and changes nothing", async () => {
    const a = await warmApplicant();
    const b = await warmApplicant();
    const before = await stored(a.id);
    const res = await save(a.id, b.cookie, { name: 'Mallory' }, a.version);
    expect(res.status).toBe(404);
    expect((await submit(a.id, b.cookie, { name: 'Mallory' }, a.version)).status).toBe(404);
    expect(await stored(a.id)).toEqual(before);
  });

  it('outside the window the save and the submit are refused with the spec texts', async () => {
    const a = await warmApplicant();
    const before = await stored(a.id);
    t.clock.set(new Date(now.getTime() + 2 * DAY));
    const late = await save(a.id, a.cookie, { name: 'Late' }, a.version);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Application is locked - deadline has passed');
    expect((await submit(a.id, a.cookie, { name: 'Late' }, a.version)).body.error.message).toBe(
      'Cannot submit - deadline has passed',
    );
    t.clock.set(new Date(now.getTime() - 2 * DAY));
    const early = await save(a.id, a.cookie, { name: 'Early' }, a.version);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Application Coming Soon');
    expect(await stored(a.id)).toEqual(before);
  });

  it('a program that is no longer live, or whose organization is deleted, refuses the save', async () => {
    const a = await warmApplicant();
    const before = await stored(a.id);
    await t.deps.db.update(programs).set({ published: false }).where(eq(programs.id, programId));
    try {
      expect((await save(a.id, a.cookie, { name: 'Hidden' }, a.version)).status).toBe(409);
      const res = await submit(a.id, a.cookie, { name: 'Hidden' }, a.version);
      expect(res.body.error.message).toBe('Cannot submit - application is not currently open');
    } finally {
      await t.deps.db.update(programs).set({ published: true }).where(eq(programs.id, programId));
    }
    await t.deps.db
      .update(organizations)
      .set({ deletedAt: now })
      .where(eq(organizations.id, demoOrgId(1)));
    try {
      expect((await save(a.id, a.cookie, { name: 'Gone' }, a.version)).status).toBe(409);
    } finally {
      await t.deps.db
        .update(organizations)
        .set({ deletedAt: null })
        .where(eq(organizations.id, demoOrgId(1)));
    }
    expect(await stored(a.id)).toEqual(before);
  });

  it('an answer of the wrong kind is refused with 422 and nothing is written', async () => {
    const a = await warmApplicant();
    const before = await stored(a.id);
    const res = await save(a.id, a.cookie, { name: 'Ada', level: 'Professional' }, a.version);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Level: choose one of the options.');
    expect(await stored(a.id)).toEqual(before);
  });

  it('a stale version is refused with the current answers; a retry of the acknowledged save is idempotent', async () => {
    const a = await warmApplicant();
    const ok = await save(a.id, a.cookie, { name: 'Second' }, a.version);
    expect(ok.status).toBe(200);
    const retry = await save(a.id, a.cookie, { name: 'Second' }, a.version);
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(ok.body.version);
    const stale = await save(a.id, a.cookie, { name: 'Other tab' }, a.version);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ answers: { name: 'Second' }, version: ok.body.version });
    expect(await stored(a.id)).toMatchObject({ version: ok.body.version, answers: { name: 'Second' } });
  });

  it('a submitted application cannot lose a required answer; a settled one cannot change', async () => {
    const a = await warmApplicant();
    const done = await submit(a.id, a.cookie, { name: 'Ada' }, a.version);
    expect(done.status).toBe(200);
    const emptied = await save(a.id, a.cookie, { name: '' }, done.body.version);
    expect(emptied.status).toBe(422);
    const edit = await save(a.id, a.cookie, { name: 'Ada L.' }, done.body.version);
    expect(edit.status).toBe(200);
    expect(edit.body.status).toBe('submitted');
    await t.deps.db.update(applications).set({ status: 'accepted' }).where(eq(applications.id, a.id));
    const settled = await save(a.id, a.cookie, { name: 'After' }, edit.body.version);
    expect(settled.status).toBe(409);
    expect(settled.body.error.message).toBe('This application can no longer be changed.');
  });

  it('a form changed since it was remembered (a new program version) is the one whose rules apply', async () => {
    const a = await warmApplicant();
    const changed: ApplicationForm = {
      ...form,
      questions: [{ key: 'name', type: 'short_text', label: 'Stage name', required: true, maxLength: 3 }],
    };
    await t.deps.db
      .update(programs)
      .set({ form: changed, version: sql`${programs.version} + 1` })
      .where(eq(programs.id, programId));
    try {
      const res = await save(a.id, a.cookie, { name: 'Adalbert', level: 'Junior' }, a.version);
      expect(res.status).toBe(200);
      expect(res.body.answers).toEqual({ name: 'Ada' });
      // The new form is remembered: the next save is fast again and still cut by it.
      const tx = transactions();
      const next = await save(a.id, a.cookie, { name: 'Bertha' }, res.body.version);
      expect(tx).not.toHaveBeenCalled();
      expect(next.body.answers).toEqual({ name: 'Ber' });
    } finally {
      await t.deps.db
        .update(programs)
        .set({ form, version: sql`${programs.version} + 1` })
        .where(eq(programs.id, programId));
    }
  });
});

async function sessionsOf(cookie: string) {
  const me = await t.json('GET', '/api/me', { as: cookie });
  return eq(session.userId, me.body.id as string);
}

describe('autosave before the session is loaded (decision 031)', () => {
  it('a warm autosave is one statement in all: the session is checked inside the write', async () => {
    const a = await warmApplicant();
    let res!: Awaited<ReturnType<typeof save>>;
    const write = async () => {
      res = await save(a.id, a.cookie, { name: 'One' }, a.version);
    };
    expect(await statementsDuring(t.database, write)).toBe(1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: a.version + 1, answers: { name: 'One' } });
  });

  it('an ended or expired session, or a soft-deleted user, is refused with 401 and nothing is written', async () => {
    const cases: [string, (a: Awaited<ReturnType<typeof warmApplicant>>) => Promise<unknown>][] = [
      ['signed out', async (a) => t.deps.db.delete(session).where(await sessionsOf(a.cookie))],
      [
        'expired',
        async (a) =>
          t.deps.db
            .update(session)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(await sessionsOf(a.cookie)),
      ],
      [
        'soft-deleted',
        async (a) => {
          const me = await t.json('GET', '/api/me', { as: a.cookie });
          await t.deps.db.update(profiles).set({ deletedAt: now }).where(eq(profiles.id, me.body.id));
        },
      ],
    ];
    for (const [name, end] of cases) {
      const a = await warmApplicant();
      const before = await stored(a.id);
      await end(a);
      const res = await save(a.id, a.cookie, { name: 'After' }, a.version);
      expect(res.status, name).toBe(401);
      expect(await stored(a.id), name).toEqual(before);
    }
  });

  it('a user who has not finished creating their account is refused with 403', async () => {
    const a = await warmApplicant();
    const before = await stored(a.id);
    const me = await t.json('GET', '/api/me', { as: a.cookie });
    await t.deps.db.update(profiles).set({ onboardedAt: null }).where(eq(profiles.id, me.body.id));
    const res = await save(a.id, a.cookie, { name: 'After' }, a.version);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Please finish creating your account first.');
    expect(await stored(a.id)).toEqual(before);
  });

  it('a session due for renewal still saves, and is renewed', async () => {
    const a = await warmApplicant();
    const owner = await sessionsOf(a.cookie);
    // As if signed in two days ago (30-day sessions, renewed after a day of use).
    const old = new Date(Date.now() - 2 * DAY);
    const expiresAt = new Date(old.getTime() + 30 * DAY);
    await t.deps.db.update(session).set({ updatedAt: old, expiresAt }).where(owner);
    const res = await save(a.id, a.cookie, { name: 'Renewed' }, a.version);
    expect(res.status).toBe(200);
    const [renewed] = await t.deps.db
      .select({ updatedAt: session.updatedAt, expiresAt: session.expiresAt })
      .from(session)
      .where(owner);
    expect(renewed.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
  });
});

import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoFilesToWrite, materializeDemoFiles } from '../../src/server/db/seed/demo-files';
import { demoUserId } from '../../src/server/db/seed/ids';
import { demoAccounts } from '../../src/server/demo/accounts';
import { sniffType } from '../../src/server/files/content';
import { loadActor } from '../../src/server/users/queries';
import { APPLYHUB_ORG_SLUG, ORG_APPLICATION_PROGRAM_ID } from '../../src/shared/domain/applyhub';
import { formProblem } from '../../src/shared/domain/forms';
import { programTypes, reviewStatuses, windowState } from '../../src/shared/domain/programs';
import { applicationFormSchema, questionTypes, specQuestionTypes } from '../../src/shared/schemas/forms';
import { createTestApp, type TestApp } from '../support/test-app';

const {
  account,
  assignments,
  coalitionMemberships,
  coalitions,
  featuredItems,
  featuredSections,
  organizations,
  profiles,
  programs,
  session,
  user,
  verification,
} = schema;

const tables = {
  user,
  session,
  account,
  verification,
  profiles,
  organizations,
  coalitions,
  coalitionMemberships,
  programs,
  assignments,
  featuredSections,
  featuredItems,
};

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    out[name] = (await db.select({ n: count() }).from(table as typeof user))[0].n;
  }
  return out;
}

/** Every row of every table, in a stable order: to prove a second run changes nothing at all. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows = await db.select().from(table as typeof user);
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

const DAY = 86_400_000;

let t: TestApp;
let db: Db;
let now: Date;
let firstRun: Awaited<ReturnType<typeof seed>>;

async function userIdOf(email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  expect(row, email).toBeDefined();
  return row.id;
}

async function orgIdOf(slug: string): Promise<string> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  expect(row, slug).toBeDefined();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.db;
  now = t.clock.now();
  firstRun = await seed(db, { demo: true, now });
});
afterAll(() => t.close());

describe('seed: idempotence', () => {
  it('creates the demo set on the first run and nothing, not even an update, on the second', async () => {
    expect(firstRun.demoCreated).toBe(true);
    const before = await counts(db);
    expect(before).toMatchObject({
      user: 11,
      profiles: 11,
      organizations: 7,
      coalitions: 2,
      coalitionMemberships: 5,
      programs: 19,
      assignments: 5,
      featuredSections: 3,
      featuredItems: 13,
      session: 0,
      account: 0,
    });
    const rowsBefore = await snapshot(db);
    const second = await seed(db, { demo: true, now: new Date(now.getTime() + DAY) });
    expect(second).toEqual({ applyhubOrgId: firstRun.applyhubOrgId, demoCreated: false });
    expect(await counts(db)).toEqual(before);
    expect(await snapshot(db)).toEqual(rowsBefore);
  });

  it('is harmless when two demo runs race (two servers starting on one database)', async () => {
    const other = await createTestApp();
    try {
      // The ApplyHub rows exist already (as after a start without demo), so nothing else orders the two runs.
      await seed(other.deps.db, { demo: false });
      const results = await Promise.all([
        seed(other.deps.db, { demo: true, now }),
        seed(other.deps.db, { demo: true, now }),
      ]);
      expect(results.filter((r) => r.demoCreated)).toHaveLength(1);
      expect(await counts(other.deps.db)).toEqual(await counts(db));
    } finally {
      await other.close();
    }
  });

  it('without demo, creates only the ApplyHub organization and its published Organization application', async () => {
    const other = await createTestApp();
    try {
      const odb = other.deps.db;
      const first = await seed(odb, { demo: false });
      expect(first.demoCreated).toBe(false);
      await seed(odb, { demo: false });
      const c = await counts(odb);
      expect(c).toEqual({
        ...Object.fromEntries(Object.keys(c).map((k) => [k, 0])),
        organizations: 1,
        programs: 1,
      });
      const [org] = await odb.select().from(organizations);
      expect(org).toMatchObject({ id: first.applyhubOrgId, slug: APPLYHUB_ORG_SLUG, name: 'ApplyHub' });
      const [program] = await odb.select().from(programs);
      expect(program).toMatchObject({
        id: ORG_APPLICATION_PROGRAM_ID,
        organizationId: org.id,
        name: 'Organization application',
        type: 'application',
        published: true,
        publishedScope: 'org',
        reviewStatus: 'published',
        openAt: null,
        closeAt: null,
        deletedAt: null,
      });
      expect(program.publishedAt).toBeInstanceOf(Date);
      const form = applicationFormSchema.parse(program.form);
      const types = new Set(form.questions.map((q) => q.type));
      expect([...types].sort()).toEqual([...specQuestionTypes].sort());
      expect(form.questions.find((q) => q.type === 'checkbox')?.required).toBe(true);
      expect(form.questions.find((q) => q.type === 'long_text')?.maxWords).toBeGreaterThan(0);

      // Demo later (demo mode switched on): the demo set is added next to the existing ApplyHub rows.
      const withDemo = await seed(odb, { demo: true, now });
      expect(withDemo).toEqual({ applyhubOrgId: org.id, demoCreated: true });
      expect((await counts(odb)).programs).toBe(19);
    } finally {
      await other.close();
    }
  });
});

describe('seed: demo accounts', () => {
  it('gives each demo account its profile role, onboarding and active assignments', async () => {
    const riverside = await orgIdOf('riverside-arts');
    const [metro] = await db
      .select({ id: coalitions.id })
      .from(coalitions)
      .where(eq(coalitions.slug, 'metro-arts-coalition'));
    const applyhub = await orgIdOf('applyhub');
    const expected = {
      // The super admin manages ApplyHub's own forms as an admin of ApplyHub's organization.
      'super@demo.test': { role: 'superadmin', orgAdmin: [applyhub], reviewerOrgs: [], coalitionManager: [] },
      'admin@demo.test': {
        role: 'admin',
        orgAdmin: [riverside],
        reviewerOrgs: [riverside],
        coalitionManager: [],
      },
      'reviewer@demo.test': {
        role: 'reviewer',
        orgAdmin: [],
        reviewerOrgs: [riverside],
        coalitionManager: [],
      },
      'coalition@demo.test': {
        role: 'coalition_manager',
        orgAdmin: [],
        reviewerOrgs: [],
        coalitionManager: [metro.id],
      },
      'applicant@demo.test': { role: 'applicant', orgAdmin: [], reviewerOrgs: [], coalitionManager: [] },
    } as const;
    for (const [i, a] of demoAccounts.entries()) {
      const id = await userIdOf(a.email);
      expect(id).toBe(demoUserId(i + 1));
      const actor = await loadActor(db, id);
      expect(actor, a.email).toMatchObject({
        ...expected[a.email],
        deleted: false,
        onboarded: true,
        reviewerPrograms: [],
        programAdmin: [],
      });
      const [p] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(p.fullName).toBe(a.name);
      expect(p.acceptedTermsAt).toBeInstanceOf(Date);
      const [u] = await db.select().from(user).where(eq(user.id, id));
      expect(u).toMatchObject({ name: a.name, emailVerified: true });
    }
    const held = await db.select().from(assignments);
    expect(held.every((a) => a.status === 'active')).toBe(true);
  });

  it('adds six more onboarded applicants with plain applicant roles', async () => {
    const rows = await db
      .select({
        email: user.email,
        role: profiles.role,
        onboardedAt: profiles.onboardedAt,
        name: profiles.fullName,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id));
    const demoEmails = new Set<string>(demoAccounts.map((a) => a.email));
    const extra = rows.filter((r) => !demoEmails.has(r.email));
    expect(extra).toHaveLength(6);
    for (const r of extra) {
      expect(r.email).toMatch(/@demo\.test$/);
      expect(r.role).toBe('applicant');
      expect(r.onboardedAt).toBeInstanceOf(Date);
      expect(r.name).toMatch(/^\S+ \S+$/);
    }
  });

  it('gives applicant@demo.test a complete profile with a resume and profile files', async () => {
    const id = await userIdOf('applicant@demo.test');
    const [p] = await db.select().from(profiles).where(eq(profiles.id, id));
    const required = [
      'fullName',
      'givenName',
      'familyName',
      'dateOfBirth',
      'phoneNumber',
      'addressLine1',
      'addressLine2',
      'addressCity',
      'addressState',
      'addressPostalCode',
      'addressCountry',
      'parentGuardianName',
      'parentGuardianEmail',
      'parentGuardianPhone',
      'emergencyContactName',
      'emergencyContactEmail',
      'emergencyContactPhone',
      'personalStatement',
    ] as const;
    for (const key of required) expect(p[key], key).toMatch(/\S/);
    expect(p.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.emergencyContactIsParent).toBe(false);
    expect(p.personalStatement!.split('\n\n').length).toBeGreaterThanOrEqual(2);

    const resume = p.resumeFile as Record<string, unknown>;
    expect(resume).toMatchObject({ fileName: 'resume.pdf', contentType: 'application/pdf' });
    expect(resume.filePath).toMatch(new RegExp(`^profiles/${id}/resume/\\d+_resume\\.pdf$`));
    expect(resume.fileSize).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(String(resume.uploadedAt)))).toBe(false);

    const files = p.profileFiles as Record<string, unknown>[];
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      expect(Object.keys(f).sort()).toEqual(
        ['contentType', 'fileName', 'filePath', 'fileSize', 'uploadedAt', 'uploadedBy'].sort(),
      );
      expect(f.uploadedBy).toBe(id);
      expect(f.filePath).toMatch(new RegExp(`^profiles/${id}/`));
    }
  });

  it("records the demo applicant's files, whose generated bytes are what they claim, and writes them once", async () => {
    const id = await userIdOf('applicant@demo.test');
    const all = await demoFilesToWrite(db);
    const toWrite = all.filter((f) => f.path.startsWith(`profiles/${id}/`));
    expect(toWrite.map((f) => f.file.fileName).sort()).toEqual(
      ['arpeggio-excerpt.wav', 'headshot.png', 'recommendation-letter.pdf', 'resume.pdf'].sort(),
    );
    const [p] = await db.select().from(profiles).where(eq(profiles.id, id));
    const infos = [p.resumeFile, ...(p.profileFiles ?? [])] as Array<{ filePath: string; fileSize: number }>;
    for (const { path, file } of toWrite) {
      expect(await sniffType(file.bytes.subarray(0, 4100), file.contentType, [file.contentType])).toBe(
        file.contentType,
      );
      expect(infos.find((i) => i.filePath === path)?.fileSize).toBe(file.bytes.length);
    }
    const rows = await db.select().from(schema.files).where(eq(schema.files.ownerId, id));
    expect(rows.map((r) => r.path).sort()).toEqual(toWrite.map((f) => f.path).sort());
    // Plus one recording per seeded Youth Orchestra application (the question is required).
    const recordings = all.filter((f) => f.path.startsWith('applications/'));
    expect(recordings.length).toBe(3);
    for (const r of recordings)
      expect(r.path).toMatch(/^applications\/[0-9a-f-]{36}\/q_recording\/\d+_audition-recording\.wav$/);
    expect(await materializeDemoFiles(t.deps.storage, all)).toBe(all.length);
    expect(await materializeDemoFiles(t.deps.storage, all)).toBe(0);
    for (const { path } of all) expect(await t.deps.storage.exists(path)).toBe(true);
  });

  it('signs each demo account in as the seeded user, with the expected capabilities', async () => {
    const usersBefore = (await counts(db)).user;
    const expected: Record<string, { admin: string[]; coalitions: string[]; reviewer: string[] }> = {
      'super@demo.test': { admin: ['applyhub'], coalitions: [], reviewer: [] },
      'admin@demo.test': { admin: ['riverside-arts'], coalitions: [], reviewer: ['riverside-arts'] },
      'reviewer@demo.test': { admin: [], coalitions: [], reviewer: ['riverside-arts'] },
      'coalition@demo.test': { admin: [], coalitions: ['metro-arts-coalition'], reviewer: [] },
      'applicant@demo.test': { admin: [], coalitions: [], reviewer: [] },
    };
    for (const a of demoAccounts) {
      const cookie = await t.signIn(a.email);
      const me = await t.json('GET', '/api/me', { as: cookie });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: await userIdOf(a.email), full_name: a.name, onboarded: true });
      const caps = await t.json('GET', '/api/me/capabilities', { as: cookie });
      expect(caps.status, a.email).toBe(200);
      const slugs = (list: { slug: string }[]) => list.map((x) => x.slug);
      expect(slugs(caps.body.admin_orgs), a.email).toEqual(expected[a.email].admin);
      expect(slugs(caps.body.coalitions), a.email).toEqual(expected[a.email].coalitions);
      expect(slugs(caps.body.reviewer_orgs), a.email).toEqual(expected[a.email].reviewer);
      if (expected[a.email].reviewer.length) {
        // Org reviewers see every live program of Riverside Arts, and only those.
        const names = caps.body.reviewer_programs.map(
          (p: { organization_slug: string }) => p.organization_slug,
        );
        expect(new Set(names)).toEqual(new Set(['riverside-arts']));
        expect(names).toHaveLength(9);
      }
    }
    const admin = await t.signIn('admin@demo.test');
    const caps = await t.json('GET', '/api/me/capabilities', { as: admin });
    expect(caps.body.admin_orgs).toEqual([
      { id: await orgIdOf('riverside-arts'), name: 'Riverside Arts Center', slug: 'riverside-arts' },
    ]);
    expect((await counts(db)).user).toBe(usersBefore);
  });
});

describe('seed: organizations and coalitions', () => {
  it('links organizations to zero, one or two coalitions', async () => {
    const orgs = await db.select().from(organizations);
    const links = await db
      .select({ org: organizations.slug, coalition: coalitions.slug })
      .from(coalitionMemberships)
      .innerJoin(organizations, eq(organizations.id, coalitionMemberships.organizationId))
      .innerJoin(coalitions, eq(coalitions.id, coalitionMemberships.coalitionId));
    const of = (slug: string) => links.filter((l) => l.org === slug).map((l) => l.coalition);
    expect(of('riverside-arts')).toEqual(['metro-arts-coalition']);
    const byCount = (n: number) =>
      orgs.filter((o) => o.slug !== APPLYHUB_ORG_SLUG && of(o.slug).length === n).map((o) => o.slug);
    expect(byCount(0).length).toBeGreaterThanOrEqual(2);
    expect(byCount(2).length).toBeGreaterThanOrEqual(1);
    const metroOnly = byCount(1).filter((s) => s !== 'riverside-arts' && of(s)[0] === 'metro-arts-coalition');
    expect(metroOnly.length).toBeGreaterThanOrEqual(1);
    expect(orgs.filter((o) => o.description === null).length).toBeGreaterThanOrEqual(1);
    const coalitionNames = (await db.select().from(coalitions)).map((c) => c.name).sort();
    expect(coalitionNames).toEqual(['Metro Arts Coalition', 'Youth Scholarship Alliance']);
  });
});

describe('seed: programs', () => {
  it('covers every type and every review status, with consistent publish fields', async () => {
    const rows = await db.select().from(programs);
    expect(new Set(rows.map((p) => p.type))).toEqual(new Set(programTypes));
    expect(new Set(rows.map((p) => p.reviewStatus))).toEqual(new Set(reviewStatuses));
    const superId = await userIdOf('super@demo.test');
    for (const p of rows) {
      const live = p.reviewStatus === 'published' || p.reviewStatus === 'pending_changes';
      expect(p.published, p.name).toBe(live);
      if (live) {
        expect(p.publishedAt, p.name).toBeInstanceOf(Date);
        expect(p.publishedScope, p.name).toMatch(/^(org|coalition)$/);
        expect(!!p.publishedCoalitionId, p.name).toBe(p.publishedScope === 'coalition');
        if (p.id !== ORG_APPLICATION_PROGRAM_ID) expect(p.publishedBy, p.name).toBe(superId);
      } else {
        expect([p.publishedAt, p.publishedScope, p.publishedBy, p.publishedCoalitionId], p.name).toEqual([
          null,
          null,
          null,
          null,
        ]);
      }
      expect(!!p.pendingForm, p.name).toBe(p.reviewStatus === 'pending_changes');
      expect(!!p.reviewNote, p.name).toBe(p.reviewStatus === 'changes_requested');
    }
    const pending = rows.find((p) => p.reviewStatus === 'pending_changes')!;
    expect(pending.pendingForm).not.toEqual(pending.form);
    expect(rows.find((p) => p.reviewStatus === 'changes_requested')!.requiresSuperApproval).toBe(true);
    expect(rows.some((p) => p.publishedScope === 'coalition')).toBe(true);
    expect(rows.filter((p) => p.description === null).length).toBeGreaterThanOrEqual(1);
    // Both publish paths can be exercised from a draft.
    const drafts = rows.filter((p) => p.reviewStatus === 'draft');
    expect(new Set(drafts.map((p) => p.requiresSuperApproval))).toEqual(new Set([true, false]));
  });

  it('spreads published programs over every kind of application window', async () => {
    const live = await db.select().from(programs).where(eq(programs.published, true));
    const state = (p: (typeof live)[number]) => windowState(p.openAt, p.closeAt, now);
    const open = live.filter((p) => state(p) === 'open' && p.closeAt);
    const closingSoon = open.filter((p) => {
      const left = p.closeAt!.getTime() - now.getTime();
      return left >= 2 * DAY && left <= 5 * DAY;
    });
    expect(open.some((p) => p.closeAt!.getTime() - now.getTime() >= 14 * DAY)).toBe(true);
    expect(closingSoon.length).toBeGreaterThanOrEqual(1);
    expect(live.filter((p) => state(p) === 'closed').length).toBeGreaterThanOrEqual(1);
    const comingSoon = live.filter((p) => state(p) === 'not_open');
    expect(comingSoon.length).toBeGreaterThanOrEqual(1);
    expect(comingSoon.some((p) => Math.round((p.openAt!.getTime() - now.getTime()) / DAY) === 10)).toBe(true);
    expect(
      live.some((p) => p.openAt === null && p.closeAt === null && p.id !== ORG_APPLICATION_PROGRAM_ID),
    ).toBe(true);
  });

  it('gives Riverside Arts at least four live programs and two that are not live', async () => {
    const riverside = await orgIdOf('riverside-arts');
    const rows = await db.select().from(programs).where(eq(programs.organizationId, riverside));
    expect(rows.filter((p) => p.published).length).toBeGreaterThanOrEqual(4);
    expect(
      rows.filter((p) => p.reviewStatus === 'draft' || p.reviewStatus === 'unpublished').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('stores valid forms of 3 to 8 questions with unique keys, using every question type (the spec’s six and issue 29’s)', async () => {
    const rows = await db.select().from(programs);
    const seen = new Set<string>();
    for (const p of rows) {
      for (const f of [p.form, p.pendingForm].filter((x) => x !== null)) {
        expect(applicationFormSchema.parse(f), p.name).toEqual(f);
        expect(f.questions.length, p.name).toBeGreaterThanOrEqual(3);
        expect(f.questions.length, p.name).toBeLessThanOrEqual(8);
        const keys = f.questions.map((q) => q.key);
        expect(new Set(keys).size, p.name).toBe(keys.length);
        for (const q of f.questions) {
          seen.add(q.type);
          expect(q.key).toMatch(/^q_[a-z_]+$/);
          if (q.type === 'select') expect(q.options?.length, q.key).toBeGreaterThan(1);
          if (q.type === 'long_text') expect(q.maxWords, q.key).toBeGreaterThan(0);
          if (q.type === 'short_text') expect(q.maxLength, q.key).toBeGreaterThan(0);
        }
        expect(
          f.questions.some((q) => q.required),
          p.name,
        ).toBe(true);
      }
    }
    expect([...seen].sort()).toEqual([...questionTypes].sort());
    // The richer demo form (issue 29): two sections, a condition and a table with a total.
    const leaders = rows.find((p) => p.name === 'Arts Leaders Scholarship')!;
    expect(leaders.form.sections?.map((s) => s.title)).toEqual(['About you', 'Your plans']);
    expect(leaders.form.questions.some((q) => q.showIf)).toBe(true);
    expect(formProblem(leaders.form)).toBeNull();
    expect(leaders.form.questions.find((q) => q.type === 'table')?.totalColumn).toBe('amount');
    const withProfile = rows.filter((p) => p.form.profile.enabled);
    expect(withProfile.some((p) => Object.values(p.form.profile.sections).includes(false))).toBe(true);
    expect(rows.some((p) => !p.form.profile.enabled)).toBe(true);
    expect(
      rows.some((p) => p.reviewerForm?.show_decision && p.reviewerForm.decision_options.length > 0),
    ).toBe(true);
  });
});

describe('seed: featured', () => {
  it('creates a carousel, a gallery and a hidden section with scheduled items', async () => {
    const sections = await db.select().from(featuredSections).orderBy(featuredSections.sortIndex);
    expect(sections.map((s) => [s.slug, s.sectionType, s.header, s.sortIndex, s.active])).toEqual([
      ['featured-opportunities', 'carousel', 'Featured Opportunities', 0, true],
      ['explore-organizations', 'gallery', 'Explore Organizations', 1, true],
      ['winter-showcase-highlights', 'carousel', 'Winter Showcase Highlights', 2, false],
    ]);
    const hidden = sections[2];
    expect(hidden.deletedAt!.getTime()).toBe(now.getTime() - 5 * DAY);

    const items = await db.select().from(featuredItems).where(eq(featuredItems.sectionId, sections[0].id));
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(new Set(items.map((i) => i.targetType))).toEqual(new Set(['program', 'org', 'coalition']));
    expect(items.some((i) => i.cardColor?.startsWith('bg-') && i.buttonLabel)).toBe(true);
    expect(items.some((i) => i.startsAt && i.startsAt > now)).toBe(true);
    expect(items.some((i) => i.startsAt && i.endsAt && i.startsAt <= now && i.endsAt >= now)).toBe(true);

    const gallery = await db.select().from(featuredItems).where(eq(featuredItems.sectionId, sections[1].id));
    expect(gallery.length).toBeGreaterThanOrEqual(4);
    expect(gallery.length).toBeLessThanOrEqual(6);
    expect(new Set(gallery.map((i) => i.targetType))).toEqual(new Set(['org', 'program']));

    // Every target exists.
    const all = await db.select().from(featuredItems).where(isNotNull(featuredItems.targetId));
    const ids = (type: string) => all.filter((i) => i.targetType === type).map((i) => i.targetId);
    const found =
      (
        await db
          .select({ id: programs.id })
          .from(programs)
          .where(inArray(programs.id, ids('program')))
      ).length +
      (
        await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(inArray(organizations.id, ids('org')))
      ).length +
      (
        await db
          .select({ id: coalitions.id })
          .from(coalitions)
          .where(inArray(coalitions.id, ids('coalition')))
      ).length;
    expect(found).toBe(all.length);
  });
});

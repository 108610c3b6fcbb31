import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEditable, lockedMessages, ownApplication } from '../../src/server/applications/access';
import { assignments, profiles, programs, session, user } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { loadActor } from '../../src/server/users/queries';
import { inBatches, governanceMessages as m } from '../../src/shared/domain/governance';
import {
  assignmentResultSchema,
  assignmentRowSchema,
  coalitionMemberSchema,
  scopeOptionsSchema,
  superCoalitionSchema,
  superOrgSchema,
  superUserSchema,
} from '../../src/shared/schemas/governance';
import { itemsOf } from '../../src/shared/schemas/me';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let superAdmin: string;
let applicant: string;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
  applicant = await t.signIn('applicant@demo.test');
}, 120_000);
afterAll(() => t.close());

const orgList = itemsOf(superOrgSchema);
const userList = itemsOf(superUserSchema);

async function idOf(email: string) {
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

async function onboarded(email: string) {
  const cookie = await t.signIn(email);
  expect(
    (await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } })).status,
  ).toBe(200);
  return cookie;
}

async function profileRow(id: string) {
  const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

async function createOrg(name: string, slug = name, description?: string) {
  const res = await t.json('POST', '/api/super/orgs', { as: superAdmin, body: { name, slug, description } });
  expect(res.status).toBe(200);
  return superOrgSchema.parse(res.body.item);
}

describe('super: organizations', () => {
  it('creates with trimmed fields and the slug helper; a taken slug is refused clearly', async () => {
    const res = await t.json('POST', '/api/super/orgs', {
      as: superAdmin,
      body: { name: '  Harbor Choir  ', slug: '  Harbor Choir!! ', description: '  Sings.  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Organization created successfully');
    expect(superOrgSchema.parse(res.body.item)).toMatchObject({
      name: 'Harbor Choir',
      slug: 'harbor-choir',
      description: 'Sings.',
      deleted_at: null,
    });

    const taken = await t.json('POST', '/api/super/orgs', {
      as: superAdmin,
      body: { name: 'Another', slug: 'harbor-choir' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(m.orgSlugTaken);
    expect(taken.body.error.fields.slug).toBe(m.orgSlugTaken);
    // The slug of an existing demo org is taken too.
    expect(
      (
        await t.json('POST', '/api/super/orgs', {
          as: superAdmin,
          body: { name: 'X', slug: 'Riverside Arts' },
        })
      ).status,
    ).toBe(409);
  });

  it('refuses a blank name or a slug with nothing usable', async () => {
    const blank = await t.json('POST', '/api/super/orgs', {
      as: superAdmin,
      body: { name: '   ', slug: 'x' },
    });
    expect(blank.status).toBe(400);
    const noSlug = await t.json('POST', '/api/super/orgs', {
      as: superAdmin,
      body: { name: 'Ok', slug: '!!!' },
    });
    expect(noSlug.status).toBe(422);
    expect(noSlug.body.error.message).toBe('Slug is required.');
  });

  it('soft delete hides the organization and its programs everywhere public, keeps the data, and restore brings both back', async () => {
    const db = t.deps.db;
    const program = demoProgramId(1); // Youth Orchestra Auditions, riverside-arts, published and open
    const [{ orgId }] = await db
      .select({ orgId: programs.organizationId })
      .from(programs)
      .where(eq(programs.id, program));
    // An applicant already has an application; another applicant has none yet.
    const started = await t.json('POST', `/api/programs/${program}/applications`, { as: applicant });
    expect(started.status).toBe(200);
    const other = await onboarded('govern.other@example.test');

    const del = await t.json('DELETE', `/api/super/orgs/${orgId}`, { as: superAdmin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Organization deleted successfully');
    expect(del.body.item.deleted_at).not.toBeNull();
    expect((await t.json('DELETE', `/api/super/orgs/${orgId}`, { as: superAdmin })).status).toBe(409);

    const active = orgList.parse((await t.json('GET', '/api/super/orgs', { as: superAdmin })).body);
    expect(active.items.some((o) => o.id === orgId)).toBe(false);
    const deleted = orgList.parse(
      (await t.json('GET', '/api/super/orgs?deleted=true', { as: superAdmin })).body,
    );
    expect(deleted.items.map((o) => o.slug)).toContain('riverside-arts');

    // Public pages: gone.
    expect((await t.json('GET', '/api/orgs/riverside-arts')).status).toBe(404);
    const orgs = await t.json('GET', '/api/orgs?limit=100');
    expect(orgs.body.items.some((o: { slug: string }) => o.slug === 'riverside-arts')).toBe(false);
    expect((await t.json('GET', `/api/programs/${program}`)).status).toBe(404);
    const progs = await t.json('GET', '/api/programs?limit=100');
    expect(progs.body.items.some((p: { id: string }) => p.id === program)).toBe(false);
    // Applications: no new ones, and the existing one is closed for saving and submitting.
    expect((await t.json('POST', `/api/programs/${program}/applications`, { as: other })).status).toBe(404);
    const actor = await loadActor(db, await idOf('applicant@demo.test'));
    const ref = await ownApplication(db, actor, started.body.id);
    expect(() => assertEditable(ref, t.clock)).toThrow(lockedMessages.closed);
    const appId = started.body.id;
    const loaded = await t.json('GET', `/api/applications/${appId}`, { as: applicant });
    const version = loaded.body?.version ?? 0;
    const save = await t.json('PUT', `/api/applications/${appId}/answers`, {
      as: applicant,
      body: { answers: {}, version },
    });
    expect(save.status).toBe(409);
    const submit = await t.json('POST', `/api/applications/${appId}/submit`, {
      as: applicant,
      body: { answers: {}, version },
    });
    expect(submit.status).toBe(409);

    // Nothing was lost.
    const [kept] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, program));
    expect(kept).toBeDefined();

    const restored = await t.json('POST', `/api/super/orgs/${orgId}/restore`, { as: superAdmin });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Organization restored successfully');
    expect((await t.json('POST', `/api/super/orgs/${orgId}/restore`, { as: superAdmin })).status).toBe(409);
    expect((await t.json('GET', '/api/orgs/riverside-arts')).status).toBe(200);
    expect((await t.json('GET', `/api/programs/${program}`)).status).toBe(200);
    expect((await t.json('POST', `/api/programs/${program}/applications`, { as: other })).status).toBe(200);
    const again = await ownApplication(db, actor, started.body.id);
    expect(() => assertEditable(again, t.clock)).not.toThrow();
    const savedAgain = await t.json('PUT', `/api/applications/${appId}/answers`, {
      as: applicant,
      body: { answers: {}, version },
    });
    expect(savedAgain.status).toBe(200);
  });

  it('answers 404 for an unknown organization', async () => {
    const res = await t.json('DELETE', '/api/super/orgs/00000000-0000-4000-8000-000000000000', {
      as: superAdmin,
    });
    expect(res.status).toBe(404);
  });
});

describe('super: coalitions and members', () => {
  it('creates, adds and removes members, and the coalition label follows', async () => {
    const org = await createOrg('Label Test Org');
    const created = await t.json('POST', '/api/super/coalitions', {
      as: superAdmin,
      body: { name: 'Valley Alliance', slug: 'Valley Alliance' },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Coalition created successfully');
    const coalition = superCoalitionSchema.parse(created.body.item);
    expect(coalition.slug).toBe('valley-alliance');
    const dup = await t.json('POST', '/api/super/coalitions', {
      as: superAdmin,
      body: { name: 'Again', slug: 'valley-alliance' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(m.coalitionSlugTaken);

    const members = async () =>
      itemsOf(coalitionMemberSchema).parse(
        (await t.json('GET', `/api/super/coalitions/${coalition.id}/members`, { as: superAdmin })).body,
      ).items;
    expect(await members()).toEqual([]);

    t.clock.set('2026-06-02T09:00:00Z');
    const add = await t.json('POST', `/api/super/coalitions/${coalition.id}/members`, {
      as: superAdmin,
      body: { organization_id: org.id },
    });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe('Organization added to coalition');
    expect(
      (
        await t.json('POST', `/api/super/coalitions/${coalition.id}/members`, {
          as: superAdmin,
          body: { organization_id: org.id },
        })
      ).status,
    ).toBe(409);
    expect(await members()).toEqual([
      {
        organization_id: org.id,
        name: 'Label Test Org',
        slug: 'label-test-org',
        member_since: '2026-06-02T09:00:00.000Z',
      },
    ]);
    const list = itemsOf(superCoalitionSchema).parse(
      (await t.json('GET', '/api/super/coalitions', { as: superAdmin })).body,
    );
    expect(list.items.find((c) => c.id === coalition.id)?.member_count).toBe(1);

    const labelOf = async () => {
      const orgs = await t.json('GET', '/api/orgs?search=Label%20Test&limit=10');
      return orgs.body.items.find((o: { id: string }) => o.id === org.id)?.coalition_names;
    };
    expect(await labelOf()).toEqual(['Valley Alliance']);

    // A deleted coalition leaves the public pages and the labels; restore brings it back.
    const del = await t.json('DELETE', `/api/super/coalitions/${coalition.id}`, { as: superAdmin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Coalition deleted successfully');
    expect((await t.json('GET', '/api/coalitions/valley-alliance')).status).toBe(404);
    expect(await labelOf()).toEqual([]);
    const deletedList = itemsOf(superCoalitionSchema).parse(
      (await t.json('GET', '/api/super/coalitions?deleted=true', { as: superAdmin })).body,
    );
    expect(deletedList.items.map((c) => c.id)).toContain(coalition.id);
    const restore = await t.json('POST', `/api/super/coalitions/${coalition.id}/restore`, { as: superAdmin });
    expect(restore.body.message).toBe('Coalition restored successfully');
    expect((await t.json('GET', '/api/coalitions/valley-alliance')).status).toBe(200);
    expect(await labelOf()).toEqual(['Valley Alliance']);

    const remove = await t.json('DELETE', `/api/super/coalitions/${coalition.id}/members/${org.id}`, {
      as: superAdmin,
    });
    expect(remove.status).toBe(200);
    expect(remove.body.message).toBe('Organization removed from coalition');
    expect(await members()).toEqual([]);
    expect(await labelOf()).toEqual([]);
    expect(
      (await t.json('DELETE', `/api/super/coalitions/${coalition.id}/members/${org.id}`, { as: superAdmin }))
        .status,
    ).toBe(404);
  });
});

describe('super: users', () => {
  const listUsers = async (query: string) => {
    const res = await t.json('GET', `/api/super/users${query}`, { as: superAdmin });
    expect(res.status).toBe(200);
    return userList.parse(res.body);
  };

  it('searches by name, email or id, filters by role, pages, and hides deleted users unless asked', async () => {
    const byName = await listUsers('?search=jordan');
    expect(byName.items.map((u) => u.email)).toEqual(['jordan.lee@demo.test']);
    const byEmail = await listUsers('?search=MAYA.PATEL@');
    expect(byEmail.items.map((u) => u.email)).toEqual(['maya.patel@demo.test']);
    const id = await idOf('diego.ramirez@demo.test');
    expect((await listUsers(`?search=${id}`)).items.map((u) => u.email)).toEqual(['diego.ramirez@demo.test']);
    // LIKE wildcards are literal.
    expect((await listUsers('?search=%25')).items).toEqual([]);

    const supers = await listUsers('?role=superadmin');
    expect(supers.items.map((u) => u.email)).toContain('super@demo.test');
    expect(supers.items.every((u) => u.effective_roles.superadmin_from_profile)).toBe(true);
    const admins = await listUsers('?role=admin');
    expect(admins.items.map((u) => u.email)).toContain('admin@demo.test');
    expect(admins.items.every((u) => u.effective_roles.has_admin)).toBe(true);
    const cms = await listUsers('?role=coalition_manager');
    expect(cms.items.map((u) => u.email)).toEqual(['coalition@demo.test']);
    const applicants = await listUsers('?role=applicant');
    expect(applicants.items.map((u) => u.email)).toContain('jordan.lee@demo.test');
    expect(applicants.items.map((u) => u.email)).not.toContain('admin@demo.test');

    const all = await listUsers('');
    const page = await listUsers('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.items.map((u) => u.id)).toEqual(all.items.slice(1, 3).map((u) => u.id));
    const past = await listUsers('?limit=5&offset=100000');
    expect(past).toEqual({ items: [], total: all.total });
    const last = await listUsers(`?limit=5&offset=${all.total - 2}`);
    expect(last.items).toHaveLength(2);
    expect(last.total).toBe(all.total);
    expect((await t.json('GET', '/api/super/users?limit=1001', { as: superAdmin })).status).toBe(400);

    const gone = await onboarded('govern.hidden@example.test');
    expect(gone).toBeTruthy();
    const goneId = await idOf('govern.hidden@example.test');
    expect((await t.json('DELETE', `/api/super/users/${goneId}`, { as: superAdmin })).status).toBe(200);
    expect((await listUsers('?search=govern.hidden')).items).toEqual([]);
    const withDeleted = await listUsers('?search=govern.hidden&deleted=true');
    expect(withDeleted.items).toHaveLength(1);
    expect(withDeleted.items[0].deleted_at).not.toBeNull();
  });

  it('a deleted user is signed out at once; data is kept; restore lets them sign in again', async () => {
    const cookie = await onboarded('govern.deleted@example.test');
    const id = await idOf('govern.deleted@example.test');
    expect((await t.json('GET', '/api/me', { as: cookie })).status).toBe(200);

    const del = await t.json('DELETE', `/api/super/users/${id}`, { as: superAdmin });
    expect(del.status).toBe(200);
    expect(superUserSchema.parse(del.body.item).deleted_at).not.toBeNull();
    expect((await t.json('GET', '/api/me', { as: cookie })).status).toBe(401);
    expect((await t.json('GET', '/api/me/capabilities', { as: cookie })).status).toBe(401);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    // Signing in again is refused while deleted (no session is created).
    const again = await t.json('POST', '/api/demo/sign-in', {
      body: { email: 'govern.deleted@example.test' },
    });
    expect(again.status).toBe(403);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    const kept = await profileRow(id);
    expect(kept.onboardedAt).not.toBeNull();
    expect((await t.json('DELETE', `/api/super/users/${id}`, { as: superAdmin })).status).toBe(409);
    // The role of a deleted user is not changed (the bulk change skips them).
    const role = await t.json('PUT', `/api/super/users/${id}/role`, {
      as: superAdmin,
      body: { role: 'superadmin', confirm: true },
    });
    expect(role.status).toBe(409);
    expect(role.body.error.message).toBe(m.userDeleted);
    expect((await profileRow(id)).role).toBe('applicant');

    const restore = await t.json('POST', `/api/super/users/${id}/restore`, { as: superAdmin });
    expect(restore.status).toBe(200);
    expect(restore.body.item.deleted_at).toBeNull();
    expect((await t.json('POST', `/api/super/users/${id}/restore`, { as: superAdmin })).status).toBe(409);
    const back = await t.signIn('govern.deleted@example.test');
    const me = await t.json('GET', '/api/me', { as: back });
    expect(me.status).toBe(200);
    expect(me.body.onboarded).toBe(true);
  });

  it('keeps at least one super admin: no self-demotion or self-deletion of the last one', async () => {
    const superId = await idOf('super@demo.test');
    const demote = await t.json('PUT', `/api/super/users/${superId}/role`, {
      as: superAdmin,
      body: { role: 'applicant' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe(m.lastSuperAdmin);
    const del = await t.json('DELETE', `/api/super/users/${superId}`, { as: superAdmin });
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(m.lastSuperAdmin);
    expect(await profileRow(superId)).toMatchObject({ role: 'superadmin', deletedAt: null });

    // With a second super admin, the first may step down; the second then cannot.
    const second = await onboarded('govern.second.super@example.test');
    const secondId = await idOf('govern.second.super@example.test');
    // Making someone a super admin needs an explicit confirmation (issue 33 item 6).
    for (const body of [{ role: 'superadmin' }, { role: 'superadmin', confirm: false }]) {
      const unconfirmed = await t.json('PUT', `/api/super/users/${secondId}/role`, { as: superAdmin, body });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body.error.message).toBe(m.confirmSuperAdmin);
      expect((await profileRow(secondId)).role).toBe('applicant');
    }
    const promote = await t.json('PUT', `/api/super/users/${secondId}/role`, {
      as: superAdmin,
      body: { role: 'superadmin', confirm: true },
    });
    expect(promote.status).toBe(200);
    expect(superUserSchema.parse(promote.body).role).toBe('superadmin');
    expect(
      (await t.json('PUT', `/api/super/users/${superId}/role`, { as: second, body: { role: 'applicant' } }))
        .status,
    ).toBe(200);
    // The demoted super admin is no longer one.
    expect((await t.json('GET', '/api/super/users', { as: superAdmin })).status).toBe(403);
    const last = await t.json('PUT', `/api/super/users/${secondId}/role`, {
      as: second,
      body: { role: 'applicant' },
    });
    expect(last.status).toBe(409);
    // Put things back for the other tests.
    expect(
      (
        await t.json('PUT', `/api/super/users/${superId}/role`, {
          as: second,
          body: { role: 'superadmin', confirm: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.json('PUT', `/api/super/users/${secondId}/role`, {
          as: superAdmin,
          body: { role: 'applicant' },
        })
      ).status,
    ).toBe(200);
  });

  it('bulk role change is all-or-reported: every row changes or is reported and left as it was', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `govern.bulk${i}@example.test`);
    for (const e of emails) await onboarded(e);
    const ids = await Promise.all(emails.map(idOf));
    // Two rows will fail: a deleted user and an id that does not exist.
    expect((await t.json('DELETE', `/api/super/users/${ids[3]}`, { as: superAdmin })).status).toBe(200);
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const keys = [...ids, missing];
    const outcome = await inBatches(keys, async (id) => {
      const res = await t.json('PUT', `/api/super/users/${id}/role`, {
        as: superAdmin,
        body: { role: 'superadmin', confirm: true },
      });
      if (res.status !== 200) throw new Error(res.body.error.message);
    });
    expect(outcome.failed.map((f) => f.key).sort()).toEqual([ids[3], missing].sort());
    expect(outcome.succeeded).toHaveLength(11);
    for (const [i, id] of ids.entries()) {
      expect((await profileRow(id)).role).toBe(i === 3 ? 'applicant' : 'superadmin');
    }
    // And back to User (applicant).
    const back = await inBatches(ids, async (id) => {
      const res = await t.json('PUT', `/api/super/users/${id}/role`, {
        as: superAdmin,
        body: { role: 'applicant' },
      });
      if (res.status !== 200) throw new Error(res.body.error.message);
    });
    expect(back.failed.map((f) => f.key)).toEqual([ids[3]]);
    for (const id of ids) expect((await profileRow(id)).role).toBe('applicant');
    // Only Superadmin and User are assignable.
    expect(
      (await t.json('PUT', `/api/super/users/${ids[0]}/role`, { as: superAdmin, body: { role: 'reviewer' } }))
        .status,
    ).toBe(400);
  });
});

describe('super: assignments', () => {
  it('adds an org admin with the role bump; the user then administers the org; removal revokes', async () => {
    const cookie = await onboarded('govern.orgadmin@example.test');
    const userId = await idOf('govern.orgadmin@example.test');
    const scopes = scopeOptionsSchema.parse(
      (await t.json('GET', '/api/super/scopes', { as: superAdmin })).body,
    );
    const org = scopes.orgs.find((o) => o.slug === 'northgate-dance-academy')!;

    const add = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: { kind: 'org_admin', scope_type: 'org', scope_id: org.id, user_id: userId, status: 'active' },
    });
    expect(add.status).toBe(200);
    const result = assignmentResultSchema.parse(add.body);
    expect(result.message).toBe('Organization admin added successfully');
    expect(result.assignment).toMatchObject({
      kind: 'org_admin',
      status: 'active',
      scope_name: org.name,
      org_name: org.name,
      user_email: 'govern.orgadmin@example.test',
    });
    expect((await profileRow(userId)).role).toBe('admin');
    const caps = await t.json('GET', '/api/me/capabilities', { as: cookie });
    expect(caps.body.admin_orgs.map((o: { slug: string }) => o.slug)).toEqual(['northgate-dance-academy']);

    const tab = itemsOf(assignmentRowSchema).parse(
      (await t.json('GET', '/api/super/assignments?kind=org_admin', { as: superAdmin })).body,
    );
    expect(tab.items.some((a) => a.id === result.assignment.id)).toBe(true);
    expect(tab.items.every((a) => a.kind === 'org_admin')).toBe(true);
    const mine = itemsOf(assignmentRowSchema).parse(
      (await t.json('GET', `/api/super/users/${userId}/assignments`, { as: superAdmin })).body,
    );
    expect(mine.items.map((a) => a.id)).toEqual([result.assignment.id]);

    const remove = await t.json('DELETE', `/api/super/assignments/${result.assignment.id}`, {
      as: superAdmin,
    });
    expect(remove.status).toBe(200);
    const [row] = await t.deps.db.select().from(assignments).where(eq(assignments.id, result.assignment.id));
    expect(row.status).toBe('revoked');
    const after = await t.json('GET', '/api/me/capabilities', { as: cookie });
    expect(after.body.admin_orgs).toEqual([]);
  });

  it('a revoked status grants nothing and bumps no role', async () => {
    await onboarded('govern.revoked@example.test');
    const userId = await idOf('govern.revoked@example.test');
    const scopes = scopeOptionsSchema.parse(
      (await t.json('GET', '/api/super/scopes', { as: superAdmin })).body,
    );
    const coalition = scopes.coalitions[0];
    const add = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: {
        kind: 'coalition_manager',
        scope_type: 'coalition',
        scope_id: coalition.id,
        user_id: userId,
        status: 'revoked',
      },
    });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe('Coalition manager added successfully');
    expect(add.body.assignment.status).toBe('revoked');
    expect((await profileRow(userId)).role).toBe('applicant');
    const active = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: { kind: 'coalition_manager', scope_type: 'coalition', scope_id: coalition.id, user_id: userId },
    });
    expect(active.body.assignment.status).toBe('active');
    expect((await profileRow(userId)).role).toBe('coalition_manager');
  });

  it('reviewers by organization or program; removal removes the row', async () => {
    await onboarded('govern.reviewer@example.test');
    const userId = await idOf('govern.reviewer@example.test');
    const program = demoProgramId(1);
    const add = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: { kind: 'reviewer', scope_type: 'program', scope_id: program, user_id: userId },
    });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe('Reviewer added successfully');
    expect(add.body.assignment).toMatchObject({
      scope_name: 'Youth Orchestra Auditions',
      org_name: 'Riverside Arts Center',
    });
    expect((await profileRow(userId)).role).toBe('reviewer');
    const remove = await t.json('DELETE', `/api/super/assignments/${add.body.assignment.id}`, {
      as: superAdmin,
    });
    expect(remove.status).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.userId, userId), eq(assignments.kind, 'reviewer')));
    expect(rows).toEqual([]);
  });

  it('refuses a wrong scope, an unknown user, a deleted scope', async () => {
    const userId = await idOf('jordan.lee@demo.test');
    const program = demoProgramId(1);
    const wrong = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: { kind: 'org_admin', scope_type: 'program', scope_id: program, user_id: userId },
    });
    expect(wrong.status).toBe(400);
    const unknown = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: {
        kind: 'reviewer',
        scope_type: 'program',
        scope_id: program,
        user_id: '00000000-0000-4000-8000-00000000beef',
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('User not found.');
    const org = await createOrg('Short Lived');
    await t.json('DELETE', `/api/super/orgs/${org.id}`, { as: superAdmin });
    const gone = await t.json('POST', '/api/super/assignments', {
      as: superAdmin,
      body: { kind: 'org_admin', scope_type: 'org', scope_id: org.id, user_id: userId },
    });
    expect(gone.status).toBe(404);
    expect((await profileRow(userId)).role).toBe('applicant');
  });
});

describe('super: who may govern', () => {
  it('refuses a soft-deleted super admin (even with a live session cookie) and an org admin', async () => {
    const cookie = await onboarded('govern.former.super@example.test');
    const id = await idOf('govern.former.super@example.test');
    expect(
      (
        await t.json('PUT', `/api/super/users/${id}/role`, {
          as: superAdmin,
          body: { role: 'superadmin', confirm: true },
        })
      ).status,
    ).toBe(200);
    expect((await t.json('GET', '/api/super/orgs', { as: cookie })).status).toBe(200);
    // Deleted underneath the session (the session row is kept here): still refused at once.
    await t.deps.db.update(profiles).set({ deletedAt: t.clock.now() }).where(eq(profiles.id, id));
    expect((await t.json('GET', '/api/super/orgs', { as: cookie })).status).toBe(401);
    expect(
      (await t.json('POST', '/api/super/orgs', { as: cookie, body: { name: 'x', slug: 'x' } })).status,
    ).toBe(401);
    const admin = await t.signIn('admin@demo.test');
    expect((await t.json('GET', '/api/super/users', { as: admin })).status).toBe(403);
    expect(
      (await t.json('POST', '/api/super/orgs', { as: admin, body: { name: 'x', slug: 'x' } })).status,
    ).toBe(403);
  });
});

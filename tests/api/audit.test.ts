import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auditQueries from '../../src/server/audit/queries';
import * as auditRecord from '../../src/server/audit/record';
import * as auditService from '../../src/server/audit/service';
import { auditLog } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import type { AuditEntry, AuditPage } from '../../src/shared/schemas/audit';
import { onboardedUser, reviewApplication, submittedApplication } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

let t: TestApp;
let world: World;
let superAdmin: string;
let orgAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  superAdmin = world.cookies.superAdmin as string;
  orgAdmin = world.cookies.orgAdmin as string;
}, 120_000);
afterAll(() => t.close());

/** The newest entries, straight from the table (what was written, whoever may read it). */
async function newest(n = 20) {
  return t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(n);
}

/** Runs `step` and returns the entries it appended, oldest first. */
async function appended(step: () => Promise<unknown>) {
  const [last] = await newest(1);
  await step();
  const rows = await t.deps.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${last?.id ?? 0}`)
    .orderBy(auditLog.id);
  return rows;
}

async function ok(status: Promise<{ status: number; body: unknown }>) {
  const res = await status;
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as any;
}

describe('audit entries, one test per action family', () => {
  it('programs: created, published, changes requested, submitted, approved, form changes, deleted, restored', async () => {
    const created = await appended(async () => {
      const body = await ok(
        t.json('POST', `/api/orgs/${world.slugs.org}/programs`, {
          as: orgAdmin,
          body: { name: 'Audit Trail Fellowship', type: 'scholarship' },
        }),
      );
      (globalThis as any).auditProgram = body.id;
    });
    const id = (globalThis as any).auditProgram as string;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      action: 'program.created',
      targetType: 'program',
      targetId: id,
      targetLabel: 'Audit Trail Fellowship',
      organizationId: world.ids.riversideOrg,
      actorEmail: 'admin@demo.test',
    });

    const editor = async () => ok(t.json('GET', `/api/programs/${id}/editor`, { as: orgAdmin }));
    const publish = async () => {
      const e = await editor();
      return ok(
        t.json('POST', `/api/programs/${id}/publish`, {
          as: orgAdmin,
          body: { form: e.form, version: e.version },
        }),
      );
    };
    const published = await appended(publish);
    expect(published.map((r) => r.action)).toEqual(['program.published']);
    expect(published[0].summary).toContain('status: draft → published');

    const requested = await appended(() =>
      ok(
        t.json('POST', `/api/programs/${id}/request-changes`, {
          as: superAdmin,
          body: { note: 'Please add an essay question.' },
        }),
      ),
    );
    expect(requested[0]).toMatchObject({
      action: 'program.changes_requested',
      actorEmail: 'super@demo.test',
    });
    expect(requested[0].summary).toContain('note: Please add an essay question.');

    const submitted = await appended(publish);
    expect(submitted.map((r) => r.action)).toEqual(['program.submitted']);
    const approved = await appended(() =>
      ok(t.json('POST', `/api/programs/${id}/approve`, { as: superAdmin })),
    );
    expect(approved.map((r) => r.action)).toEqual(['program.approved']);

    // A live program's edits wait as pending changes (not recorded); publishing them is.
    const e = await editor();
    const form = {
      ...e.form,
      questions: [{ key: 'essay', type: 'long_text', label: 'Essay', required: false }],
    };
    const saved = await appended(() =>
      ok(t.json('PUT', `/api/programs/${id}/form`, { as: orgAdmin, body: { form, version: e.version } })),
    );
    expect(saved).toEqual([]);
    const formPublished = await appended(publish);
    expect(formPublished.map((r) => r.action)).toEqual(['program.form_published']);
    expect(formPublished[0].summary).toContain('pending form changes went live');

    const deleted = await appended(() => ok(t.json('DELETE', `/api/programs/${id}`, { as: orgAdmin })));
    expect(deleted.map((r) => [r.action, r.summary])).toEqual([['program.deleted', 'deleted: no → yes']]);
    const restored = await appended(() =>
      ok(t.json('POST', `/api/programs/${id}/restore`, { as: orgAdmin })),
    );
    expect(restored.map((r) => r.action)).toEqual(['program.restored']);
  });

  it('assignments: added and removed (a repeat records nothing)', async () => {
    const program = world.ids.publishedProgram;
    const add = () =>
      ok(
        t.json('POST', `/api/programs/${program}/reviewers`, {
          as: orgAdmin,
          body: { email: 'maya.patel@demo.test' },
        }),
      );
    const added = await appended(add);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'assignment.added',
      targetType: 'assignment',
      targetLabel: 'maya.patel@demo.test',
      organizationId: world.ids.riversideOrg,
      actorEmail: 'admin@demo.test',
    });
    expect(added[0].summary).toContain('Reviewer of program Youth Orchestra Auditions');
    expect(added[0].summary).toContain('role: applicant → reviewer');
    expect(await appended(add)).toEqual([]);

    const userId = added[0].targetId as string;
    const removed = await appended(() =>
      ok(t.json('DELETE', `/api/programs/${program}/reviewers/${userId}`, { as: orgAdmin })),
    );
    expect(removed.map((r) => r.action)).toEqual(['assignment.removed']);

    // The super admin's assignment screens: an org admin is revoked, and that is recorded too.
    const target = await onboardedUser(t, 'audit.admin@example.test');
    const upserted = await appended(() =>
      ok(
        t.json('POST', '/api/super/assignments', {
          as: superAdmin,
          body: {
            kind: 'org_admin',
            scope_type: 'org',
            scope_id: world.ids.otherOrg,
            user_id: target.id,
            status: 'active',
          },
        }),
      ),
    );
    expect(upserted[0]).toMatchObject({ action: 'assignment.added', organizationId: world.ids.otherOrg });
    const list = await ok(t.json('GET', `/api/super/users/${target.id}/assignments`, { as: superAdmin }));
    const revoked = await appended(() =>
      ok(t.json('DELETE', `/api/super/assignments/${list.items[0].id}`, { as: superAdmin })),
    );
    expect(revoked[0]).toMatchObject({ action: 'assignment.removed' });
    expect(revoked[0].summary).toContain('status: active → revoked');
  });

  it('users: role changed, soft-deleted, restored', async () => {
    const u = await onboardedUser(t, 'audit.user@example.test');
    const role = await appended(() =>
      ok(
        t.json('PUT', `/api/super/users/${u.id}/role`, {
          as: superAdmin,
          body: { role: 'superadmin', confirm: true },
        }),
      ),
    );
    expect(role[0]).toMatchObject({
      action: 'user.role_changed',
      targetLabel: 'audit.user@example.test',
      summary: 'role: applicant → superadmin',
      organizationId: null,
    });
    await ok(t.json('PUT', `/api/super/users/${u.id}/role`, { as: superAdmin, body: { role: 'applicant' } }));
    const deleted = await appended(() =>
      ok(t.json('DELETE', `/api/super/users/${u.id}`, { as: superAdmin })),
    );
    expect(deleted.map((r) => r.action)).toEqual(['user.deleted']);
    const restored = await appended(() =>
      ok(t.json('POST', `/api/super/users/${u.id}/restore`, { as: superAdmin })),
    );
    expect(restored.map((r) => r.action)).toEqual(['user.restored']);
  });

  it('organizations and coalitions: created, edited (members), deleted, restored', async () => {
    const org = await appended(() =>
      ok(
        t.json('POST', '/api/super/orgs', { as: superAdmin, body: { name: 'Audit Org', slug: 'audit-org' } }),
      ),
    );
    expect(org[0]).toMatchObject({ action: 'organization.created', targetLabel: 'Audit Org' });
    const orgId = org[0].targetId as string;
    expect(org[0].organizationId).toBe(orgId);

    const coalition = await appended(() =>
      ok(
        t.json('POST', '/api/super/coalitions', {
          as: superAdmin,
          body: { name: 'Audit Coalition', slug: 'audit-coalition' },
        }),
      ),
    );
    expect(coalition[0]).toMatchObject({ action: 'coalition.created', organizationId: null });
    const coalitionId = coalition[0].targetId as string;
    const member = await appended(() =>
      ok(
        t.json('POST', `/api/super/coalitions/${coalitionId}/members`, {
          as: superAdmin,
          body: { organization_id: orgId },
        }),
      ),
    );
    expect(member[0]).toMatchObject({ action: 'coalition.edited', summary: 'member added: Audit Org' });
    const removedMember = await appended(() =>
      ok(t.json('DELETE', `/api/super/coalitions/${coalitionId}/members/${orgId}`, { as: superAdmin })),
    );
    expect(removedMember[0].summary).toBe('member removed: Audit Org');

    // Organization settings (the org admin's or the super admin's editor): what changed, in its own log.
    const edited = await appended(() =>
      ok(
        t.json('PUT', '/api/orgs/audit-org/settings', {
          as: superAdmin,
          body: { name: 'Audit Org', description: 'We audit.', website: 'https://audit.example' },
        }),
      ),
    );
    expect(edited.map((r) => [r.action, r.organizationId, r.summary])).toEqual([
      [
        'organization.edited',
        orgId,
        'description: (none) → We audit.; website: (none) → https://audit.example',
      ],
    ]);
    expect(
      await appended(() =>
        ok(
          t.json('PUT', '/api/orgs/audit-org/settings', {
            as: superAdmin,
            body: { name: 'Audit Org', description: 'We audit.', website: 'https://audit.example' },
          }),
        ),
      ),
    ).toEqual([]);

    const gone = await appended(async () => {
      await ok(t.json('DELETE', `/api/super/orgs/${orgId}`, { as: superAdmin }));
      await ok(t.json('POST', `/api/super/orgs/${orgId}/restore`, { as: superAdmin }));
      await ok(t.json('DELETE', `/api/super/coalitions/${coalitionId}`, { as: superAdmin }));
      await ok(t.json('POST', `/api/super/coalitions/${coalitionId}/restore`, { as: superAdmin }));
    });
    expect(gone.map((r) => r.action)).toEqual([
      'organization.deleted',
      'organization.restored',
      'coalition.deleted',
      'coalition.restored',
    ]);
  });

  it('featured: sections and items changed', async () => {
    const rows = await appended(async () => {
      const created = await ok(
        t.json('POST', '/api/super/featured/sections', {
          as: superAdmin,
          body: { header: 'Audit picks', section_type: 'gallery' },
        }),
      );
      const sectionId = created.section.id;
      const item = await ok(
        t.json('POST', `/api/super/featured/sections/${sectionId}/items`, {
          as: superAdmin,
          body: { target_type: 'program', target_id: world.ids.publishedProgram },
        }),
      );
      await ok(
        t.json('PATCH', `/api/super/featured/items/${item.id}`, {
          as: superAdmin,
          body: { title: 'Listen' },
        }),
      );
      await ok(t.json('DELETE', `/api/super/featured/items/${item.id}`, { as: superAdmin }));
      await ok(t.json('POST', `/api/super/featured/sections/${sectionId}/hide`, { as: superAdmin }));
    });
    expect(rows.map((r) => r.action)).toEqual(Array(5).fill('featured.changed'));
    expect(rows.map((r) => r.summary)).toEqual([
      'section created (gallery)',
      'program added to section Audit picks',
      'item edited: title',
      'item removed from its section',
      'section hidden (deleted for good in 30 days)',
    ]);
  });

  it('reviews finalized, results published and corrected', async () => {
    const program = demoProgramId(1);
    const app = await submittedApplication(t, 'audit.applicant@example.test', program, {
      name: 'Audrey Trail',
    });
    const draft = await appended(() => reviewApplication(t, orgAdmin, app.id, { score: 4, finalize: false }));
    expect(draft).toEqual([]);
    const finalized = await appended(() =>
      reviewApplication(t, orgAdmin, app.id, { score: 5, decision: 'accept' }),
    );
    expect(finalized[0]).toMatchObject({
      action: 'review.finalized',
      targetType: 'review',
      targetId: app.id,
      organizationId: world.ids.riversideOrg,
    });
    expect(finalized[0].targetLabel).toBe('Youth Orchestra Auditions · Audrey Trail');
    expect(finalized[0].summary).toContain('status: draft → finalized; score: 5');

    const published = await appended(() =>
      ok(
        t.json('POST', `/api/programs/${program}/publish-results`, {
          as: orgAdmin,
          body: { mode: 'selected', application_ids: [app.id], visibility: { decision: true, score: true } },
        }),
      ),
    );
    expect(published[0]).toMatchObject({ action: 'results.published', targetId: program });
    expect(published[0].summary).toBe('1 result(s) published; shown: decision, score; message: no');
    const corrected = await appended(() =>
      ok(
        t.json('POST', `/api/programs/${program}/update-published-results`, {
          as: orgAdmin,
          body: { application_ids: [app.id], visibility: { decision: true, score: false } },
        }),
      ),
    );
    expect(corrected[0].action).toBe('results.corrected');
    expect(corrected[0].summary).toContain('now shown: decision;');
  });

  it("sign-ins: a super admin's are recorded, anyone else's are not", async () => {
    const superIn = await appended(() => t.signIn('super@demo.test'));
    expect(superIn.map((r) => [r.action, r.actorEmail])).toEqual([
      ['session.super_admin_sign_in', 'super@demo.test'],
    ]);
    expect(await appended(() => t.signIn('applicant@demo.test'))).toEqual([]);
  });

  it('a change that fails records nothing (same transaction)', async () => {
    const rows = await appended(async () => {
      const res = await t.json('POST', '/api/super/orgs', {
        as: superAdmin,
        body: { name: 'Duplicate', slug: world.slugs.org },
      });
      expect(res.status).toBe(409);
    });
    expect(rows).toEqual([]);
  });
});

describe('append-only', () => {
  it('the audit area has no update or delete path: it writes with recordAudit only', () => {
    const exported = [
      ...Object.keys(auditRecord),
      ...Object.keys(auditQueries),
      ...Object.keys(auditService),
    ];
    expect(exported.filter((name) => /update|delete|remove|edit|truncate|clear|purge/i.test(name))).toEqual(
      [],
    );
    expect(Object.keys(auditRecord)).toEqual(['recordAudit']);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of entries, and they stay as they were', async () => {
    const [entry] = await newest(1);
    expect(entry).toBeTruthy();
    // drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = (q: PromiseLike<unknown>) =>
      Promise.resolve(q).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(
      await refusal(
        t.deps.db.update(auditLog).set({ summary: 'rewritten' }).where(eq(auditLog.id, entry.id)),
      ),
    ).toBe('audit_log is append-only: UPDATE is not allowed');
    expect(await refusal(t.deps.db.delete(auditLog).where(eq(auditLog.id, entry.id)))).toBe(
      'audit_log is append-only: DELETE is not allowed',
    );
    expect(await refusal(t.deps.db.execute(sql`truncate audit_log`))).toBe(
      'audit_log is append-only: TRUNCATE is not allowed',
    );
    const [after] = await t.deps.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(after).toEqual(entry);
  });
});

describe('reading the log', () => {
  const page = (path: string, as: string | null) => t.json<AuditPage>('GET', path, { as });

  it("org admins read their organization's entries only; super admins read everything", async () => {
    const mine = await page(`/api/orgs/${world.slugs.org}/audit?limit=200`, orgAdmin);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((e) => e.organization_id === world.ids.riversideOrg)).toBe(true);
    const all = await page('/api/super/audit?limit=200', superAdmin);
    expect(all.body.items.some((e) => e.organization_id === null)).toBe(true);
    expect(all.body.items.some((e) => e.organization_id === world.ids.riversideOrg)).toBe(true);
  });

  it('is refused to everyone else', async () => {
    expect((await page(`/api/orgs/${world.slugs.org}/audit`, world.cookies.otherOrgAdmin)).status).toBe(403);
    expect((await page(`/api/orgs/${world.slugs.org}/audit`, world.cookies.reviewer)).status).toBe(403);
    expect((await page(`/api/orgs/${world.slugs.org}/audit`, null)).status).toBe(401);
    expect((await page('/api/super/audit', orgAdmin)).status).toBe(403);
    expect((await page('/api/orgs/no-such-org/audit', orgAdmin)).status).toBe(404);
  });

  it('filters by actor, action (or family), target and date', async () => {
    const get = async (q: string) => {
      const res = await page(`/api/super/audit?limit=200&${q}`, superAdmin);
      expect(res.status).toBe(200);
      return res.body.items as AuditEntry[];
    };
    const byActor = await get('actor=ADMIN@demo');
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e) => e.actor_email === 'admin@demo.test')).toBe(true);

    const programs = await get('action=program');
    expect(new Set(programs.map((e) => e.action.split('.')[0]))).toEqual(new Set(['program']));
    expect((await get('action=program.approved')).map((e) => e.action)).toEqual(['program.approved']);

    const byTarget = await get('target_type=program&target=audit trail');
    expect(byTarget.length).toBe(8);
    expect(byTarget.every((e) => e.target_label === 'Audit Trail Fellowship')).toBe(true);
    const byTargetId = await get(`target=${byTarget[0].target_id}`);
    expect(byTargetId.map((e) => e.id)).toEqual(byTarget.map((e) => e.id));

    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await get(`from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await get('from=2001-01-01&to=2001-01-02')).toEqual([]);

    const bad = await page('/api/super/audit?from=2026-02-01&to=2026-01-01', superAdmin);
    expect(bad.status).toBe(400);
    expect((await page('/api/super/audit?action=nope', superAdmin)).status).toBe(400);
    expect((await page('/api/super/audit?cursor=abc', superAdmin)).status).toBe(400);
  });

  it('pages by cursor, newest first, without gaps or repeats', async () => {
    const everything = (await page('/api/super/audit?limit=200', superAdmin)).body;
    expect(everything.next_cursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: AuditPage } = await page(
        `/api/super/audit?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        superAdmin,
      );
      expect(res.body.total).toBe(everything.items.length);
      seen.push(...res.body.items.map((e) => e.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(everything.items.map((e) => e.id));
    const ids = seen.map(Number);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});

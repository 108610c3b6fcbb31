import { readdirSync, readFileSync } from 'node:fs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, auditLog, user } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoOrgId, demoProgramId, demoReviewApplicationId } from '../../src/server/db/seed/ids';
import { assignmentResultSchema } from '../../src/shared/schemas/governance';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 33 item 7 (DESIGN §5 rule 14): the reviewer grant the admin hub visit makes goes with the org
 * admin role it came from, in the same transaction and in the audit log; a reviewer grant someone made
 * in its own right stays.
 */
let t: TestApp;
let superAdmin: string;

const ORG = demoOrgId(1);
const SLUG = 'riverside-arts';
const YOUTH = demoProgramId(1);
const APP = demoReviewApplicationId(1);

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
}, 120_000);
afterAll(() => t.close());

async function person(email: string) {
  const cookie = await t.signIn(email);
  await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, id: row.id };
}

async function assign(
  userId: string,
  kind: 'org_admin' | 'reviewer',
  status: 'active' | 'revoked' = 'active',
) {
  const res = await t.json('POST', '/api/super/assignments', {
    as: superAdmin,
    body: { kind, scope_type: 'org', scope_id: ORG, user_id: userId, status },
  });
  expect(res.status).toBe(200);
  return assignmentResultSchema.parse(res.body).assignment.id;
}

async function visitHub(cookie: string) {
  const res = await t.json('POST', `/api/orgs/${SLUG}/admin/visit`, { as: cookie });
  expect(res.status).toBe(200);
  expect(res.body.reviewer_assigned).toBe(true);
}

/** The organization's applications and reviews as the person sees them: status of each read. */
async function reads(cookie: string) {
  const statuses = async (path: string) => (await t.request('GET', path, { as: cookie })).status;
  return {
    review: await statuses(`/api/applications/${APP}/review`),
    queue: await statuses(`/api/review/programs/${YOUTH}/queue`),
    orgReviews: await statuses(`/api/orgs/${SLUG}/reviews`),
    reviewerOrgs: (await t.json('GET', '/api/me/reviewer-orgs', { as: cookie })).body.items.length,
    allReviews: (await t.json('GET', '/api/reviews', { as: cookie })).body.items?.length ?? 0,
  };
}

async function orgAssignments(userId: string) {
  const rows = await t.deps.db
    .select({ kind: assignments.kind, status: assignments.status })
    .from(assignments)
    .where(and(eq(assignments.userId, userId), eq(assignments.scopeId, ORG)));
  return rows.map((r) => `${r.kind}:${r.status}`).sort();
}

async function auditOf(email: string) {
  const rows = await t.deps.db
    .select({ action: auditLog.action, summary: auditLog.summary, actor: auditLog.actorEmail })
    .from(auditLog)
    .where(eq(auditLog.targetLabel, email))
    .orderBy(desc(auditLog.id));
  return rows;
}

describe('taking the org admin role away takes away the reviewer grant its hub visit made', () => {
  it('removing the role (DELETE) ends every read of the organization; the audit log says why', async () => {
    const email = 'removed.admin@example.test';
    const admin = await person(email);
    const adminAssignment = await assign(admin.id, 'org_admin');
    await visitHub(admin.cookie);
    expect(await orgAssignments(admin.id)).toEqual(['org_admin:active', 'reviewer:active']);
    const before = await reads(admin.cookie);
    expect(before).toMatchObject({ review: 200, queue: 200, orgReviews: 200, reviewerOrgs: 1 });
    expect(before.allReviews).toBeGreaterThan(0);

    const res = await t.json('DELETE', `/api/super/assignments/${adminAssignment}`, { as: superAdmin });
    expect(res.status).toBe(200);

    expect(await orgAssignments(admin.id)).toEqual(['org_admin:revoked']);
    const after = await reads(admin.cookie);
    expect([403, 404]).toContain(after.review);
    expect([403, 404]).toContain(after.queue);
    expect([403, 404]).toContain(after.orgReviews);
    expect(after).toMatchObject({ reviewerOrgs: 0, allReviews: 0 });

    const [removed, revoked] = await auditOf(email);
    expect(revoked).toMatchObject({ action: 'assignment.removed', actor: 'super@demo.test' });
    expect(revoked.summary).toMatch(/^Organization admin of organization .*status: active → revoked/);
    expect(removed).toMatchObject({ action: 'assignment.removed', actor: 'super@demo.test' });
    expect(removed.summary).toMatch(/^Reviewer of organization .*removed with the Organization admin role/);

    // Made admin again: the next visit grants the reviewer role again.
    await assign(admin.id, 'org_admin');
    await visitHub(admin.cookie);
    expect((await reads(admin.cookie)).review).toBe(200);
  });

  it('setting the role to revoked (POST status revoked) takes the grant away too', async () => {
    const admin = await person('revoked.admin@example.test');
    await assign(admin.id, 'org_admin');
    await visitHub(admin.cookie);
    await assign(admin.id, 'org_admin', 'revoked');
    expect(await orgAssignments(admin.id)).toEqual(['org_admin:revoked']);
    expect([403, 404]).toContain((await reads(admin.cookie)).review);
  });

  it('a reviewer role granted by someone before the visit survives the removal', async () => {
    const admin = await person('reviewer.first@example.test');
    await assign(admin.id, 'reviewer');
    const adminAssignment = await assign(admin.id, 'org_admin');
    await visitHub(admin.cookie);
    await t.json('DELETE', `/api/super/assignments/${adminAssignment}`, { as: superAdmin });
    expect(await orgAssignments(admin.id)).toEqual(['org_admin:revoked', 'reviewer:active']);
    expect((await reads(admin.cookie)).review).toBe(200);
  });

  it('a reviewer role granted by someone after the visit makes it a grant of its own, which survives', async () => {
    const admin = await person('reviewer.after@example.test');
    const adminAssignment = await assign(admin.id, 'org_admin');
    await visitHub(admin.cookie);
    await assign(admin.id, 'reviewer');
    await visitHub(admin.cookie); // A later visit does not take the grant back over.
    await t.json('DELETE', `/api/super/assignments/${adminAssignment}`, { as: superAdmin });
    expect(await orgAssignments(admin.id)).toEqual(['org_admin:revoked', 'reviewer:active']);
    expect((await reads(admin.cookie)).review).toBe(200);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('a visit and a revocation at the same time (PostgreSQL)', () => {
  it('never leave a reviewer grant behind a revoked admin role', async () => {
    const admin = await person('race.admin@example.test');
    for (let i = 0; i < 10; i++) {
      const id = await assign(admin.id, 'org_admin');
      const [visit, revoke] = await Promise.all([
        t.json('POST', `/api/orgs/${SLUG}/admin/visit`, { as: admin.cookie }),
        t.json('DELETE', `/api/super/assignments/${id}`, { as: superAdmin }),
      ]);
      expect(revoke.status).toBe(200);
      expect([200, 403]).toContain(visit.status);
      expect(await orgAssignments(admin.id)).toEqual(['org_admin:revoked']);
    }
  });
});

describe('migration assignment_provenance_backfill: grants the hub visit made before provenance was recorded', () => {
  it('are linked to the admin role they came from; those of a revoked role are removed and audited', async () => {
    const kept = await person('old.admin@example.test');
    const gone = await person('old.removed@example.test');
    for (const p of [kept, gone]) {
      await assign(p.id, 'org_admin');
      await visitHub(p.cookie);
    }
    // As the data stood before: no provenance, and a revocation that left the reviewer grant behind.
    const db = t.deps.db;
    await db.update(assignments).set({ derivedFromAssignmentId: null }).where(eq(assignments.scopeId, ORG));
    await db
      .update(assignments)
      .set({ status: 'revoked' })
      .where(and(eq(assignments.userId, gone.id), eq(assignments.kind, 'org_admin')));
    expect(await orgAssignments(gone.id)).toEqual(['org_admin:revoked', 'reviewer:active']);

    // Found by its name, whatever number the migration has.
    const dir = new URL('../../drizzle/', import.meta.url);
    const name = readdirSync(dir).find((f) => f.endsWith('_assignment_provenance_backfill.sql'))!;
    for (const statement of readFileSync(new URL(name, dir), 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    expect(await orgAssignments(gone.id)).toEqual(['org_admin:revoked']);
    expect([403, 404]).toContain((await reads(gone.cookie)).review);
    const [entry] = await auditOf('old.removed@example.test');
    expect(entry).toMatchObject({ action: 'assignment.removed', actor: null });
    expect(entry.summary).toMatch(
      /^Reviewer of organization Riverside .*removed with the Organization admin role/,
    );

    // The other admin's grant now follows the role.
    expect(await orgAssignments(kept.id)).toEqual(['org_admin:active', 'reviewer:active']);
    const [adminRow] = await db
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(eq(assignments.userId, kept.id), eq(assignments.kind, 'org_admin')));
    await t.json('DELETE', `/api/super/assignments/${adminRow.id}`, { as: superAdmin });
    expect(await orgAssignments(kept.id)).toEqual(['org_admin:revoked']);
  });
});

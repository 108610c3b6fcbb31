import type { Actor } from '../../shared/policy';
import { AUDIT_TOTAL_CAP, type AuditListQuery, type AuditPage } from '../../shared/schemas/audit';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { liveOrgBySlug } from '../discovery/queries';
import { NotFound } from '../errors';
import { type AuditScope, auditCount, auditPage } from './queries';

/** Reading the log: org admins see their organization's entries, super admins every entry. */
export async function orgAuditAccess(db: Db, actor: Actor | null, slug: string) {
  const org = await liveOrgBySlug(db, slug);
  if (!org) throw new NotFound('Organization not found.');
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const scope: AuditScope = { all: false, orgId: org.id };
  return { scope, orgName: org.name };
}

export async function orgAuditScope(db: Db, actor: Actor | null, slug: string): Promise<AuditScope> {
  return (await orgAuditAccess(db, actor, slug)).scope;
}

export function platformAuditScope(actor: Actor | null): AuditScope {
  assertCan(actor, { kind: 'super:manage' });
  return { all: true };
}

export async function listAudit(db: Db, scope: AuditScope, q: AuditListQuery): Promise<AuditPage> {
  const before = q.cursor ? Number(q.cursor) : undefined;
  const [page, counted] = await Promise.all([
    auditPage(db, scope, q, q.limit, before),
    auditCount(db, scope, q, AUDIT_TOTAL_CAP),
  ]);
  return {
    ...page,
    total: Math.min(counted, AUDIT_TOTAL_CAP),
    total_capped: counted > AUDIT_TOTAL_CAP,
  };
}

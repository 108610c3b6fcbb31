import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ORG_APPLICATION_PROGRAM_ID } from '../../shared/domain/applyhub';
import type { Actor } from '../../shared/policy';
import type { CreateOrgResult, createOrgFromRequestInput, OrgRequest } from '../../shared/schemas/featured';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { applications, organizations, orgRequestConversions, profiles, reviews, user } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { queueEmail } from '../mail';
import { upsertAssignment } from '../users/assignments';

/** Review decisions that accept an org creation request. */
export const ACCEPTING_DECISIONS = ['accept', 'approved'];
/** Review decisions that decline one: its requester is told (issue 19). */
export const DECLINING_DECISIONS = ['reject', 'rejected', 'decline', 'declined', 'deny', 'denied'];

export const orgRequestMessages = {
  notFound: 'Organization request not found.',
  notAccepted: 'Only an accepted request can become an organization. Review it first.',
  alreadyConverted: (name: string) => `This request has already been turned into the organization ${name}.`,
  slugTaken: (slug: string) => `The slug "${slug}" is already taken. Choose another.`,
  created: (name: string) => `Organization ${name} created. Its requester is now its org admin.`,
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Submitted applications to ApplyHub's "Organization application", newest first, with the applicant,
 * what they asked for, the shared review's status and decision, and the organization made from it.
 * One query.
 */
export async function listOrgRequests(db: Db, actor: Actor | null) {
  assertCan(actor, { kind: 'super:manage' });
  const rows = await db
    .select({
      id: applications.id,
      userId: applications.userId,
      status: applications.status,
      answers: applications.answers,
      submittedAt: applications.submittedAt,
      updatedAt: applications.updatedAt,
      email: user.email,
      userName: user.name,
      fullName: profiles.fullName,
      reviewStatus: reviews.status,
      decision: reviews.decision,
      orgId: organizations.id,
      orgName: organizations.name,
      orgSlug: organizations.slug,
      convertedAt: orgRequestConversions.createdAt,
    })
    .from(applications)
    .innerJoin(user, eq(user.id, applications.userId))
    .leftJoin(profiles, eq(profiles.id, applications.userId))
    .leftJoin(reviews, eq(reviews.applicationId, applications.id))
    .leftJoin(orgRequestConversions, eq(orgRequestConversions.applicationId, applications.id))
    .leftJoin(organizations, eq(organizations.id, orgRequestConversions.organizationId))
    .where(and(eq(applications.programId, ORG_APPLICATION_PROGRAM_ID), ne(applications.status, 'draft')))
    .orderBy(
      desc(sql`coalesce(${applications.submittedAt}, ${applications.updatedAt})`),
      desc(applications.id),
    );

  const items: OrgRequest[] = rows.map((r) => {
    const answers = (r.answers ?? {}) as Record<string, unknown>;
    return {
      application_id: r.id,
      applicant_id: r.userId,
      applicant_name: str(r.fullName) ?? str(r.userName),
      applicant_email: r.email,
      organization_name: str(answers.q_org_name),
      website: str(answers.q_website),
      contact_email: str(answers.q_contact_email),
      mission: str(answers.q_mission),
      status: r.status,
      submitted_at: iso(r.submittedAt ?? r.updatedAt),
      review: r.reviewStatus ? { status: r.reviewStatus, decision: r.decision } : null,
      accepted: !!r.decision && ACCEPTING_DECISIONS.includes(r.decision.trim().toLowerCase()),
      converted:
        r.orgId && r.orgName && r.orgSlug && r.convertedAt
          ? { organization_id: r.orgId, name: r.orgName, slug: r.orgSlug, at: r.convertedAt.toISOString() }
          : null,
    };
  });
  return { items, total: items.length };
}

/**
 * Turns an accepted org creation request into an organization, in one transaction: the organization,
 * the record of the conversion (one per request) and the requester's org-admin assignment (with the
 * role bump). The application row is locked so two simultaneous conversions cannot both pass.
 */
export async function createOrgFromRequest(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  input: z.output<typeof createOrgFromRequestInput>,
): Promise<CreateOrgResult> {
  const me = assertCan(actor, { kind: 'super:manage' });
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select({ id: applications.id, userId: applications.userId, status: applications.status })
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.programId, ORG_APPLICATION_PROGRAM_ID)))
      .for('update');
    if (!app || app.status === 'draft') throw new NotFound(orgRequestMessages.notFound);

    const [done] = await tx
      .select({ name: organizations.name })
      .from(orgRequestConversions)
      .innerJoin(organizations, eq(organizations.id, orgRequestConversions.organizationId))
      .where(eq(orgRequestConversions.applicationId, applicationId));
    if (done) throw new Conflict(orgRequestMessages.alreadyConverted(done.name));

    const [review] = await tx
      .select({ decision: reviews.decision })
      .from(reviews)
      .where(eq(reviews.applicationId, applicationId));
    const decision = review?.decision?.trim().toLowerCase();
    if (!decision || !ACCEPTING_DECISIONS.includes(decision))
      throw new Conflict(orgRequestMessages.notAccepted);

    const [org] = await tx
      .insert(organizations)
      .values({ name: input.name, slug: input.slug, description: input.description || null, createdAt: now })
      .onConflictDoNothing({ target: organizations.slug })
      .returning({ id: organizations.id, name: organizations.name, slug: organizations.slug });
    if (!org) {
      const message = orgRequestMessages.slugTaken(input.slug);
      throw new Conflict(message, { slug: message });
    }
    await tx
      .insert(orgRequestConversions)
      .values({ applicationId, organizationId: org.id, createdBy: me.userId, createdAt: now });
    await recordAudit(tx, {
      actor: me,
      action: 'organization.created',
      target: { type: 'organization', id: org.id, label: org.name },
      orgId: org.id,
      summary: `slug: ${org.slug}; from an org creation request`,
      at: now,
    });
    await upsertAssignment(tx, {
      userId: app.userId,
      kind: 'org_admin',
      scopeType: 'org',
      scopeId: org.id,
      by: me.userId,
    });
    await queueOrgRequestDecided(tx, applicationId, {
      outcome: 'approved',
      orgName: org.name,
      orgSlug: org.slug,
    });
    return { message: orgRequestMessages.created(org.name), organization: org };
  });
}

/**
 * Tells the requester, inside the transaction of the decision: approved when the organization is
 * created from the request (they are its admin), declined when its review is finalized with a
 * declining decision. Once per request and outcome.
 */
export async function queueOrgRequestDecided(
  tx: Db,
  applicationId: string,
  decided: { outcome: 'approved'; orgName: string; orgSlug: string } | { outcome: 'declined' },
): Promise<void> {
  const [row] = await tx
    .select({
      userId: applications.userId,
      programId: applications.programId,
      answers: applications.answers,
      email: user.email,
      name: sql<string | null>`coalesce(${profiles.fullName}, nullif(${user.name}, ''))`,
    })
    .from(applications)
    .innerJoin(user, eq(user.id, applications.userId))
    .leftJoin(profiles, eq(profiles.id, applications.userId))
    .where(eq(applications.id, applicationId));
  if (!row || row.programId !== ORG_APPLICATION_PROGRAM_ID) return;
  const requested = str((row.answers as Record<string, unknown> | null)?.q_org_name) ?? 'your organization';
  await queueEmail(tx, {
    kind: 'org_request_decided',
    to: { email: row.email, userId: row.userId },
    about: { entity: applicationId, version: decided.outcome },
    data: {
      name: row.name,
      outcome: decided.outcome,
      orgName: decided.outcome === 'approved' ? decided.orgName : requested,
      orgSlug: decided.outcome === 'approved' ? decided.orgSlug : null,
    },
  });
}

/** After a review of an org request is finalized: a declining decision tells the requester. */
export async function whenOrgRequestReviewed(tx: Db, applicationId: string, decision: string | null) {
  if (decision && DECLINING_DECISIONS.includes(decision.trim().toLowerCase()))
    await queueOrgRequestDecided(tx, applicationId, { outcome: 'declined' });
}

import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { lateLinkPath, lateLinkStatus, lateLinkMessages as m } from '../../shared/domain/late-links';
import type { Actor } from '../../shared/policy';
import type {
  LateLink,
  LateLinkCreated,
  LateLinkInput,
  RedeemedLateLink,
} from '../../shared/schemas/late-links';
import { invitationOnlyGate } from '../applications/stages';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { applications, lateLinkRedemptions, lateLinks, organizations, programs } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { programAdminAccess } from '../program-assignments/access';
import { notifyTopic } from '../realtime/notify';
import { emitWebhookEvent } from '../webhooks';

/** The token's stored form: only its SHA-256 is kept (decision 064). */
export const hashLateToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');

type Row = typeof lateLinks.$inferSelect;

function toLink(row: Row, now: Date): LateLink {
  return {
    id: row.id,
    email: row.email,
    label: row.label,
    max_uses: row.maxUses,
    uses: row.uses,
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    status: lateLinkStatus(row, now),
  };
}

const whom = (row: { email: string | null; label: string | null }) =>
  row.email ? 'one person' : `group "${row.label}"`;

/** The program's late-submission links, newest first (its admins). */
export async function listLateLinks(db: Db, clock: Clock, actor: Actor | null, programId: string) {
  await programAdminAccess(db, actor, programId);
  const rows = await db
    .select()
    .from(lateLinks)
    .where(eq(lateLinks.programId, programId))
    .orderBy(desc(lateLinks.createdAt), desc(lateLinks.id));
  const now = clock.now();
  return { items: rows.map((r) => toLink(r, now)) };
}

/** A new link: its token is returned once (with its address) and only its hash is stored. Audited. */
export async function createLateLink(
  db: Db,
  clock: Clock,
  publicUrl: string,
  actor: Actor | null,
  programId: string,
  input: LateLinkInput,
): Promise<LateLinkCreated> {
  const { actor: me, scope, program } = await programAdminAccess(db, actor, programId);
  const now = clock.now();
  const expiresAt = new Date(input.expires_at);
  if (expiresAt.getTime() <= now.getTime()) throw new Invalid(m.mustBeFuture, { expires_at: m.mustBeFuture });
  const email = input.email?.trim().toLowerCase() || null;
  const label = email ? null : input.label?.trim() || null;
  if (!email && !label) throw new Invalid(m.whoRequired, { email: m.whoRequired });
  const token = newToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lateLinks)
      .values({
        programId,
        tokenHash: hashLateToken(token),
        email,
        label,
        // A link for one person is theirs alone: one use.
        maxUses: email ? 1 : input.max_uses,
        expiresAt,
        createdBy: me.userId,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'late_link.created',
      target: { type: 'program', id: programId, label: program.name },
      orgId: scope.orgId,
      summary: `late-submission link for ${whom(row)}; ${row.maxUses} use${row.maxUses === 1 ? '' : 's'}; until ${expiresAt.toISOString()}`,
      at: now,
    });
    return {
      link: toLink(row, now),
      token,
      url: `${publicUrl.replace(/\/$/, '')}${lateLinkPath(token)}`,
    };
  });
}

/**
 * Revokes a link: nobody can redeem it any more, and the late window it gave to applicants who have
 * not submitted yet ends now. Audited.
 */
export async function revokeLateLink(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  linkId: string,
): Promise<LateLink> {
  const { actor: me, scope, program } = await programAdminAccess(db, actor, programId);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lateLinks)
      .where(and(eq(lateLinks.id, linkId), eq(lateLinks.programId, programId)))
      .for('update');
    if (!row) throw new NotFound('Link not found.');
    if (row.revokedAt) throw new Conflict(m.alreadyRevoked);
    const [revoked] = await tx
      .update(lateLinks)
      .set({ revokedAt: now })
      .where(eq(lateLinks.id, linkId))
      .returning();
    await tx.execute(sql`
      update ${applications} a set late_close_at = null, updated_at = ${now.toISOString()}::timestamptz
      from ${lateLinkRedemptions} r
      where r.link_id = ${linkId} and r.application_id = a.id and a.status = 'draft'`);
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'late_link.revoked',
      target: { type: 'program', id: programId, label: program.name },
      orgId: scope.orgId,
      summary: `late-submission link for ${whom(row)}; used ${row.uses} of ${row.maxUses}`,
      at: now,
    });
    return toLink(revoked, now);
  });
}

/**
 * A signed-in applicant opens a link (decision 064). Refused when it is unknown (404), for someone
 * else (403), revoked, expired or used up (409); opening it again is free. Otherwise their draft
 * (started now when they have none) gets a late window until the link expires: one use, audited,
 * webhook `deadline.extended`. An application already submitted is not reopened (409).
 */
export async function redeemLateLink(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  token: string,
): Promise<RedeemedLateLink> {
  const me = requireActor(actor);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        link: lateLinks,
        programName: programs.name,
        orgId: programs.organizationId,
        live: sql<boolean>`(${programs.published} and ${programs.deletedAt} is null and ${organizations.deletedAt} is null)`,
      })
      .from(lateLinks)
      .innerJoin(programs, eq(programs.id, lateLinks.programId))
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .where(eq(lateLinks.tokenHash, hashLateToken(token)))
      .for('update', { of: lateLinks });
    if (!link) throw new NotFound(m.notFound);
    const row = link.link;
    if (row.email && row.email !== me.email.toLowerCase()) throw new Forbidden(m.wrongPerson);
    const status = lateLinkStatus(row, now);
    const [again] = await tx
      .select({ applicationId: lateLinkRedemptions.applicationId })
      .from(lateLinkRedemptions)
      .where(and(eq(lateLinkRedemptions.linkId, row.id), eq(lateLinkRedemptions.userId, me.userId)));
    // Revoked and expired refuse everyone; used up refuses only those who have not opened it yet.
    if (status === 'revoked' || status === 'expired' || (status === 'used_up' && !again))
      throw new Conflict(m.refused[status]);
    if (!link.live) throw new Conflict(m.programGone);
    // A later stage is by invitation only (decision 066): a link extends an invited draft, never starts one.
    await invitationOnlyGate(tx, row.programId, me.userId);
    const result = {
      program_id: row.programId,
      program_name: link.programName,
      expires_at: row.expiresAt.toISOString(),
    };
    if (again) return { ...result, application_id: again.applicationId };

    const [existing] = await tx
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(and(eq(applications.programId, row.programId), eq(applications.userId, me.userId)))
      .for('update');
    if (existing && existing.status !== 'draft') throw new Conflict(m.alreadySubmitted);
    let applicationId: string;
    if (existing) {
      applicationId = existing.id;
      await tx
        .update(applications)
        .set({
          lateCloseAt: sql`greatest(${applications.lateCloseAt}, ${row.expiresAt.toISOString()}::timestamptz)`,
        })
        .where(eq(applications.id, existing.id));
    } else {
      const [created] = await tx
        .insert(applications)
        .values({
          programId: row.programId,
          userId: me.userId,
          lateCloseAt: row.expiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: applications.id });
      applicationId = created.id;
    }
    await tx.insert(lateLinkRedemptions).values({
      linkId: row.id,
      userId: me.userId,
      applicationId,
      redeemedAt: now,
    });
    await tx
      .update(lateLinks)
      .set({ uses: sql`${lateLinks.uses} + 1` })
      .where(eq(lateLinks.id, row.id));
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'late_link.redeemed',
      target: { type: 'application', id: applicationId, label: link.programName },
      orgId: link.orgId,
      summary: `late-submission link for ${whom(row)}; use ${row.uses + 1} of ${row.maxUses}; until ${result.expires_at}`,
      at: now,
    });
    await emitWebhookEvent(tx, {
      type: 'deadline.extended',
      scope: { programId: row.programId },
      key: `deadline.extended:${applicationId}:link:${row.id}`,
      data: {
        application_id: applicationId,
        program_id: row.programId,
        close_at: result.expires_at,
        late_link_id: row.id,
      },
      at: now,
    });
    if (!existing) await notifyTopic(tx, 'reviews', { program_id: row.programId });
    return { ...result, application_id: applicationId };
  });
}

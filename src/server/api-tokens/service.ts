import type { z } from 'zod';
import { API_TOKENS_PER_ORG, apiTokenMessages } from '../../shared/domain/api-tokens';
import type { Actor } from '../../shared/policy';
import type { ApiToken, createApiTokenInput } from '../../shared/schemas/api-tokens';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { liveOrgBySlug } from '../discovery/queries';
import { Conflict, Forbidden, NotFound } from '../errors';
import {
  type ApiTokenRow,
  insertToken,
  listOrgTokens,
  liveTokenCount,
  orgToken,
  revokeTokenRow,
} from './queries';
import { hashTokenSecret, newTokenSecret, tokenHint } from './secret';

const DAY_MS = 24 * 60 * 60 * 1000;

export const toApiToken = (r: ApiTokenRow): ApiToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  hint: r.hint,
  created_at: r.createdAt.toISOString(),
  created_by_email: r.createdByEmail,
  expires_at: r.expiresAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
  revoked_at: r.revokedAt?.toISOString() ?? null,
});

/**
 * The organization a person manages tokens of: its org admins (and super admins), signed in with a
 * session. A token never manages tokens (it could otherwise outlive its own revocation).
 */
async function managedOrg(db: Db, actor: Actor | null, slug: string) {
  const org = await liveOrgBySlug(db, slug);
  if (!org) throw new NotFound('Organization not found.');
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  if (me.apiToken) throw new Forbidden(apiTokenMessages.notForTokens);
  return { org, me };
}

export async function listApiTokens(db: Db, actor: Actor | null, slug: string) {
  const { org } = await managedOrg(db, actor, slug);
  const items = (await listOrgTokens(db, org.id)).map(toApiToken);
  return { items, total: items.length };
}

export async function createApiToken(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  input: z.output<typeof createApiTokenInput>,
) {
  const { org, me } = await managedOrg(db, actor, slug);
  const now = clock.now();
  const secret = newTokenSecret();
  const token = await db.transaction(async (tx) => {
    if ((await liveTokenCount(tx, org.id, now)) >= API_TOKENS_PER_ORG)
      throw new Conflict(apiTokenMessages.tooMany);
    const { id } = await insertToken(tx, {
      organizationId: org.id,
      name: input.name,
      scope: input.scope,
      tokenHash: hashTokenSecret(secret),
      hint: tokenHint(secret),
      createdBy: me.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
    });
    await recordAudit(tx, {
      actor: me,
      action: 'api_token.created',
      target: { type: 'api_token', id, label: input.name },
      orgId: org.id,
      summary: `scope: ${input.scope}; expires in ${input.expires_in_days} days`,
      at: now,
    });
    return (await orgToken(tx, org.id, id)) as ApiTokenRow;
  });
  return { message: apiTokenMessages.created, token: toApiToken(token), secret };
}

export async function revokeApiToken(db: Db, clock: Clock, actor: Actor | null, slug: string, id: string) {
  const { org, me } = await managedOrg(db, actor, slug);
  const now = clock.now();
  const token = await db.transaction(async (tx) => {
    const found = await orgToken(tx, org.id, id);
    if (!found) throw new NotFound('API token not found.');
    if (!(await revokeTokenRow(tx, id, me.userId, now))) throw new Conflict(apiTokenMessages.alreadyRevoked);
    await recordAudit(tx, {
      actor: me,
      action: 'api_token.revoked',
      target: { type: 'api_token', id, label: found.name },
      orgId: org.id,
      summary: `scope: ${found.scope}`,
      at: now,
    });
    return (await orgToken(tx, org.id, id)) as ApiTokenRow;
  });
  return { message: apiTokenMessages.revoked, token: toApiToken(token) };
}

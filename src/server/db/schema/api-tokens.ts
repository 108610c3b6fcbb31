import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { organizations } from './orgs';

export const apiTokenScopes = ['read', 'read_write'] as const;

/**
 * Personal API tokens of organizations (issue 22, decision 040). Only the SHA-256 of the secret is
 * kept (`token_hash`); `hint` is the first characters of the secret, enough to tell tokens apart.
 * A token acts as its creator, limited to org admin of its organization (and to reads for `read`),
 * and only while the creator still administers it. Revoking keeps the row (the list shows it).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: apiTokenScopes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Day-grained: set at the first use of each UTC day (the audit log records that use). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_org_idx').on(t.organizationId, t.createdAt),
  ],
);

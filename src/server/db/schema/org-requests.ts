import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { user } from './auth';
import { organizations } from './orgs';

/**
 * An org creation request (an application to ApplyHub's "Organization application") turned into an
 * organization: at most one per application (the primary key makes a second conversion impossible).
 */
export const orgRequestConversions = pgTable('org_request_conversions', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
  createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../src/server/db/client';
import {
  accountErasures,
  apiTokens,
  applicationMessageReads,
  applicationMessages,
  applications,
  assignments,
  coalitionMemberships,
  coalitions,
  featuredItems,
  featuredSections,
  files,
  lateLinkRedemptions,
  lateLinks,
  letterRequests,
  letters,
  mailbox,
  mailMessages,
  mailPreferences,
  notifications,
  orgAdminVisits,
  organizations,
  orgRequestConversions,
  personalDataNotices,
  profiles,
  programEvents,
  programLetterSettings,
  programMessageSettings,
  programScoring,
  programs,
  publications,
  reviewConflicts,
  reviews,
  scoreSheets,
  screeningResults,
  stageInvitations,
  user,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../src/server/db/schema';

/**
 * The tables a write route may change, by family. A refused write (any status of 400 or more) must
 * leave its family exactly as it was: the matrix reads the family back before and after it.
 * Sessions are left out on purpose: any signed-in request may renew its own session.
 */
export const tableFamilies = {
  users: [user, profiles, assignments, files, orgAdminVisits, accountErasures],
  orgs: [organizations, coalitions, coalitionMemberships, orgRequestConversions],
  programs: [programs, programEvents],
  applications: [applications, files],
  reviews: [reviews],
  results: [publications, notifications],
  featured: [featuredSections, featuredItems],
  scoring: [programScoring, scoreSheets, reviewConflicts],
  notices: [personalDataNotices],
  mail: [mailMessages, mailPreferences, mailbox],
  tokens: [apiTokens],
  webhooks: [webhookEndpoints, webhookDeliveries],
  messages: [applicationMessages, applicationMessageReads, programMessageSettings],
  screening: [screeningResults, applications],
  lateLinks: [lateLinks, lateLinkRedemptions, applications],
  letters: [letterRequests, letters, programLetterSettings],
  stages: [stageInvitations, applications, mailMessages],
} satisfies Record<string, PgTable[]>;

export type TableFamily = keyof typeof tableFamilies;

/** A digest of every row of every table of the family, in one statement. */
export async function readBack(db: Db, family: TableFamily): Promise<string> {
  const digests = tableFamilies[family].map(
    (table) =>
      sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.identifier(getTableName(table))} r)`,
  );
  const result = await db.execute(sql`select concat_ws(':', ${sql.join(digests, sql`, `)}) as digest`);
  return (result as unknown as { rows: { digest: string }[] }).rows[0].digest;
}

import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import type { Me } from '../../../shared/schemas/me';
import { ApiError } from '../../lib/api';
import { meQuery } from '../../lib/session';
import { capabilitiesQuery, coalitionQuery, orgQuery } from './queries';

/** What a missing entity's not-found screen names. */
export type EntityKind = 'Organization' | 'Coalition' | 'Program';

/** Thrown as notFound({ data }) so the route shows the 'Not found' screen for that kind. */
export const missing = (kind: EntityKind) => notFound({ data: { kind } });

/** Permission errors from the server send the user to /unauthorized; anything else propagates. */
export function rethrowForbidden(err: unknown): never {
  if (err instanceof ApiError && err.status === 403) throw redirect({ to: '/unauthorized' });
  throw err;
}

/** Signed in and onboarded, or off to / carrying the requested location (or to onboarding). */
export async function requireSignedIn(queryClient: QueryClient, href: string): Promise<Me> {
  const me = await queryClient.fetchQuery(meQuery);
  if (!me) throw redirect({ to: '/', search: { next: href } });
  if (!me.onboarded) throw redirect({ to: '/onboarding', search: { next: href } });
  return me;
}

export const isSuper = (me: Me) => me.role === 'superadmin';

export async function requireSuperAdmin(queryClient: QueryClient, href: string): Promise<Me> {
  const me = await requireSignedIn(queryClient, href);
  if (!isSuper(me)) throw redirect({ to: '/' });
  return me;
}

/** Org admin guard: the slug must be among the administered orgs (super admins pass for any live org). */
export async function requireOrgAdmin(queryClient: QueryClient, href: string, slug: string) {
  const me = await requireSignedIn(queryClient, href);
  const org = await queryClient.fetchQuery(orgQuery(slug));
  if (!org) throw missing('Organization');
  if (isSuper(me)) return { me, org };
  const caps = await queryClient.fetchQuery(capabilitiesQuery).catch(rethrowForbidden);
  if (!caps.admin_orgs.some((o) => o.slug === slug)) throw redirect({ to: '/unauthorized' });
  return { me, org };
}

/** Coalition guard: the slug must be among the user's coalitions. */
export async function requireCoalitionManager(queryClient: QueryClient, href: string, slug: string) {
  const me = await requireSignedIn(queryClient, href);
  const coalition = await queryClient.fetchQuery(coalitionQuery(slug));
  if (!coalition) throw missing('Coalition');
  if (isSuper(me)) return { me, coalition };
  const caps = await queryClient.fetchQuery(capabilitiesQuery).catch(rethrowForbidden);
  if (!caps.coalitions.some((c) => c.slug === slug)) throw redirect({ to: '/unauthorized' });
  return { me, coalition };
}

/** Reviewer guard for an org: among the reviewer orgs, or the orgs of the reviewer programs. */
export async function requireOrgReviewer(queryClient: QueryClient, href: string, slug: string) {
  const me = await requireSignedIn(queryClient, href);
  const org = await queryClient.fetchQuery(orgQuery(slug));
  if (!org) throw missing('Organization');
  if (isSuper(me)) return { me, org };
  const caps = await queryClient.fetchQuery(capabilitiesQuery).catch(rethrowForbidden);
  const reviews =
    caps.reviewer_orgs.some((o) => o.slug === slug) ||
    caps.reviewer_programs.some((p) => p.organization_slug === slug);
  if (!reviews) throw redirect({ to: '/unauthorized' });
  return { me, org };
}

/**
 * Reviewer rights: a super admin, or anyone with a reviewer assignment (by org or program). With
 * `coalitionManagers`, a coalition manager too (All Reviews: they download their coalition's
 * reviews there; the server lists and exports only what each may read).
 */
export async function requireReviewer(
  queryClient: QueryClient,
  href: string,
  options: { coalitionManagers?: boolean } = {},
) {
  const me = await requireSignedIn(queryClient, href);
  if (isSuper(me)) return me;
  const roles = me.effective_roles;
  if (!roles.has_reviewer && !roles.has_admin && !(options.coalitionManagers && roles.has_co_manager))
    throw redirect({ to: '/unauthorized' });
  return me;
}

import { eq, sql } from 'drizzle-orm';
import { type Actor, effectiveRoles } from '../../shared/policy';
import type { Capabilities, Me, OnboardingInput } from '../../shared/schemas/me';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { coalitionsByIds, orgsByIds, reviewerPrograms } from './queries';

export async function getMe(db: Db, actor: Actor | null): Promise<Me> {
  const me = requireActor(actor, { allowNotOnboarded: true });
  const [profile] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, me.userId));
  return {
    id: me.userId,
    email: me.email,
    full_name: profile?.fullName ?? null,
    role: me.role,
    onboarded: me.onboarded,
    effective_roles: effectiveRoles(me),
  };
}

export async function onboard(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  input: OnboardingInput,
): Promise<void> {
  const me = requireActor(actor, { allowNotOnboarded: true });
  const fullName = input.full_name?.trim() || null;
  const now = clock.now();
  await db
    .update(profiles)
    .set({
      fullName,
      onboardedAt: sql`coalesce(${profiles.onboardedAt}, ${now.toISOString()}::timestamptz)`,
      acceptedTermsAt: now,
      updatedAt: now,
    })
    .where(eq(profiles.id, me.userId));
}

/** Each list of what the user may open: administered orgs, managed coalitions, reviewer orgs and programs. */
export const capabilityLists = {
  admin_orgs: (db: Db, me: Actor) => orgsByIds(db, me.orgAdmin),
  coalitions: (db: Db, me: Actor) => coalitionsByIds(db, me.coalitionManager),
  reviewer_orgs: (db: Db, me: Actor) => orgsByIds(db, me.reviewerOrgs),
  /** Programs reviewed directly or through an organization, and programs administered as program admin. */
  reviewer_programs: async (db: Db, me: Actor) => {
    const direct = [...new Set([...me.reviewerPrograms, ...me.programAdmin])];
    return (await reviewerPrograms(db, direct, me.reviewerOrgs)).map((p) => ({
      ...p,
      assigned_directly: direct.includes(p.id),
    }));
  },
};

export async function capabilityList<K extends keyof Capabilities>(
  db: Db,
  actor: Actor | null,
  key: K,
): Promise<{ items: Capabilities[K]; total: number }> {
  const list = (await capabilityLists[key](db, requireActor(actor))) as Capabilities[K];
  return { items: list, total: list.length };
}

export async function capabilities(db: Db, actor: Actor | null): Promise<Capabilities> {
  const me = requireActor(actor);
  const [admin_orgs, coalitions, reviewer_orgs, reviewer_programs] = await Promise.all([
    capabilityLists.admin_orgs(db, me),
    capabilityLists.coalitions(db, me),
    capabilityLists.reviewer_orgs(db, me),
    capabilityLists.reviewer_programs(db, me),
  ]);
  return { admin_orgs, coalitions, reviewer_orgs, reviewer_programs };
}

import { eq, sql } from 'drizzle-orm';
import { type Actor, effectiveRoles } from '../../shared/policy';
import type { Capabilities, Me, OnboardingInput } from '../../shared/schemas/me';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { capabilityRows, type SessionCheck } from './queries';

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

/**
 * What the user may open: administered orgs, managed coalitions, reviewer orgs, and programs reviewed
 * directly or through an organization or administered as program admin.
 */
export async function capabilities(db: Db, actor: Actor | null): Promise<Capabilities> {
  const me = requireActor(actor);
  const holds = [me.orgAdmin, me.coalitionManager, me.reviewerOrgs, me.reviewerPrograms, me.programAdmin];
  const rows = holds.some((ids) => ids.length) ? await capabilityRows(db, { userId: me.userId }) : null;
  return rows ?? { admin_orgs: [], coalitions: [], reviewer_orgs: [], reviewer_programs: [] };
}

/**
 * The same for a session not yet loaded, checked inside the one statement (decision 031); null when
 * the session does not load as a signed-in, onboarded user, for the usual path to answer.
 */
export function capabilitiesForSession(db: Db, session: SessionCheck): Promise<Capabilities | null> {
  return capabilityRows(db, { session });
}

export async function capabilityList<K extends keyof Capabilities>(
  db: Db,
  actor: Actor | null,
  key: K,
): Promise<{ items: Capabilities[K]; total: number }> {
  const items = (await capabilities(db, actor))[key];
  return { items, total: items.length };
}

import { eq } from 'drizzle-orm';
import type { Profile } from '../../shared/schemas/profiles';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The applicant's profile as the API names it (null when there is none), for the autofilled block,
 * the completeness check and the snapshot. (Read here so the snapshot is taken inside the submit
 * transaction, with the handle it runs on.)
 */
export async function applicantProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ p: profiles, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row) return null;
  const p = row.p;
  return {
    id: p.id,
    full_name: p.fullName,
    given_name: p.givenName,
    family_name: p.familyName,
    date_of_birth: p.dateOfBirth,
    phone_number: p.phoneNumber,
    email: row.email,
    address_line1: p.addressLine1,
    address_line2: p.addressLine2,
    address_city: p.addressCity,
    address_state: p.addressState,
    address_postal_code: p.addressPostalCode,
    address_country: p.addressCountry,
    personal_statement: p.personalStatement,
    parent_guardian_name: p.parentGuardianName,
    parent_guardian_email: p.parentGuardianEmail,
    parent_guardian_phone: p.parentGuardianPhone,
    emergency_contact_is_parent: p.emergencyContactIsParent,
    emergency_contact_name: p.emergencyContactName,
    emergency_contact_email: p.emergencyContactEmail,
    emergency_contact_phone: p.emergencyContactPhone,
    resume_file: (p.resumeFile as Profile['resume_file']) ?? null,
    profile_files: (p.profileFiles as Profile['profile_files']) ?? [],
    updated_at: iso(p.updatedAt),
  };
}

/** The stored snapshot: the profile's fields plus the spec's markers. */
export function profileSnapshot(profile: Profile | null, now: Date): Record<string, unknown> {
  return {
    ...(profile ?? {}),
    __source: 'profile',
    __version: 1,
    __snapshot_at: now.toISOString(),
  };
}

import { eq } from 'drizzle-orm';
import { cleanProfileText, profileFieldErrors } from '../../shared/domain/profile-fields';
import type { Actor } from '../../shared/policy';
import type { FileInfo } from '../../shared/schemas/files';
import { type Profile, type ProfileUpdateInput, profileTextFields } from '../../shared/schemas/profiles';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { Invalid, NotFound } from '../errors';

type ProfileRow = typeof profiles.$inferSelect;

/** API name → column, for the text fields. */
const columns = {
  full_name: 'fullName',
  given_name: 'givenName',
  family_name: 'familyName',
  date_of_birth: 'dateOfBirth',
  phone_number: 'phoneNumber',
  email: 'email',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  address_city: 'addressCity',
  address_state: 'addressState',
  address_postal_code: 'addressPostalCode',
  address_country: 'addressCountry',
  personal_statement: 'personalStatement',
  parent_guardian_name: 'parentGuardianName',
  parent_guardian_email: 'parentGuardianEmail',
  parent_guardian_phone: 'parentGuardianPhone',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_email: 'emergencyContactEmail',
  emergency_contact_phone: 'emergencyContactPhone',
} as const satisfies Record<(typeof profileTextFields)[number], keyof ProfileRow>;

export function toProfile(row: ProfileRow): Profile {
  const out = { id: row.id } as Profile;
  for (const field of profileTextFields) out[field] = (row[columns[field]] as string | null) ?? null;
  out.emergency_contact_is_parent = row.emergencyContactIsParent ?? null;
  out.resume_file = (row.resumeFile as FileInfo | null) ?? null;
  out.profile_files = (row.profileFiles as FileInfo[] | null) ?? [];
  out.updated_at = row.updatedAt ? row.updatedAt.toISOString() : null;
  return out;
}

/**
 * The user's profile as the API shows it, or null when there is none. The applications area reads it
 * for the live profile block and for the snapshot taken at submission.
 */
export async function loadProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ? toProfile(row) : null;
}

export async function getMyProfile(db: Db, actor: Actor | null): Promise<Profile> {
  const me = requireActor(actor);
  const profile = await loadProfile(db, me.userId);
  if (!profile) throw new NotFound('Profile not found');
  return profile;
}

/** Saves the fields given (trimmed, empty → null) and stamps updated_at. */
export async function updateMyProfile(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  input: ProfileUpdateInput,
): Promise<Profile> {
  const me = requireActor(actor);
  const errors = profileFieldErrors(input);
  const first = Object.values(errors)[0];
  if (first) throw new Invalid(first, errors as Record<string, string>);
  const set: Partial<ProfileRow> = { updatedAt: clock.now() };
  for (const field of profileTextFields) {
    if (input[field] !== undefined)
      (set as Record<string, unknown>)[columns[field]] = cleanProfileText(input[field]);
  }
  if (input.emergency_contact_is_parent !== undefined)
    set.emergencyContactIsParent = input.emergency_contact_is_parent;
  const [row] = await db.update(profiles).set(set).where(eq(profiles.id, me.userId)).returning();
  if (!row) throw new NotFound('Profile not found');
  return toProfile(row);
}

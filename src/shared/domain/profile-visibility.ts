import type { ApplicationForm } from '../schemas/forms';
import { type ProfileSection, requiredProfileSections } from './profile-completeness';

/** The profile fields each section of a program's form collects (spec 001 §4 profile sections). */
export const profileFieldsBySection: Record<ProfileSection, readonly string[]> = {
  personal: [
    'full_name',
    'given_name',
    'family_name',
    'date_of_birth',
    'phone_number',
    'email',
    'address_line1',
    'address_line2',
    'address_city',
    'address_state',
    'address_postal_code',
    'address_country',
  ],
  family: [
    'parent_guardian_name',
    'parent_guardian_email',
    'parent_guardian_phone',
    'emergency_contact_is_parent',
    'emergency_contact_name',
    'emergency_contact_email',
    'emergency_contact_phone',
  ],
  writing: ['personal_statement'],
  experience: ['resume_file', 'profile_files'],
};

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * What a reviewer sees of the profile snapshot: only the sections the program's form collects (none
 * when profile autofill is off), and only fields that hold something. Null when nothing is left, so
 * the review page shows no profile block at all. The snapshot time is kept.
 */
export function visibleProfileSnapshot(
  form: ApplicationForm,
  snapshot: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!snapshot) return null;
  const shown: Record<string, unknown> = {};
  for (const section of requiredProfileSections(form))
    for (const field of profileFieldsBySection[section])
      if (!isEmpty(snapshot[field])) shown[field] = snapshot[field];
  if (Object.keys(shown).length === 0) return null;
  if (typeof snapshot.__snapshot_at === 'string') shown.__snapshot_at = snapshot.__snapshot_at;
  return shown;
}

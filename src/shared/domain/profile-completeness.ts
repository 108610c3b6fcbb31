import type { ApplicationForm } from '../schemas/forms';
import type { Profile } from '../schemas/profiles';
import { profileSectionOn } from './forms';

export const profileSections = ['personal', 'family', 'writing', 'experience'] as const;
export type ProfileSection = (typeof profileSections)[number];

export const profileSectionNames: Record<ProfileSection, string> = {
  personal: 'Personal Information',
  family: 'Family/Emergency Contact',
  writing: 'Writing & Essays',
  experience: 'Experience & Portfolio',
};

export const PROFILE_PROBLEMS_HEADING = 'Please complete the following required profile sections:';

const blank = (v: string | null | undefined) => !v || v.trim() === '';

const personalLabels: Array<[keyof Profile, string]> = [
  ['full_name', 'Full Name'],
  ['date_of_birth', 'Date of Birth'],
  ['phone_number', 'Phone Number'],
];
const addressFields = [
  'address_line1',
  'address_line2',
  'address_city',
  'address_state',
  'address_postal_code',
  'address_country',
] as const;
const contactFields = [
  'parent_guardian_name',
  'parent_guardian_email',
  'parent_guardian_phone',
  'emergency_contact_name',
  'emergency_contact_email',
  'emergency_contact_phone',
] as const;

/** The sections a program's form requires: none when the profile is off. */
export function requiredProfileSections(form: ApplicationForm): ProfileSection[] {
  return profileSections.filter((s) => profileSectionOn(form, s));
}

/** One line per incomplete section, worded as the spec words it; empty when the profile is complete. */
export function profileProblems(form: ApplicationForm, profile: Profile | null): string[] {
  const sections = requiredProfileSections(form);
  if (sections.length === 0) return [];
  if (!profile)
    return [`Profile not found. Please complete: ${sections.map((s) => profileSectionNames[s]).join(', ')}`];
  const lines: string[] = [];
  if (sections.includes('personal')) {
    const missing = personalLabels.filter(([k]) => blank(profile[k] as string | null)).map(([, l]) => l);
    if (missing.length) lines.push(`Personal Information: ${missing.join(', ')}`);
    if (addressFields.every((k) => blank(profile[k]))) lines.push('Personal Information: Address');
  }
  if (sections.includes('family') && contactFields.every((k) => blank(profile[k])))
    lines.push('Family/Emergency Contact: At least one contact method required');
  if (sections.includes('writing') && blank(profile.personal_statement))
    lines.push('Writing & Essays: Personal Statement');
  if (sections.includes('experience') && !profile.resume_file) lines.push('Experience & Portfolio: Resume');
  return lines;
}

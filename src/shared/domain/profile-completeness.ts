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

/** What a section still lacks (the spec's words after 'Section: '); empty when it is complete. */
export function sectionMissing(section: ProfileSection, profile: Profile): string[] {
  switch (section) {
    case 'personal': {
      const missing = personalLabels.filter(([k]) => blank(profile[k] as string | null)).map(([, l]) => l);
      if (addressFields.every((k) => blank(profile[k]))) missing.push('Address');
      return missing;
    }
    case 'family':
      return contactFields.every((k) => blank(profile[k])) ? ['At least one contact method required'] : [];
    case 'writing':
      return blank(profile.personal_statement) ? ['Personal Statement'] : [];
    case 'experience':
      return profile.resume_file ? [] : ['Resume'];
  }
}

/** One line per incomplete section, worded as the spec words it; empty when the profile is complete. */
export function profileProblems(form: ApplicationForm, profile: Profile | null): string[] {
  const sections = requiredProfileSections(form);
  if (sections.length === 0) return [];
  if (!profile)
    return [`Profile not found. Please complete: ${sections.map((s) => profileSectionNames[s]).join(', ')}`];
  const lines: string[] = [];
  for (const s of sections) {
    const missing = sectionMissing(s, profile);
    if (s === 'personal') {
      // Two lines, as the spec words them: the named fields, then the address.
      const fields = missing.filter((m) => m !== 'Address');
      if (fields.length) lines.push(`${profileSectionNames[s]}: ${fields.join(', ')}`);
      if (missing.includes('Address')) lines.push(`${profileSectionNames[s]}: Address`);
    } else if (missing.length) lines.push(`${profileSectionNames[s]}: ${missing.join(', ')}`);
  }
  return lines;
}

export interface ProfileChecklistItem {
  section: ProfileSection;
  name: string;
  missing: string[];
}

/**
 * The profile sections a program needs and what each still lacks, for the checklist shown before the
 * questions ('Profile: 2 of 4 sections complete'). No profile: every section lacks everything.
 */
export function profileChecklist(
  form: ApplicationForm,
  profile: Profile | null,
): { items: ProfileChecklistItem[]; complete: number } {
  const items = requiredProfileSections(form).map((section) => ({
    section,
    name: profileSectionNames[section],
    missing: profile ? sectionMissing(section, profile) : ['Not started'],
  }));
  return { items, complete: items.filter((i) => i.missing.length === 0).length };
}

import type { ApplicationForm } from '../schemas/forms';
import type { Profile } from '../schemas/profiles';
import { profileSectionOn } from './forms';
import {
  type ProfileSection,
  profileFieldGroups,
  profileFieldSpecs,
  profileFieldsBySection,
  profileSectionNames,
  profileSections,
} from './profile-fields';

export { type ProfileSection, profileSectionNames, profileSections } from './profile-fields';

export const PROFILE_PROBLEMS_HEADING = 'Please complete the following required profile sections:';

function blank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The sections a program's form requires: none when the profile is off. */
export function requiredProfileSections(form: ApplicationForm): ProfileSection[] {
  return profileSections.filter((s) => profileSectionOn(form, s));
}

/**
 * What a section still lacks (the spec's words after 'Section: '); empty when it is complete. From
 * the field description: each required field that is blank, then each group none of whose fields is
 * filled ('Address' after the named personal fields, as the spec words them).
 */
export function sectionMissing(section: ProfileSection, profile: Partial<Profile>): string[] {
  const fields = profileFieldsBySection[section].map((key) => [key, profileFieldSpecs[key]] as const);
  const missing: string[] = [];
  for (const [key, field] of fields) if (field.required && blank(profile[key])) missing.push(field.required);
  const groups = [...new Set(fields.flatMap(([, f]) => (f.group ? [f.group] : [])))];
  for (const group of groups)
    if (fields.every(([key, f]) => f.group !== group || blank(profile[key])))
      missing.push(profileFieldGroups[group]);
  return missing;
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
      const fields = missing.filter((m) => m !== profileFieldGroups.address);
      if (fields.length) lines.push(`${profileSectionNames[s]}: ${fields.join(', ')}`);
      if (missing.includes(profileFieldGroups.address)) lines.push(`${profileSectionNames[s]}: Address`);
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

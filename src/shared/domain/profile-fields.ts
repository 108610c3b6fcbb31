import type { Profile } from '../schemas/profiles';

/**
 * The one description of the applicant's profile (spec 001 §3 Profile, §5 profile-required check).
 * Everything else is derived from it: the text fields the API reads and writes and their checks, the
 * sections a program's form collects (what reviewers see of a snapshot), the labels, and what makes a
 * section complete. A new profile field is described here once.
 */

export const profileSections = ['personal', 'family', 'writing', 'experience'] as const;
export type ProfileSection = (typeof profileSections)[number];

/** The spec's section names (profile-required messages, review page). */
export const profileSectionNames: Record<ProfileSection, string> = {
  personal: 'Personal Information',
  family: 'Family/Emergency Contact',
  writing: 'Writing & Essays',
  experience: 'Experience & Portfolio',
};

/**
 * What a field holds: text (its rules: `email`, `date`, `statement` for the 5,000-character personal
 * statement), a yes/no, one file or a list of files.
 */
export type ProfileFieldKind = 'text' | 'email' | 'date' | 'statement' | 'boolean' | 'file' | 'files';

/** Groups of fields of which one filled is enough, and the spec's words when none is. */
export const profileFieldGroups = {
  address: 'Address',
  contact: 'At least one contact method required',
} as const;

export interface ProfileFieldSpec {
  section: ProfileSection;
  /** How the field is labelled wherever a value is shown or typed (sentence case). */
  label: string;
  kind: ProfileFieldKind;
  /** Needed for its section to be complete; the spec's words for it when it is missing. */
  required?: string;
  /** One of a group, at least one of which is needed for the section to be complete. */
  group?: keyof typeof profileFieldGroups;
}

type DescribedField = Exclude<keyof Profile, 'id' | 'updated_at'>;

/** Every profile field, in the order the profile's steps and a snapshot show them. */
export const profileFields = {
  full_name: { section: 'personal', label: 'Full name', kind: 'text', required: 'Full Name' },
  given_name: { section: 'personal', label: 'Given name', kind: 'text' },
  family_name: { section: 'personal', label: 'Family name', kind: 'text' },
  date_of_birth: { section: 'personal', label: 'Date of birth', kind: 'date', required: 'Date of Birth' },
  phone_number: { section: 'personal', label: 'Phone number', kind: 'text', required: 'Phone Number' },
  email: { section: 'personal', label: 'Email', kind: 'email' },
  address_line1: { section: 'personal', label: 'Address line 1', kind: 'text', group: 'address' },
  address_line2: { section: 'personal', label: 'Address line 2', kind: 'text', group: 'address' },
  address_city: { section: 'personal', label: 'City', kind: 'text', group: 'address' },
  address_state: { section: 'personal', label: 'State / province', kind: 'text', group: 'address' },
  address_postal_code: { section: 'personal', label: 'Postal code', kind: 'text', group: 'address' },
  address_country: { section: 'personal', label: 'Country', kind: 'text', group: 'address' },
  parent_guardian_name: { section: 'family', label: 'Parent/guardian name', kind: 'text', group: 'contact' },
  parent_guardian_email: {
    section: 'family',
    label: 'Parent/guardian email',
    kind: 'email',
    group: 'contact',
  },
  parent_guardian_phone: {
    section: 'family',
    label: 'Parent/guardian phone',
    kind: 'text',
    group: 'contact',
  },
  emergency_contact_is_parent: {
    section: 'family',
    label: 'Emergency contact is the parent',
    kind: 'boolean',
  },
  emergency_contact_name: {
    section: 'family',
    label: 'Emergency contact name',
    kind: 'text',
    group: 'contact',
  },
  emergency_contact_email: {
    section: 'family',
    label: 'Emergency contact email',
    kind: 'email',
    group: 'contact',
  },
  emergency_contact_phone: {
    section: 'family',
    label: 'Emergency contact phone',
    kind: 'text',
    group: 'contact',
  },
  personal_statement: {
    section: 'writing',
    label: 'Personal statement',
    kind: 'statement',
    required: 'Personal Statement',
  },
  resume_file: { section: 'experience', label: 'Resume', kind: 'file', required: 'Resume' },
  profile_files: { section: 'experience', label: 'Portfolio files', kind: 'files' },
} as const satisfies Record<DescribedField, ProfileFieldSpec>;

export type ProfileField = keyof typeof profileFields;
/** The description as plain specs (the literal types above give ProfileTextField). */
export const profileFieldSpecs: Record<ProfileField, ProfileFieldSpec> = profileFields;
const described = Object.entries(profileFieldSpecs) as [ProfileField, ProfileFieldSpec][];

const textKinds: readonly ProfileFieldKind[] = ['text', 'email', 'date', 'statement'];
type TextField<K extends ProfileField> = (typeof profileFields)[K]['kind'] extends
  | 'boolean'
  | 'file'
  | 'files'
  ? never
  : K;
/** Text fields of the profile, as the API names them: what PUT /api/me/profile writes. */
export type ProfileTextField = { [K in ProfileField]: TextField<K> }[ProfileField];
export const profileTextFields = described
  .filter(([, f]) => textKinds.includes(f.kind))
  .map(([key]) => key) as ProfileTextField[];

/** The fields each section collects, in order. */
export const profileFieldsBySection = Object.fromEntries(
  profileSections.map((s) => [s, described.filter(([, f]) => f.section === s).map(([key]) => key)]),
) as Record<ProfileSection, ProfileField[]>;

/** How each profile field is labelled wherever a value is shown (review page, exports, PDFs). */
export const profileFieldLabels = Object.fromEntries(described.map(([key, f]) => [key, f.label])) as Record<
  ProfileField,
  string
>;

/** Needed on its own for its section to be complete (the profile page marks it required). */
export const isRequiredProfileField = (key: ProfileField): boolean => !!profileFieldSpecs[key].required;

export const PERSONAL_STATEMENT_MAX = 5000;

/** Other text fields are short: a generous cap that no real name, phone or address line reaches. */
export const PROFILE_FIELD_MAX = 500;

export const profileFieldMessages = {
  email: 'Please enter a valid email address.',
  date: 'Please enter a valid date (YYYY-MM-DD).',
  statement: `Personal statement must be at most ${PERSONAL_STATEMENT_MAX.toLocaleString('en-US')} characters.`,
  tooLong: `Must be at most ${PROFILE_FIELD_MAX} characters.`,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed; empty → null (the spec: empty profile values are saved as null). */
export function cleanProfileText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Field → message for every value that breaks a rule (after cleaning); empty when all are fine. */
export function profileFieldErrors(
  values: Partial<Record<ProfileTextField, string | null | undefined>>,
): Partial<Record<ProfileTextField, string>> {
  const errors: Partial<Record<ProfileTextField, string>> = {};
  for (const field of profileTextFields) {
    const value = cleanProfileText(values[field]);
    if (value === null) continue;
    const kind = profileFieldSpecs[field].kind;
    if (kind === 'statement') {
      if (value.length > PERSONAL_STATEMENT_MAX) errors[field] = profileFieldMessages.statement;
    } else if (value.length > PROFILE_FIELD_MAX) errors[field] = profileFieldMessages.tooLong;
    else if (kind === 'email' && !EMAIL.test(value)) errors[field] = profileFieldMessages.email;
    else if (kind === 'date' && !validDate(value)) errors[field] = profileFieldMessages.date;
  }
  return errors;
}

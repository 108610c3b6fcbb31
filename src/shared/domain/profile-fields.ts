export const PERSONAL_STATEMENT_MAX = 5000;

/** Text fields of the profile, as the API names them (spec 001 §3 Profile). */
export const profileTextFields = [
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
  'personal_statement',
  'parent_guardian_name',
  'parent_guardian_email',
  'parent_guardian_phone',
  'emergency_contact_name',
  'emergency_contact_email',
  'emergency_contact_phone',
] as const;
export type ProfileTextField = (typeof profileTextFields)[number];

/** Other text fields are short: a generous cap that no real name, phone or address line reaches. */
export const PROFILE_FIELD_MAX = 500;

export const profileEmailFields = ['email', 'parent_guardian_email', 'emergency_contact_email'] as const;

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
    if (field === 'personal_statement') {
      if (value.length > PERSONAL_STATEMENT_MAX) errors[field] = profileFieldMessages.statement;
    } else if (value.length > PROFILE_FIELD_MAX) errors[field] = profileFieldMessages.tooLong;
    else if ((profileEmailFields as readonly string[]).includes(field) && !EMAIL.test(value))
      errors[field] = profileFieldMessages.email;
    else if (field === 'date_of_birth' && !validDate(value)) errors[field] = profileFieldMessages.date;
  }
  return errors;
}

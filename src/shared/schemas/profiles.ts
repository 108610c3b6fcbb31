import { z } from 'zod';
import { fileInfoSchema } from './files';

// The field list and limits live in domain (no zod), so the browser can use them.
export { PERSONAL_STATEMENT_MAX, type ProfileTextField, profileTextFields } from '../domain/profile-fields';

/** The applicant's reusable profile. Empty values are null. */
const text = z.string().nullable();
export const profileSchema = z.object({
  id: z.string(),
  full_name: text,
  given_name: text,
  family_name: text,
  date_of_birth: text,
  phone_number: text,
  email: text,
  address_line1: text,
  address_line2: text,
  address_city: text,
  address_state: text,
  address_postal_code: text,
  address_country: text,
  personal_statement: text,
  parent_guardian_name: text,
  parent_guardian_email: text,
  parent_guardian_phone: text,
  emergency_contact_name: text,
  emergency_contact_email: text,
  emergency_contact_phone: text,
  emergency_contact_is_parent: z.boolean().nullable(),
  resume_file: fileInfoSchema.nullable(),
  profile_files: z.array(fileInfoSchema),
  updated_at: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /api/me/profile: the text fields and the parent checkbox. A field left out keeps its value;
 * values are trimmed and empty ones stored as null (rules in domain/profile-fields.ts).
 */
const inputText = z.string().max(20_000).nullable().optional();
export const profileUpdateInput = z.object({
  full_name: inputText,
  given_name: inputText,
  family_name: inputText,
  date_of_birth: inputText,
  phone_number: inputText,
  email: inputText,
  address_line1: inputText,
  address_line2: inputText,
  address_city: inputText,
  address_state: inputText,
  address_postal_code: inputText,
  address_country: inputText,
  personal_statement: inputText,
  parent_guardian_name: inputText,
  parent_guardian_email: inputText,
  parent_guardian_phone: inputText,
  emergency_contact_name: inputText,
  emergency_contact_email: inputText,
  emergency_contact_phone: inputText,
  emergency_contact_is_parent: z.boolean().nullable().optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

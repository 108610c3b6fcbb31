import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profileRoles } from '../../../shared/policy';
import { user } from './auth';

export { profileRoles };

/** One profile per user (same id). Role and soft delete live here, as in the spec. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    role: text('role', { enum: profileRoles }).notNull().default('applicant'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    givenName: text('given_name'),
    familyName: text('family_name'),
    dateOfBirth: text('date_of_birth'),
    phoneNumber: text('phone_number'),
    /** The applicant's contact email in the profile (the spec's Profile.email); the sign-in email is on user. */
    email: text('email'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressPostalCode: text('address_postal_code'),
    addressCountry: text('address_country'),
    personalStatement: text('personal_statement'),
    parentGuardianName: text('parent_guardian_name'),
    parentGuardianEmail: text('parent_guardian_email'),
    parentGuardianPhone: text('parent_guardian_phone'),
    emergencyContactIsParent: boolean('emergency_contact_is_parent'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactEmail: text('emergency_contact_email'),
    emergencyContactPhone: text('emergency_contact_phone'),
    resumeFile: jsonb('resume_file'),
    profileFiles: jsonb('profile_files').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_role_idx').on(t.role)],
);

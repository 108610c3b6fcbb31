import { describe, expect, it } from 'vitest';
import type { ApplicationForm } from '../schemas/forms';
import type { Profile } from '../schemas/profiles';
import {
  PROFILE_PROBLEMS_HEADING,
  profileChecklist,
  profileProblems,
  requiredProfileSections,
} from './profile-completeness';

const form = (enabled: boolean, sections: ApplicationForm['profile']['sections'] = {}): ApplicationForm => ({
  questions: [],
  common: { applyhub: false, coalition: false },
  profile: { enabled, sections },
});

const empty: Profile = {
  id: 'u',
  full_name: null,
  given_name: null,
  family_name: null,
  date_of_birth: null,
  phone_number: null,
  email: null,
  address_line1: null,
  address_line2: null,
  address_city: null,
  address_state: null,
  address_postal_code: null,
  address_country: null,
  personal_statement: null,
  parent_guardian_name: null,
  parent_guardian_email: null,
  parent_guardian_phone: null,
  emergency_contact_name: null,
  emergency_contact_email: null,
  emergency_contact_phone: null,
  emergency_contact_is_parent: null,
  resume_file: null,
  profile_files: [],
  updated_at: null,
};

const full: Profile = {
  ...empty,
  full_name: 'Ada',
  date_of_birth: '2000-01-01',
  phone_number: '555',
  address_country: 'US',
  emergency_contact_phone: '555-1',
  personal_statement: 'Hello',
  resume_file: {
    fileName: 'r.pdf',
    filePath: 'profiles/u/resume/1_resume.pdf',
    fileSize: 1,
    contentType: 'application/pdf',
    uploadedAt: '2026-01-01',
  },
};

describe('profileProblems', () => {
  it('requires nothing when the profile is disabled', () => {
    expect(requiredProfileSections(form(false, { personal: true }))).toEqual([]);
    expect(profileProblems(form(false), null)).toEqual([]);
    expect(profileProblems(form(false), empty)).toEqual([]);
  });
  it('a section applies unless explicitly false', () => {
    expect(requiredProfileSections(form(true))).toEqual(['personal', 'family', 'writing', 'experience']);
    expect(requiredProfileSections(form(true, { family: false, writing: false }))).toEqual([
      'personal',
      'experience',
    ]);
  });
  it("no profile at all: 'Profile not found. Please complete: {sections}'", () => {
    expect(profileProblems(form(true), null)).toEqual([
      'Profile not found. Please complete: Personal Information, Family/Emergency Contact, Writing & Essays, Experience & Portfolio',
    ]);
    expect(profileProblems(form(true, { personal: false, family: false }), null)).toEqual([
      'Profile not found. Please complete: Writing & Essays, Experience & Portfolio',
    ]);
  });
  it('an empty profile: one line per section, as the spec words them', () => {
    expect(profileProblems(form(true), empty)).toEqual([
      'Personal Information: Full Name, Date of Birth, Phone Number',
      'Personal Information: Address',
      'Family/Emergency Contact: At least one contact method required',
      'Writing & Essays: Personal Statement',
      'Experience & Portfolio: Resume',
    ]);
  });
  it('personal: names each missing field; any one address part is enough; blanks count as missing', () => {
    expect(
      profileProblems(form(true, { family: false, writing: false, experience: false }), {
        ...full,
        phone_number: '  ',
      }),
    ).toEqual(['Personal Information: Phone Number']);
    for (const part of [
      'address_line1',
      'address_line2',
      'address_city',
      'address_state',
      'address_postal_code',
      'address_country',
    ] as const) {
      expect(profileProblems(form(true), { ...full, address_country: null, [part]: 'x' })).toEqual([]);
    }
  });
  it('family: any one parent or emergency contact detail is enough', () => {
    for (const k of [
      'parent_guardian_name',
      'parent_guardian_email',
      'parent_guardian_phone',
      'emergency_contact_name',
      'emergency_contact_email',
      'emergency_contact_phone',
    ] as const) {
      expect(profileProblems(form(true), { ...full, emergency_contact_phone: null, [k]: 'x' })).toEqual([]);
    }
  });
  it('writing needs a non-blank statement; experience needs a resume', () => {
    expect(profileProblems(form(true), { ...full, personal_statement: '   ' })).toEqual([
      'Writing & Essays: Personal Statement',
    ]);
    expect(profileProblems(form(true), { ...full, resume_file: null })).toEqual([
      'Experience & Portfolio: Resume',
    ]);
  });
  it('a complete profile has no problems; the heading is the spec text', () => {
    expect(profileProblems(form(true), full)).toEqual([]);
    expect(PROFILE_PROBLEMS_HEADING).toBe('Please complete the following required profile sections:');
  });
});

describe('profileChecklist', () => {
  it("counts the program's sections that are complete and names what the others lack", () => {
    const partial: Profile = {
      ...empty,
      full_name: 'Ada',
      personal_statement: 'Hi',
      parent_guardian_email: 'p@x.test',
    };
    const list = profileChecklist(form(true, { experience: true }), partial);
    expect(list.complete).toBe(2);
    expect(list.items).toEqual([
      {
        section: 'personal',
        name: 'Personal Information',
        missing: ['Date of Birth', 'Phone Number', 'Address'],
      },
      { section: 'family', name: 'Family/Emergency Contact', missing: [] },
      { section: 'writing', name: 'Writing & Essays', missing: [] },
      { section: 'experience', name: 'Experience & Portfolio', missing: ['Resume'] },
    ]);
    expect(profileChecklist(form(true), full)).toMatchObject({ complete: 4 });
  });
  it('only the sections the program asks for; none when the profile is off', () => {
    expect(
      profileChecklist(form(true, { family: false, writing: false }), full).items.map((i) => i.section),
    ).toEqual(['personal', 'experience']);
    expect(profileChecklist(form(false), full)).toEqual({ items: [], complete: 0 });
  });
});

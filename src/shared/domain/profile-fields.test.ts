import { describe, expect, it } from 'vitest';
import { emptyApplicationForm } from '../schemas/forms';
import { profileSchema } from '../schemas/profiles';
import { sectionMissing } from './profile-completeness';
import {
  cleanProfileText,
  isRequiredProfileField,
  type ProfileField,
  profileFieldErrors,
  profileFieldGroups,
  profileFieldLabels,
  profileFieldMessages,
  profileFieldSpecs,
  profileFields,
  profileFieldsBySection,
  profileSections,
} from './profile-fields';
import { visibleProfileSnapshot } from './profile-visibility';

describe('cleanProfileText', () => {
  it('trims and turns empty values into null', () => {
    expect(cleanProfileText('  Ada  ')).toBe('Ada');
    expect(cleanProfileText('   ')).toBeNull();
    expect(cleanProfileText('')).toBeNull();
    expect(cleanProfileText(undefined)).toBeNull();
    expect(cleanProfileText(null)).toBeNull();
  });
});

describe('profileFieldErrors', () => {
  it('accepts valid and empty values', () => {
    expect(
      profileFieldErrors({
        email: ' ada@example.org ',
        parent_guardian_email: '',
        date_of_birth: '2008-02-29',
        personal_statement: 'x'.repeat(5000),
      }),
    ).toEqual({});
  });

  it('refuses bad emails where a field is an email', () => {
    expect(profileFieldErrors({ email: 'ada', emergency_contact_email: 'a@b', full_name: 'ada' })).toEqual({
      email: profileFieldMessages.email,
      emergency_contact_email: profileFieldMessages.email,
    });
  });

  it('refuses impossible dates', () => {
    expect(profileFieldErrors({ date_of_birth: '2007-02-29' }).date_of_birth).toBe(profileFieldMessages.date);
    expect(profileFieldErrors({ date_of_birth: '12/01/2008' }).date_of_birth).toBe(profileFieldMessages.date);
  });

  it('limits the personal statement to 5,000 characters (after trimming) and other fields to 500', () => {
    expect(profileFieldErrors({ personal_statement: ` ${'x'.repeat(5000)} ` })).toEqual({});
    expect(profileFieldErrors({ personal_statement: 'x'.repeat(5001) }).personal_statement).toBe(
      'Personal statement must be at most 5,000 characters.',
    );
    expect(profileFieldErrors({ address_city: 'x'.repeat(501) }).address_city).toBe(
      profileFieldMessages.tooLong,
    );
  });
});

describe('the one profile description', () => {
  const complete: Record<string, unknown> = {
    full_name: 'Ada',
    given_name: 'Ada',
    family_name: 'Lovelace',
    date_of_birth: '2008-02-29',
    phone_number: '555',
    email: 'ada@example.org',
    address_line1: '1 Road',
    address_line2: null,
    address_city: 'Town',
    address_state: null,
    address_postal_code: null,
    address_country: null,
    parent_guardian_name: 'Pat',
    parent_guardian_email: null,
    parent_guardian_phone: null,
    emergency_contact_is_parent: true,
    emergency_contact_name: null,
    emergency_contact_email: null,
    emergency_contact_phone: null,
    personal_statement: 'Hello.',
    resume_file: { fileName: 'cv.pdf' },
    profile_files: [],
  };

  it('describes every field of the API profile once, in a section, with a label', () => {
    const api = Object.keys(profileSchema.shape).filter((k) => k !== 'id' && k !== 'updated_at');
    expect(Object.keys(profileFields).sort()).toEqual(api.sort());
    expect(Object.values(profileFieldsBySection).flat().sort()).toEqual(api.sort());
    for (const key of api) expect(profileFieldLabels[key as ProfileField]).toBeTruthy();
  });

  it('makes completeness follow it: a required field left blank is what its section lacks', () => {
    for (const section of profileSections) expect(sectionMissing(section, complete)).toEqual([]);
    for (const [key, spec] of Object.entries(profileFieldSpecs)) {
      if (!spec.required) continue;
      expect(isRequiredProfileField(key as ProfileField)).toBe(true);
      expect(sectionMissing(spec.section, { ...complete, [key]: null })).toEqual([spec.required]);
    }
  });

  it('makes a group lack only when none of its fields is filled', () => {
    for (const [group, words] of Object.entries(profileFieldGroups)) {
      const members = Object.entries(profileFieldSpecs).filter(([, f]) => f.group === group);
      const section = members[0][1].section;
      const none = Object.fromEntries(members.map(([k]) => [k, null]));
      expect(sectionMissing(section, { ...complete, ...none })).toEqual([words]);
      for (const [key] of members)
        expect(sectionMissing(section, { ...complete, ...none, [key]: 'x' })).toEqual([]);
    }
  });

  it('makes visibility follow it: a collected section shows its described fields that hold a value', () => {
    const form = {
      ...emptyApplicationForm(),
      profile: { enabled: true, sections: { family: false, writing: false, experience: false } },
    };
    const shown = Object.keys(visibleProfileSnapshot(form, complete) ?? {});
    const personal = profileFieldsBySection.personal.filter((k) => complete[k] !== null);
    expect(shown.sort()).toEqual([...personal].sort());
  });
});

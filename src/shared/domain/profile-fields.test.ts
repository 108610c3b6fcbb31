import { describe, expect, it } from 'vitest';
import { cleanProfileText, profileFieldErrors, profileFieldMessages } from './profile-fields';

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

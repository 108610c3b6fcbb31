import { describe, expect, it } from 'vitest';
import { deletedApplicantEmail, deletedApplicantLabel, isErasedAddress, retentionLabel } from './privacy';

describe('data rights words', () => {
  it('names a deleted account by its number, with an address nothing is sent to', () => {
    expect(deletedApplicantLabel(7)).toBe('Deleted applicant #7');
    expect(deletedApplicantEmail(7)).toBe('deleted-applicant-7@erased.invalid');
    expect(isErasedAddress(deletedApplicantEmail(7))).toBe(true);
    expect(isErasedAddress(' Deleted-Applicant-7@ERASED.invalid ')).toBe(true);
    expect(isErasedAddress('ada@erased.invalid.example.com')).toBe(false);
    expect(isErasedAddress('ada@example.com')).toBe(false);
  });

  it('says what retention does', () => {
    expect(retentionLabel(null)).toBe('Keep applications');
    expect(retentionLabel(1)).toBe('Delete applications 1 month after the program closes');
    expect(retentionLabel(12)).toBe('Delete applications 12 months after the program closes');
  });
});

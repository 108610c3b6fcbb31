import { describe, expect, it } from 'vitest';
import { emptyApplicationForm } from '../schemas/forms';
import { visibleProfileSnapshot } from './profile-visibility';

const snapshot = {
  full_name: 'Ada Applicant',
  address_line2: '',
  phone_number: null,
  parent_guardian_name: 'Pat Guardian',
  personal_statement: 'Statement.',
  resume_file: { fileName: 'cv.pdf', filePath: 'profiles/u/resume/1_cv.pdf' },
  profile_files: [],
  __source: 'profile',
  __snapshot_at: '2026-11-01T10:00:00.000Z',
};

const withProfile = (sections: Record<string, boolean>, enabled = true) => ({
  ...emptyApplicationForm(),
  profile: { enabled, sections },
});

describe('visibleProfileSnapshot', () => {
  it('shows nothing when the program has profile autofill off', () => {
    expect(visibleProfileSnapshot(emptyApplicationForm(), snapshot)).toBeNull();
    expect(visibleProfileSnapshot(withProfile({ personal: true }, false), snapshot)).toBeNull();
  });

  it('keeps only the collected sections, without empty fields or internal markers', () => {
    expect(
      visibleProfileSnapshot(withProfile({ family: false, writing: false, experience: false }), snapshot),
    ).toEqual({
      full_name: 'Ada Applicant',
      __snapshot_at: '2026-11-01T10:00:00.000Z',
    });
    const all = visibleProfileSnapshot(withProfile({}), snapshot);
    expect(Object.keys(all ?? {}).sort()).toEqual(
      ['__snapshot_at', 'full_name', 'parent_guardian_name', 'personal_statement', 'resume_file'].sort(),
    );
  });

  it('is null for an empty profile, so no block of empty lines is shown', () => {
    expect(visibleProfileSnapshot(withProfile({}), { full_name: '', __snapshot_at: 'x' })).toBeNull();
    expect(visibleProfileSnapshot(withProfile({}), null)).toBeNull();
  });
});

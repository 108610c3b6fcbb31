import { describe, expect, it } from 'vitest';
import { uploadRules } from '../../shared/domain/uploads';
import { extensionOf } from './content';
import { objectKey, PROFILE_FILES, revealsNothing } from './names';

describe('object keys (decision 051)', () => {
  it('are a folder and a random id: two keys never repeat, and they name no file', () => {
    const a = objectKey(PROFILE_FILES, 'pdf');
    const b = objectKey(PROFILE_FILES, 'pdf');
    expect(a).toMatch(/^profiles\/[0-9a-f-]{36}\.pdf$/);
    expect(a).not.toBe(b);
    expect(revealsNothing(a)).toBe(true);
    const app = '2b7e1516-28ae-4d2a-a6ab-f7158809cf4f';
    expect(revealsNothing(objectKey(`applications/${app}/q_recording`, 'mp3'))).toBe(true);
    expect(revealsNothing(objectKey(`orgs/${app}/logo`, 'png'))).toBe(true);
    expect(revealsNothing(objectKey(`messages/${app}`, 'pdf'))).toBe(true);
  });

  it("tell the keys of objects stored before, which hold a user id or a file's name", () => {
    const user = '2b7e1516-28ae-4d2a-a6ab-f7158809cf4f';
    for (const old of [
      `profiles/${user}/resume/1700000000000_resume.pdf`,
      `profiles/${user}/profile/1700000000000_Jane_Doe.png`,
      `applications/${user}/q_recording/1700000000000_Jane-take.mp3`,
      `profiles/${user}/${user}.pdf`,
    ])
      expect(revealsNothing(old), old).toBe(false);
  });

  it('have an extension for every type an upload may have', () => {
    for (const rule of Object.values(uploadRules))
      for (const type of rule.types) expect(extensionOf[type], type).toMatch(/^[a-z0-9]{1,8}$/);
  });
});

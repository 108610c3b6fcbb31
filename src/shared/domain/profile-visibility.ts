import type { ApplicationForm } from '../schemas/forms';
import { requiredProfileSections } from './profile-completeness';
import { type ProfileField, profileFieldsBySection } from './profile-fields';

export { profileFieldLabels, profileFieldsBySection } from './profile-fields';

/** The profile fields a program's form collects, in the order they are shown. */
export function collectedProfileFields(form: ApplicationForm): ProfileField[] {
  return requiredProfileSections(form).flatMap((s) => [...profileFieldsBySection[s]]);
}

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * What a reviewer sees of the profile snapshot: only the sections the program's form collects (none
 * when profile autofill is off), and only fields that hold something. Null when nothing is left, so
 * the review page shows no profile block at all. The snapshot time is kept.
 */
export function visibleProfileSnapshot(
  form: ApplicationForm,
  snapshot: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!snapshot) return null;
  const shown: Record<string, unknown> = {};
  for (const section of requiredProfileSections(form))
    for (const field of profileFieldsBySection[section])
      if (!isEmpty(snapshot[field])) shown[field] = snapshot[field];
  if (Object.keys(shown).length === 0) return null;
  if (typeof snapshot.__snapshot_at === 'string') shown.__snapshot_at = snapshot.__snapshot_at;
  return shown;
}

import type { ApplicationForm } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/Checkbox';

const sections = [
  { key: 'personal', label: 'Personal Info' },
  { key: 'family', label: 'Family/Emergency Contact' },
  { key: 'writing', label: 'Writing' },
  { key: 'experience', label: 'Experience/Portfolio' },
] as const;

/** Common Application Options: the common-app flags, profile autofill and its four sections. */
export function CommonOptions({
  form,
  onChange,
  locked,
}: {
  form: ApplicationForm;
  onChange: (form: ApplicationForm) => void;
  locked: boolean;
}) {
  const profile = form.profile;
  return (
    <div className="space-y-4">
      <Checkbox
        label="Include coalition common app"
        hint="Applicants also answer the coalition's shared common application."
        checked={form.common.coalition}
        onCheckedChange={(coalition) => onChange({ ...form, common: { ...form.common, coalition } })}
        disabled={locked}
      />
      <Checkbox
        label="ApplyHub common app"
        hint="Mark this program as using the ApplyHub common application."
        checked={form.common.applyhub}
        onCheckedChange={(applyhub) => onChange({ ...form, common: { ...form.common, applyhub } })}
        disabled={locked}
      />
      <Checkbox
        label="Include profile autofill"
        hint="The applicant's saved profile fills in automatically."
        checked={profile.enabled}
        onCheckedChange={(enabled) => onChange({ ...form, profile: { ...profile, enabled } })}
        disabled={locked}
      />
      <fieldset className="ml-8 rounded-lg border border-slate-200 p-3" disabled={locked || !profile.enabled}>
        <legend className="px-1 text-sm font-medium text-slate-800">Profile sections</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {sections.map((s) => (
            <Checkbox
              key={s.key}
              label={s.label}
              checked={profile.sections[s.key] !== false}
              onCheckedChange={(on) =>
                onChange({
                  ...form,
                  profile: { ...profile, sections: { ...profile.sections, [s.key]: on } },
                })
              }
              disabled={locked || !profile.enabled}
            />
          ))}
        </div>
        {!profile.enabled && (
          <p className="mt-2 text-sm text-slate-600">Turn on profile autofill to choose sections.</p>
        )}
      </fieldset>
    </div>
  );
}

import { CheckCircle2, CircleAlert, ExternalLink } from 'lucide-react';
import { profileChecklist } from '../../../shared/domain/profile-completeness';
import type { ApplicationForm } from '../../../shared/schemas/forms';
import type { Profile } from '../../../shared/schemas/profiles';
import { cn, focusRing } from '../../components/ui/cn';

/**
 * Before the questions: what this program needs from the profile ('Profile: 2 of 4 sections
 * complete'), each incomplete section with what it lacks and a link to the profile (new tab; the page
 * reloads the profile when it is shown again).
 */
export function ProfileChecklist({ form, profile }: { form: ApplicationForm; profile: Profile | null }) {
  const { items, complete } = profileChecklist(form, profile);
  if (items.length === 0) return null;
  const done = complete === items.length;
  return (
    <section
      aria-labelledby="profile-checklist"
      data-testid="profile-checklist"
      className={cn(
        'rounded-xl border p-4 sm:p-5',
        done ? 'border-green-200 bg-green-50' : 'border-amber-300 bg-amber-50',
      )}
    >
      <h2 id="profile-checklist" className="font-semibold text-slate-900">
        Profile: {complete} of {items.length} sections complete
      </h2>
      {!done && (
        <p className="mt-1 text-sm text-slate-800">
          This program uses your profile. Complete it before you submit.
        </p>
      )}
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.section} className="flex items-start gap-2">
            {item.missing.length === 0 ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <span className="font-medium text-slate-900">{item.name}</span>
              {item.missing.length === 0 ? (
                <span className="text-slate-700"> · Complete</span>
              ) : (
                <>
                  <span className="text-slate-800"> · Missing: {item.missing.join(', ')}</span>{' '}
                  <a
                    href="/profile"
                    target="_blank"
                    rel="noopener"
                    className={cn(
                      'inline-flex items-center gap-1 font-medium text-blue-800 underline',
                      focusRing,
                    )}
                  >
                    Complete {item.name}
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

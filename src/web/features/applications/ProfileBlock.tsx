import { ChevronDown, ExternalLink, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { profileSectionOn } from '../../../shared/domain/forms';
import type { ProfileBlock as Block } from '../../../shared/schemas/applications';
import type { ApplicationForm } from '../../../shared/schemas/forms';
import { cn, focusRing } from '../../components/ui/cn';
import { formatDateTime, formatDay } from '../../lib/format';

type Data = Record<string, unknown>;
const str = (d: Data | null, k: string) => {
  const v = d?.[k];
  return typeof v === 'string' && v.trim() ? v : null;
};
const dayOf = (v: string | null) => (v ? formatDay(v) : null);
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ') || null;

const sections = {
  personal: {
    title: 'Personal Information',
    rows: (d: Data | null) => [
      ['Full name', str(d, 'full_name')],
      ['Date of birth', dayOf(str(d, 'date_of_birth'))],
      ['Phone', str(d, 'phone_number')],
      ['Email', str(d, 'email')],
      [
        'Address',
        [
          str(d, 'address_line1'),
          str(d, 'address_line2'),
          str(d, 'address_city'),
          str(d, 'address_state'),
          str(d, 'address_postal_code'),
          str(d, 'address_country'),
        ]
          .filter(Boolean)
          .join(', ') || null,
      ],
    ],
  },
  family: {
    title: 'Family/Emergency Contact',
    rows: (d: Data | null) => [
      [
        'Parent/guardian',
        joined(
          str(d, 'parent_guardian_name'),
          str(d, 'parent_guardian_email'),
          str(d, 'parent_guardian_phone'),
        ),
      ],
      [
        'Emergency contact',
        d?.emergency_contact_is_parent === true
          ? 'Same as parent/guardian'
          : joined(
              str(d, 'emergency_contact_name'),
              str(d, 'emergency_contact_email'),
              str(d, 'emergency_contact_phone'),
            ),
      ],
    ],
  },
  writing: {
    title: 'Writing & Essays',
    rows: (d: Data | null) => [['Personal statement', str(d, 'personal_statement')]],
  },
  experience: {
    title: 'Experience & Portfolio',
    rows: (d: Data | null) => {
      const resume = d?.resume_file as { fileName?: string } | null | undefined;
      const files = (Array.isArray(d?.profile_files) ? d.profile_files : []) as { fileName?: string }[];
      return [
        ['Resume', resume?.fileName ?? null],
        [
          'Portfolio',
          files
            .map((f) => f.fileName)
            .filter(Boolean)
            .join(', ') || null,
        ],
      ];
    },
  },
} as const;

/**
 * The autofilled profile (spec 001 §2): the live profile before submission, the stored snapshot
 * after; never edited here ('Edit Profile' opens /profile in a new tab). On phones its details are
 * collapsed until asked for (the checklist above already says what is missing).
 */
export function ProfileBlock({ form, block }: { form: ApplicationForm; block: Block }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const shown = (Object.keys(sections) as (keyof typeof sections)[]).filter((k) => profileSectionOn(form, k));
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="profile-block"
      className="rounded-xl border border-blue-200 bg-blue-50/50 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="profile-block" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Lock className="size-4 text-slate-600" aria-hidden="true" />
            From your profile
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {block.source === 'live'
              ? 'Filled in from your profile. It is saved with your application when you submit.'
              : `Saved with your application${block.snapshot_at ? ` on ${formatDateTime(block.snapshot_at)}` : ''}. Locked.`}
          </p>
        </div>
        <a
          href="/profile"
          target="_blank"
          rel="noopener"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50',
            focusRing,
          )}
        >
          Edit Profile
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'mt-3 inline-flex items-center gap-1 text-sm font-medium text-blue-800 underline sm:hidden',
          focusRing,
        )}
      >
        {open ? 'Hide profile details' : 'Show profile details'}
        <ChevronDown className={cn('size-4', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div id={detailsId} className={cn('mt-4 space-y-4', !open && 'max-sm:hidden')}>
        {shown.map((key) => (
          <div key={key} className="rounded-lg border border-slate-200 bg-white p-3">
            <h3 className="font-medium text-slate-900">{sections[key].title}</h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_1fr]">
              {sections[key].rows(block.data).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-600">{term}</dt>
                  <dd className={cn('break-words', value ? 'text-slate-900' : 'text-slate-600 italic')}>
                    {value ?? 'Not provided'}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}

import { ChevronDown } from 'lucide-react';
import { formatDay } from '../../lib/format';

interface Sections {
  personal: boolean;
  family: boolean;
  writing: boolean;
  experience: boolean;
}

// Built when shown: formatting the date when the module loads cost every page that imports it.
const sample = () => ({
  personal: [
    ['Full name', 'Jordan Sample'],
    ['Date of birth', formatDay('2008-04-12')],
    ['Phone', '(555) 010-2030'],
    ['Address', '12 River Road, Springfield, IL 62701, USA'],
  ],
  family: [
    ['Parent/guardian', 'Morgan Sample · morgan@example.com · (555) 010-4050'],
    ['Emergency contact', 'Same as parent/guardian'],
  ],
  writing: [['Personal statement', 'I have played the cello since I was seven and want to…']],
  experience: [
    ['Resume', 'resume.pdf'],
    ['Portfolio', 'recital-2025.mp4, concerto-excerpt.mp3'],
  ],
});

const titles: Record<keyof Sections, string> = {
  personal: 'Personal information',
  family: 'Family and emergency contact',
  writing: 'Writing',
  experience: 'Experience and portfolio',
};

/** The autofilled applicant profile, with sample data, as previews show it (collapsible sections). */
export function SampleProfileBlock({ sections }: { sections: Sections }) {
  const shown = (Object.keys(titles) as Array<keyof Sections>).filter((k) => sections[k]);
  if (shown.length === 0) return null;
  const rows = sample();
  return (
    <section aria-labelledby="profile-sample" className="rounded-xl border border-blue-200 bg-blue-50/50 p-4">
      <h3 id="profile-sample" className="font-semibold text-slate-900">
        Autofilled from the applicant's profile
      </h3>
      <p className="text-sm text-slate-600">Sample data: applicants see their own profile here.</p>
      <div className="mt-3 space-y-2">
        {shown.map((key) => (
          <details
            key={key}
            className="group rounded-lg border border-slate-200 bg-white"
            open={key === 'personal'}
          >
            <summary className="flex cursor-pointer items-center justify-between px-3 py-2 font-medium">
              {titles[key]}
              <ChevronDown aria-hidden="true" className="size-4 transition group-open:rotate-180" />
            </summary>
            <dl className="grid gap-2 px-3 pb-3 text-sm sm:grid-cols-[12rem_1fr]">
              {rows[key].map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-500">{term}</dt>
                  <dd className="text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        ))}
      </div>
    </section>
  );
}

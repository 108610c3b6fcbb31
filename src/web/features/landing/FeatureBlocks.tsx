import { Files, ListChecks, Network, Users } from 'lucide-react';
import type { ReactNode } from 'react';

const features: Array<{ title: string; body: string; icon: ReactNode }> = [
  {
    title: 'One Application Multiple Programs',
    body: 'Create your profile once and reuse it everywhere. Your personal details, essays and experience fill in each new application automatically.',
    icon: <Files className="size-6" aria-hidden="true" />,
  },
  {
    title: 'Organization-Specific Questions',
    body: 'Organizations add their own questions to each program: short answers, essays, file uploads, multiple choice and more.',
    icon: <ListChecks className="size-6" aria-hidden="true" />,
  },
  {
    title: 'Coalition Applications',
    body: 'Related organizations join together in coalitions and share common questions, so applicants answer them only once.',
    icon: <Network className="size-6" aria-hidden="true" />,
  },
  {
    title: 'Collaborative Review Process',
    body: 'Reviewers add comments, scores and decisions together, and organizations publish results when they are ready.',
    icon: <Users className="size-6" aria-hidden="true" />,
  },
];

/** The four feature blocks of the landing and the how-it-works page. */
export function FeatureBlocks({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6">
      {features.map((f) => (
        <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex size-11 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
            {f.icon}
          </div>
          <Heading className="mt-4 text-lg font-semibold text-slate-900">{f.title}</Heading>
          <p className="mt-2 text-slate-600">{f.body}</p>
        </li>
      ))}
    </ul>
  );
}

import type { PublicCoalition } from '../../../shared/schemas/public';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from './DashboardShell';

const placeholders = ['Members', 'Common Application', 'Reviews', 'Results', 'Reports', 'Settings'];

/** Coalition manager landing: the spec's six cards, all 'Coming soon'. */
export function CoalitionLanding({ coalition }: { coalition: PublicCoalition }) {
  usePageTitle(coalition.name);
  return (
    <DashboardShell showReviews={false}>
      <p className="text-sm font-medium text-slate-500">Coalition Manager</p>
      <h1 className="text-2xl font-bold text-slate-900">{coalition.name}</h1>
      {coalition.description && <p className="mt-1 text-slate-600">{coalition.description}</p>}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {placeholders.map((title) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-500">Coming soon</p>
          </li>
        ))}
      </ul>
    </DashboardShell>
  );
}

import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/title';
import type { EntityKind } from './guards';

/** The guards' screen for a missing organization, coalition or program. */
export function EntityNotFound({ kind }: { kind: EntityKind }) {
  usePageTitle(`${kind} not found`);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">{kind}</p>
      <h1 className="mt-2 text-2xl font-bold">Not found</h1>
      <Link
        to="/dashboard"
        className="mt-8 rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        Go to Dashboard
      </Link>
    </main>
  );
}

/** For a route's notFoundComponent: reads the kind the guard threw. */
export function EntityNotFoundFromData({ data }: { data?: unknown }) {
  const d = data as { kind?: EntityKind; data?: { kind?: EntityKind } } | undefined;
  const kind = d?.kind ?? d?.data?.kind ?? 'Organization';
  return <EntityNotFound kind={kind} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { LinkButton } from '../components/ui/LinkButton';
import { usePageTitle } from '../lib/title';

export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});

function UnauthorizedPage() {
  usePageTitle('Access denied');
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center focus:outline-none"
    >
      <ShieldAlert className="size-10 text-red-700" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Access denied</h1>
      <p className="mt-3 text-slate-700">You don't have permission to access this resource.</p>
      <LinkButton to="/dashboard" className="mt-8">
        Go to Dashboard
      </LinkButton>
    </main>
  );
}

import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/title';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex gap-3">
        <Link
          to="/dashboard"
          className="rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700"
        >
          Go to Dashboard
        </Link>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
        >
          Go Home
        </Link>
      </div>
    </main>
  );
}

import { AppLink } from '../../lib/navigation';

/** '© {year} ApplyHub', and the Terms and Privacy Policy. */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-slate-600 sm:px-6">
        © {new Date().getFullYear()} ApplyHub ·{' '}
        <AppLink to="/terms" className="underline hover:text-slate-900">
          Terms
        </AppLink>{' '}
        ·{' '}
        <AppLink to="/privacy" className="underline hover:text-slate-900">
          Privacy Policy
        </AppLink>
      </div>
    </footer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../lib/session';

/** Shown on every page while demo mode is on. */
export function DemoBanner() {
  const { data } = useQuery(publicConfigQuery);
  if (!data?.demo_mode) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      <strong className="font-semibold">Demo mode is on:</strong> sign-in is simulated and data is sample
      data.
    </div>
  );
}

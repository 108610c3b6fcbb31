import type { ReactNode } from 'react';
import { QuickAccessBar } from '../../components/layout/QuickAccessBar';

/** Signed-in pages: the quick-access bar above the page's own content. */
export function DashboardShell({ showReviews, children }: { showReviews: boolean; children: ReactNode }) {
  return (
    <>
      <QuickAccessBar showReviews={showReviews} />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </>
  );
}

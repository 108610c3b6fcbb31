import { lazy, type ReactNode, Suspense } from 'react';
import { useToasterRequested } from '../../lib/toast';
import { DemoBanner } from './DemoBanner';
import { TopBar } from './TopBar';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Every page's frame, in the app and in the landing page's light shell: skip link, demo banner, top
 * bar, the page (which renders <main id="main">), toasts.
 */
/**
 * `bare`: a page for people without an account (a recommender's letter link, decision 065): the skip
 * link and the page only, no top bar or sign-in they could not use.
 */
export function PageChrome({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  // Sonner loads with the first toast, on every page: not while a page loads (its code, the stylesheet it
  // injects and the whole-page style recalculation that follows were ~10 KB and a task on every signed-in
  // page's first load; decision 062).
  const toasterRequested = useToasterRequested();
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-blue-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-blue-600"
      >
        Skip to content
      </a>
      {!bare && <DemoBanner />}
      {!bare && <TopBar />}
      <div className="flex min-h-[calc(100dvh-4rem)] flex-col">{children}</div>
      {toasterRequested && (
        <Suspense fallback={null}>
          <Toaster richColors closeButton position="top-right" />
        </Suspense>
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { meQuery } from '../../lib/session';
import { useToasterRequested } from '../../lib/toast';
import { DemoBanner } from './DemoBanner';
import { TopBar } from './TopBar';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Every page's frame, in the app and in the landing page's light shell: skip link, demo banner, top
 * bar, the page (which renders <main id="main">), toasts.
 */
export function PageChrome({ children }: { children: ReactNode }) {
  // Sonner loads only where toasts can happen: for signed-in users, or once a toast is raised.
  const signedIn = !!useQuery(meQuery).data;
  const toasterRequested = useToasterRequested();
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-blue-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-blue-600"
      >
        Skip to content
      </a>
      <DemoBanner />
      <TopBar />
      <div className="flex min-h-[calc(100dvh-4rem)] flex-col">{children}</div>
      {(signedIn || toasterRequested) && (
        <Suspense fallback={null}>
          <Toaster richColors closeButton position="top-right" />
        </Suspense>
      )}
    </>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageChrome } from './components/layout/PageChrome';
import { LoginDialogProvider } from './features/auth/login-dialog-context';
import { LandingPage } from './features/landing/LandingPage';
import { queryClient } from './lib/query-client';
import './styles.css';

/**
 * The landing page's own light entry (landing.html, served for `/`; decision 042): the same page and
 * frame as the app's `/` route, without the router and the route tree. Its links are full page loads
 * into the app; the app's own `/` (reached from inside the app) stays a client-side route.
 */
const next = new URLSearchParams(window.location.search).get('next') ?? undefined;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LoginDialogProvider pathname="/">
        <PageChrome>
          <LandingPage next={next} />
        </PageChrome>
      </LoginDialogProvider>
    </QueryClientProvider>
  </StrictMode>,
);

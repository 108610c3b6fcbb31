import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './lib/query-client';
import { router } from './router';
import './styles.css';

// A page's first Intl.DateTimeFormat loads the locale's date data: 20–45 ms of main thread here, more on
// a phone. Build one while the page waits for its route's code and data, so the render that shows the
// page (program dates, deadlines) does not pay for it; later formatters of the locale take ~0.2 ms.
const warmDateFormats = () =>
  void new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
if (typeof window.requestIdleCallback === 'function')
  window.requestIdleCallback(warmDateFormats, { timeout: 500 });
else window.setTimeout(warmDateFormats, 0);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

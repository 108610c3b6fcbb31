import { useEffect } from 'react';

/** Page <title> per route: "Page · ApplyHub". */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ApplyHub` : 'ApplyHub';
  }, [title]);
}

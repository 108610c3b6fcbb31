import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** How long a page may take to render its heading (data still loading) before focus stays where it is. */
const WAIT_FRAMES = 120;

/**
 * After an in-app navigation to another page, focus moves to the new page's heading (h1 in main), as a
 * full page load would start reading at the top: keyboard and screen-reader users are not left on a
 * link that is gone. A page that focused something of its own (a form's first field) keeps it.
 */
export function useFocusHeadingOnNavigate() {
  const router = useRouter();
  useEffect(() => {
    let frame = 0;
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (!event.pathChanged || !event.fromLocation) return;
      cancelAnimationFrame(frame);
      const main = () => document.getElementById('main');
      const startedOn = document.activeElement;
      let left = WAIT_FRAMES;
      const tryFocus = () => {
        const active = document.activeElement;
        // The page put focus inside itself: leave it there.
        if (active && active !== startedOn && active !== document.body && main()?.contains(active)) return;
        const heading = main()?.querySelector('h1');
        if (heading instanceof HTMLElement) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
          return;
        }
        if (--left > 0) frame = requestAnimationFrame(tryFocus);
      };
      frame = requestAnimationFrame(tryFocus);
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [router]);
}

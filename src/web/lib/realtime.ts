import { useEffect, useRef } from 'react';

/**
 * Subscribes to a server-sent events topic (e.g. `program:<id>`) while mounted; calls `onEvent`
 * with each event's data. The browser's EventSource reconnects by itself after a network drop.
 * Pass null to subscribe to nothing.
 */
export function useTopic(topic: string | null, onEvent: (data: unknown) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!topic || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/events?topic=${encodeURIComponent(topic)}`, {
      withCredentials: true,
    });
    const listener = (event: MessageEvent) => {
      let data: unknown = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        data = event.data;
      }
      handler.current(data);
    };
    source.addEventListener('change', listener);
    return () => {
      source.removeEventListener('change', listener);
      source.close();
    };
  }, [topic]);
}

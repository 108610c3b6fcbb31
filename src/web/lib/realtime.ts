import { useEffect, useRef } from 'react';

/**
 * Subscribes to a server-sent events topic (e.g. `program:<id>`) while mounted; calls `onEvent`
 * with each event's data. The browser's EventSource reconnects by itself after a network drop or when
 * the server ends the stream (its periodic rights check); changes may have gone by meanwhile, so each
 * reconnection is announced as `{ resync: true }`, as the server announces its own missed changes.
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
    let connected = false;
    const onReady = () => {
      if (connected) handler.current({ resync: true });
      connected = true;
    };
    source.addEventListener('change', listener);
    source.addEventListener('ready', onReady);
    return () => {
      source.removeEventListener('change', listener);
      source.removeEventListener('ready', onReady);
      source.close();
    };
  }, [topic]);
}

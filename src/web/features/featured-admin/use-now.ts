import { useEffect, useState } from 'react';

/**
 * The time now, read at every render, and a render every minute (schedule labels and purge
 * countdowns move with the clock). Read at render, not kept from the last tick: an item added with
 * the 7-day preset starts now, and a kept time up to a minute old called it 'Starts {date}'.
 */
export function useNow(): Date {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((n) => n + 1), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return new Date();
}

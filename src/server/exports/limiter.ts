import { RateLimited } from '../errors';

/**
 * Downloads running at once in this process. Each holds a database connection (PostgreSQL: its
 * cursor's transaction) for as long as the client reads, so they are few; more wait their turn, and
 * beyond a queue of WAITING_MAX the request is refused (429) rather than left hanging.
 */
export const RUNNING_MAX = 2;
export const WAITING_MAX = 20;

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a slot; the returned function gives it back (call it once, when the download ends). */
export async function downloadSlot(): Promise<() => void> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX)
      throw new RateLimited('Too many downloads are running. Please try again in a minute.');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

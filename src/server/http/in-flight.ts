import type { MiddlewareHandler } from 'hono';

/**
 * Counts requests being answered, so a shutdown can wait for them before closing the database.
 * Event streams are left out: they never finish by themselves and are closed by the shutdown.
 */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.path === '/api/events') return next();
      this.count++;
      try {
        await next();
      } finally {
        this.count--;
        if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
      }
    };
  }

  /** Resolves when no request is in flight, or after `ms` (true: drained, false: gave up). */
  drained(ms: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { loadActor } from '../users/queries';

/**
 * Resolves the acting user once per request. A soft-deleted user is treated as signed out:
 * every request checks it, so their sessions stop working the moment they are deleted.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { auth, db } = c.get('deps');
    c.set('actor', null);
    if (c.req.header('cookie')?.includes('session_token')) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (session) {
        const actor = await loadActor(db, session.user.id);
        if (actor && !actor.deleted) c.set('actor', actor);
      }
    }
    await next();
  };
}

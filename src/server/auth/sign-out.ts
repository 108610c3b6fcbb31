import type { Handler } from 'hono';
import type { AppEnv } from '../context';
import { endSession } from '../users/lifecycle';
import { sessionToken } from './session';

/**
 * POST /api/auth/sign-out. The session is deleted here first, so a database that cannot be reached
 * answers 503 and leaves the cookie in place: better-auth alone logs that failure, clears the cookie
 * and answers 200 while the session lives on. Then better-auth clears its cookies as usual.
 */
export const signOut: Handler<AppEnv> = async (c) => {
  const { auth, db, config } = c.get('deps');
  const token = sessionToken(c.req.header('cookie'), config.authSecret);
  if (token) await endSession(db, token);
  return auth.handler(c.req.raw);
};

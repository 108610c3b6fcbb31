import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorBody } from './errors';

/** Strict headers: no inline script anywhere; styles may be inline (UI libraries set them). */
export function securityHeaders(production: boolean): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(production ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: production ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    // A route may set its own (file downloads may be framed by our own pages, e.g. the PDF preview).
    overwrite: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request carries a session cookie (ours or better-auth's). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && cookie.includes('session_token');
}

/** True when the request authenticates with `Authorization: Bearer …` (an API token, decision 040). */
export function hasBearer(authorization: string | undefined): boolean {
  return !!authorization && /^Bearer\s/i.test(authorization);
}

/**
 * CSRF protection for cookie-authenticated writes: a write whose Origin (or Sec-Fetch-Site) says
 * another site is refused, and so is a write with a session cookie that has neither (every browser
 * we support sends one of them; a request without both cannot be told apart from a forged one).
 * Clients without a session cookie carry no ambient authority to abuse, and neither do API token
 * requests (a browser never adds an Authorization header on its own), whatever Origin they send.
 */
export function originCheck(allowedOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (hasBearer(c.req.header('authorization')) && !hasSessionCookie(c.req.header('cookie'))) return next();
    const origin = c.req.header('origin');
    const requestOrigin = new URL(c.req.url).origin;
    if (origin) {
      if (origin !== allowedOrigin && origin !== requestOrigin) {
        return c.json(errorBody('forbidden', 'Cross-site request refused.'), 403);
      }
    } else {
      const site = c.req.header('sec-fetch-site');
      if (site ? site !== 'same-origin' && site !== 'none' : hasSessionCookie(c.req.header('cookie'))) {
        return c.json(errorBody('forbidden', 'Cross-site request refused.'), 403);
      }
    }
    return next();
  };
}

/**
 * Answers to a signed-in request hold personal data: never stored by a browser or a shared cache,
 * and a cache keyed on the URL alone must not hand them to someone else.
 */
export function noStoreWhenSignedIn(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!hasSessionCookie(c.req.header('cookie')) && !hasBearer(c.req.header('authorization'))) return;
    if (!c.res.headers.get('content-type')?.includes('application/json')) return;
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.append('Vary', 'Cookie, Authorization');
  };
}

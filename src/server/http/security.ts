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

/**
 * CSRF protection for cookie-authenticated writes: a browser always sends Origin on a cross-site
 * write, so a write whose Origin (or Sec-Fetch-Site) says another site is refused.
 * Non-browser clients send neither and carry no ambient cookies to abuse.
 */
export function originCheck(allowedOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const requestOrigin = new URL(c.req.url).origin;
    if (origin) {
      if (origin !== allowedOrigin && origin !== requestOrigin) {
        return c.json(errorBody('forbidden', 'Cross-site request refused.'), 403);
      }
    } else {
      const site = c.req.header('sec-fetch-site');
      if (site && site !== 'same-origin' && site !== 'none') {
        return c.json(errorBody('forbidden', 'Cross-site request refused.'), 403);
      }
    }
    return next();
  };
}

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS } from '../../shared/domain/limits';
import { errorBody } from './errors';

const NUL_MESSAGE = 'The request contains a NUL character, which cannot be stored.';

/**
 * One pass over a JSON text: the deepest nesting, and whether a string holds a NUL (`\u0000`).
 * Iterative, so a body nested 20,000 deep costs a loop, not a stack.
 */
export function scanJson(source: string): { depth: number; nul: boolean } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) {
        if (source.startsWith('u0000', i + 1)) return { depth: deepest, nul: true };
        i++;
      } else if (ch === 34 /* " */) inString = false;
      else if (ch === 0) return { depth: deepest, nul: true };
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return { depth: deepest, nul: false };
}

function decodedHasNul(raw: string): boolean {
  if (raw.includes('\u0000')) return true;
  if (!/%00/.test(raw)) return false;
  try {
    return decodeURIComponent(raw).includes('\u0000');
  } catch {
    return true;
  }
}

/**
 * Every API request, before any route: a NUL in the path or query, a JSON body over 1 MiB (413),
 * nested deeper than 32 or holding a NUL in a string (400) is refused here, in one place, for every
 * route (better-auth's included). File uploads stream under their own per-purpose limits.
 */
export function inputGuard(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: LIMITS.bodyBytes,
    onError: (c) => c.json(errorBody('too_large', 'The request is too large.'), 413),
  });
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (decodedHasNul(url.pathname) || decodedHasNul(url.search)) {
      return c.json(errorBody('invalid', NUL_MESSAGE), 400);
    }
    const type = c.req.header('content-type') ?? '';
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !type.includes('json')) return next();
    const check = async () => {
      const refuse = (res: Response) => {
        c.res = res;
      };
      let body: string;
      try {
        // better-auth reads the raw request itself: read a copy there; elsewhere Hono caches the text.
        body = c.req.path.startsWith('/api/auth/') ? await c.req.raw.clone().text() : await c.req.text();
      } catch {
        // A chunked body over the limit ends the stream with an error.
        return void refuse(c.json(errorBody('too_large', 'The request is too large.'), 413));
      }
      const { depth, nul } = scanJson(body);
      if (nul) return void refuse(c.json(errorBody('invalid', NUL_MESSAGE), 400));
      if (depth > LIMITS.jsonDepth) {
        return void refuse(c.json(errorBody('invalid', 'The request is nested too deeply.'), 400));
      }
      await next();
    };
    // A declared length is checked before reading: the body is then read straight from the socket
    // (touching the Request's stream, as hono's bodyLimit does, builds a whole web Request around it).
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > LIMITS.bodyBytes)
        return c.json(errorBody('too_large', 'The request is too large.'), 413);
      return check();
    }
    return limit(c, check); // chunked: counted while it streams
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The best encoding the client accepts of those we have: brotli, then gzip (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined, available: Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if (available.includes(encoding) && (accepted.has(encoding) || accepted.has('*'))) return encoding;
  }
  return null;
}

/** index.html and its precompressed copies (written by scripts/compress-web.mjs), read once. */
function loadIndex(webDir: string) {
  const file = path.join(webDir, 'index.html');
  if (!existsSync(file)) return null;
  const encoded = new Map<Encoding, Buffer>();
  for (const encoding of ['br', 'gzip'] as const) {
    if (existsSync(file + SUFFIX[encoding])) encoded.set(encoding, readFileSync(file + SUFFIX[encoding]));
  }
  return { html: readFileSync(file, 'utf8'), encoded };
}

/**
 * The built SPA. Hashed assets are immutable for a year; index.html is revalidated every time (it
 * names the current hashes). Text files are served precompressed (brotli or gzip, chosen by
 * Accept-Encoding, `Vary: Accept-Encoding`) when the build wrote the compressed copies.
 */
export function serveWeb(webDir: string) {
  const app = new Hono();
  const index = loadIndex(webDir);
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Vary')) c.res.headers.set('Vary', 'Accept-Encoding');
  });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: webDir, index: '__none__', precompressed: true }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    if (!index) return c.text('The web app is not built. Run npm run build.', 503);
    c.header('Cache-Control', 'no-cache');
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), [...index.encoded.keys()]);
    if (!encoding) return c.html(index.html);
    c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(index.encoded.get(encoding)!));
  });
  return app;
}

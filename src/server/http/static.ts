import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

type Encoding = 'br' | 'gzip';

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

/** The session cookie (better-auth with `cookiePrefix: 'applyhub'`, see auth/auth.ts), `__Secure-` on https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?applyhub\.session_token=/;

/** One variant of index.html: its text and its compressed copies, made once at start. */
function variant(html: string) {
  return {
    html,
    encoded: new Map<Encoding, Buffer>([
      ['br', brotliCompressSync(html)],
      ['gzip', gzipSync(html, { level: 9 })],
    ]),
  };
}

/**
 * index.html as served: the entry stylesheet inlined (no render-blocking request before first paint)
 * and two hints on <html> the app reads before its first render — `data-demo` (so the demo banner is
 * laid out in the first frame, no layout shift) and `data-session="none"` when the request carries no
 * session cookie (so a visitor's page does not ask /api/me only to be told 401).
 */
function loadIndex(webDir: string, demoMode: boolean, name = 'index.html') {
  const file = path.join(webDir, name);
  if (!existsSync(file)) return null;
  const html = inlineEntryCss(webDir, readFileSync(file, 'utf8'));
  const withHints = (session: string) =>
    html.replace(/<html([^>]*)>/, `<html$1 data-demo="${demoMode}" data-session="${session}">`);
  return { signedOut: variant(withHints('none')), maybeSignedIn: variant(withHints('unknown')) };
}

/** Replaces the entry's `<link rel="stylesheet">` of a built asset with a `<style>` of its content. */
function inlineEntryCss(webDir: string, html: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const css = path.join(webDir, href);
      if (!existsSync(css)) return tag;
      return `<style>${readFileSync(css, 'utf8')}</style>`;
    },
  );
}

/**
 * The built SPA. Hashed assets are immutable for a year; index.html is revalidated every time (it
 * names the current hashes). Text files are served precompressed (brotli or gzip, chosen by
 * Accept-Encoding, `Vary: Accept-Encoding`) when the build wrote the compressed copies.
 */
export function serveWeb(webDir: string, options: { demoMode: boolean }) {
  const app = new Hono();
  const index = loadIndex(webDir, options.demoMode);
  // The landing page's own light entry (no router; decision 042), when the build made it.
  const landing = loadIndex(webDir, options.demoMode, 'landing.html') ?? index;
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
    const pages = c.req.path === '/' ? landing : index;
    if (!pages) return c.text('The web app is not built. Run npm run build.', 503);
    c.header('Cache-Control', 'no-cache');
    const page = SESSION_COOKIE.test(c.req.header('Cookie') ?? '') ? pages.maybeSignedIn : pages.signedOut;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    if (!encoding) return c.html(page.html);
    c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(page.encoded.get(encoding)!));
  });
  return app;
}

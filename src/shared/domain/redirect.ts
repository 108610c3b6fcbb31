/**
 * Only same-site paths may be a post-sign-in target: "/x?y#z", never "//host", "/\\host" or "https://…".
 * Anything else falls back to the home page.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || typeof next !== 'string') return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\')) return fallback;
  try {
    const url = new URL(next, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

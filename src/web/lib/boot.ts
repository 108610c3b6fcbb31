/**
 * Hints the server writes on <html> when it serves the page (src/server/http/static.ts), read before
 * the first render: whether demo mode is on, and whether the page was loaded without a session cookie.
 */
const data: DOMStringMap = typeof document === 'undefined' ? {} : document.documentElement.dataset;

/** Demo mode as the server said it when serving the page; undefined when the page carries no hint. */
export const bootDemoMode: boolean | undefined =
  data.demo === 'true' ? true : data.demo === 'false' ? false : undefined;

let signedOutAtLoad = data.session === 'none';

/** True while nothing could have signed this page in since it loaded without a session cookie. */
export function knownSignedOut(): boolean {
  return signedOutAtLoad;
}

/** A sign-in (or any auth call) may have set a session cookie: ask the server from now on. */
export function sessionMayHaveChanged(): void {
  signedOutAtLoad = false;
}

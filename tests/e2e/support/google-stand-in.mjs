// Preloaded into the server under test (node --import) by tests/e2e/production.test.ts; never part of
// the app. Like a hosts-file entry, it sends the server's calls to Google's OAuth endpoints to a local
// OIDC issuer (GOOGLE_STAND_IN), so the production Google provider runs unchanged. Any other call to a
// Google host fails loudly instead of leaving the machine.
const issuer = process.env.GOOGLE_STAND_IN;
if (!issuer) throw new Error('GOOGLE_STAND_IN (the local issuer URL) is not set');

const standIns = new Map([
  ['https://oauth2.googleapis.com/token', '/token'],
  ['https://www.googleapis.com/oauth2/v3/certs', '/jwks'],
  ['https://openidconnect.googleapis.com/v1/userinfo', '/userinfo'],
]);
const googleHost = /(^|\.)(google\.com|googleapis\.com)$/;
const realFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const path = standIns.get(`${url.origin}${url.pathname}`);
  if (path) {
    const request = new Request(input, init);
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
    return realFetch(`${issuer}${path}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body,
      redirect: request.redirect,
      signal: request.signal,
    });
  }
  if (googleHost.test(url.hostname)) throw new Error(`unexpected call to Google in a test: ${url.href}`);
  return realFetch(input, init);
};

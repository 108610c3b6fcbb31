import { OAuth2Server } from 'oauth2-mock-server';
import { freePort } from './server';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
}

export interface MockIssuer {
  /** Issuer base URL (http://127.0.0.1:<port>), what OAUTH_TEST_ISSUER takes. */
  url: string;
  server: OAuth2Server;
  /** The user the next logins come back as (change it between tests). */
  user: OidcUser;
  /** Requests that reached the token endpoint, with their form bodies (to check PKCE and client auth). */
  tokenRequests: Record<string, unknown>[];
  stop(): Promise<void>;
}

/**
 * A local OIDC server standing in for Google (oauth2-mock-server): discovery, authorize (redirects
 * back at once with ?code&state), token (checks the PKCE verifier against the challenge), JWKS-signed
 * RS256 id_tokens and userinfo, all carrying `user`'s claims.
 */
export async function startMockIssuer(user: OidcUser): Promise<MockIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const port = await freePort();
  await server.start(port, '127.0.0.1');
  // The library names its issuer http://localhost:<port>; keep every request on 127.0.0.1.
  const url = `http://127.0.0.1:${port}`;
  server.issuer.url = url;

  const issuer: MockIssuer = {
    url,
    server,
    user,
    tokenRequests: [],
    stop: () => server.stop(),
  };
  const claims = () => ({
    sub: issuer.user.sub,
    email: issuer.user.email,
    email_verified: true,
    name: issuer.user.name,
  });
  server.service.on('beforeTokenSigning', (token, req) => {
    Object.assign(token.payload, claims());
    if (req?.body && !issuer.tokenRequests.includes(req.body)) issuer.tokenRequests.push(req.body);
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });
  return issuer;
}

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, session, user, verification } from '../db/schema';
import { ensureProfile } from '../users/queries';
import { demoSignInPlugin } from './demo-plugin';

export interface AuthOptions {
  config: Config;
  db: Db;
}

export const GOOGLE_PROVIDER_ID = 'google';

export function createAuth({ config, db }: AuthOptions) {
  const testIssuer = config.oauthTestIssuer;
  const plugins = [];
  if (config.demoMode) plugins.push(demoSignInPlugin());
  if (testIssuer) {
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: GOOGLE_PROVIDER_ID,
            discoveryUrl: testIssuer.discoveryUrl,
            clientId: testIssuer.clientId,
            clientSecret: testIssuer.clientSecret,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
            prompt: 'select_account',
          },
        ],
      }),
    );
  }

  return betterAuth({
    appName: 'ApplyHub',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    emailAndPassword: { enabled: false },
    // The signed session cookie caches the session for a minute, saving the session lookup on most
    // requests; soft delete and roles are still read on every request (auth/session.ts).
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: true, maxAge: 60 },
    },
    // Our own limiter covers /api/auth (see http/rate-limit.ts).
    rateLimit: { enabled: false },
    // Sign-in errors better-auth cannot route itself (an unknown state, say) land on our login page.
    onAPIError: { errorURL: '/login?auth_error=1' },
    advanced: {
      // better-auth relaxes these under NODE_ENV=test; ours stay on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: 'applyhub',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: 'uuid' },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await ensureProfile(db, created.id, created.email);
          },
        },
      },
    },
    plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;

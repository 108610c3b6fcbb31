import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth'; // not every plugin (~5 MB)
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isSoftDeleted } from '../users/lifecycle';
import { ensureProfile } from '../users/queries';
import { SESSION_UPDATE_AGE_SECONDS } from '../users/session-age';
import { raceSafeAdapter } from './adapter';
import { demoSignInPlugin } from './demo-plugin';
import { authLogger } from './logger';
import { recordSuperAdminSignIn } from './sign-in-audit';

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
    database: raceSafeAdapter(db),
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
    // No cookie cache: every request reads its session, so sign-out, soft delete and role changes
    // take effect on the very next request (the lookup is one indexed query).
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      cookieCache: { enabled: false },
    },
    // Our own limiter covers /api/auth (see http/rate-limit.ts).
    rateLimit: { enabled: false },
    // Sign-in errors better-auth cannot route itself (an unknown state, say) land on our login page.
    // Any other failure (the database down, say) is thrown to our one error mapping (503, or 500),
    // instead of a bare 500 logged with the failed query's parameters.
    onAPIError: { errorURL: '/login?auth_error=1', throw: true },
    logger: authLogger(),
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
      // A soft-deleted user cannot sign in again (their sessions were deleted with them).
      session: {
        create: {
          before: async (created) => {
            if (await isSoftDeleted(db, created.userId)) return false;
          },
          // Super admins' sign-ins are on the audit log. better-auth writes the session itself, so
          // the entry follows it at once rather than sharing its transaction (decision 038).
          after: async (created) => {
            await recordSuperAdminSignIn(db, created.userId, created.ipAddress ?? null);
          },
        },
      },
    },
    plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;

import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

export const ACCOUNT_DELETED = 'This account has been deleted.';

export const demoSignInBody = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(254),
  name: z.string().trim().max(200).optional(),
});

/**
 * Demo sign-in (never in production): signs in as any email, creating the user when it is new.
 * Mounted only when demo mode is on; the public contract is POST /api/demo/sign-in.
 */
export function demoSignInPlugin() {
  return {
    id: 'applyhub-demo-sign-in',
    endpoints: {
      demoSignIn: createAuthEndpoint(
        '/demo/sign-in',
        { method: 'POST', body: demoSignInBody },
        async (ctx) => {
          const { email, name } = ctx.body;
          const adapter = ctx.context.internalAdapter;
          const found = await adapter.findUserByEmail(email);
          let user = found?.user;
          if (!user) {
            user = await adapter.createUser(
              { email, name: name ?? '', emailVerified: true },
              { method: 'demo' },
            );
          }
          if (!user) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'Could not create the user.' });
          const session = await adapter.createSession(user.id);
          // Refused by the session hook in auth.ts: the account is soft-deleted.
          if (!session) throw new APIError('FORBIDDEN', { message: ACCOUNT_DELETED });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

import type { BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { account, session, user, verification } from '../db/schema';

type Where = { field: string; value: string };

/** The unique key a new row of `model` may collide on, to read the row that won the race. */
function uniqueKey(model: string, data: Record<string, unknown>): Where[] | null {
  if (model === 'user' && typeof data.email === 'string') return [{ field: 'email', value: data.email }];
  if (model === 'account' && typeof data.providerId === 'string' && typeof data.accountId === 'string') {
    return [
      { field: 'providerId', value: data.providerId },
      { field: 'accountId', value: data.accountId },
    ];
  }
  return null;
}

/**
 * better-auth's drizzle adapter, with user and linked-account creation idempotent under a race.
 * better-auth finds a person by email (or provider account), then inserts: two sign-ins of the same
 * new person at once (demo sign-in and Google alike) both find nobody, and the loser's insert hits
 * the unique email or provider identity. The loser now reads the row the winner created and goes
 * on to sign in as that user (its profile hook is idempotent too).
 */
export function raceSafeAdapter(db: Db) {
  const factory = drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } });
  return (options: BetterAuthOptions) => {
    const adapter = factory(options);
    const create = adapter.create;
    // Replaced on the instance itself: better-auth keys its schema check by this object.
    adapter.create = (async (args: Parameters<typeof create>[0]) => {
      try {
        return await create(args);
      } catch (err) {
        const where = isUniqueViolation(err) ? uniqueKey(args.model, args.data) : null;
        const winner = where ? await adapter.findOne({ model: args.model, where }) : null;
        if (!winner) throw err;
        return winner;
      }
    }) as typeof create;
    return adapter;
  };
}

import type { Actor } from '../shared/policy';
import { type Action, can } from '../shared/policy';
import type { Auth } from './auth/auth';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { Forbidden, Unauthenticated } from './errors';
import type { Notifier } from './realtime/notifier';
import type { Storage } from './storage/storage';

/** Everything a request handler may use, built once at start. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  clock: Clock;
  /** Realtime fan-out of committed changes (Postgres LISTEN/NOTIFY) to `/api/events` streams. */
  notifier: Notifier;
  /** Uploaded files: local disk under DATA_DIR/files, or S3 when S3_BUCKET is set. */
  storage: Storage;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** The signed-in, not soft-deleted user; null for visitors. */
    actor: Actor | null;
    /**
     * A bearer request's API token actor (decision 040); it becomes `actor` only on routes that
     * accept tokens (their `access: 'token'`, http/openapi.ts). Unset for everything else.
     */
    apiTokenActor?: Actor | null;
    /**
     * Whether the caller may call the matched route at all (http/openapi.ts, DESIGN §5 rule 13):
     * run when its input is refused, so that a caller without rights hears 401/403/404, never 400.
     */
    whoFirst?: () => Promise<void>;
  };
}

/** Signed in and onboarded (the only way to use the product beyond onboarding itself). */
export function requireActor(actor: Actor | null, { allowNotOnboarded = false } = {}): Actor {
  if (!actor) throw new Unauthenticated();
  if (!allowNotOnboarded && !actor.onboarded)
    throw new Forbidden('Please finish creating your account first.');
  return actor;
}

export function assertCan(actor: Actor | null, action: Action): Actor {
  const signedIn = requireActor(actor);
  if (!can(signedIn, action)) throw new Forbidden();
  return signedIn;
}

/**
 * A session used after this many seconds since its last renewal is extended (better-auth's updateAge,
 * set in auth/auth.ts). The users area owns it because its session checks (queries.ts) apply it too:
 * auth imports users, never the other way round.
 */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/**
 * Personal API tokens (issue 22, decision 040): the rules both sides use. A token acts for one
 * organization as an org admin, limited to reads for `read` tokens, until it expires or is revoked.
 */
export const apiTokenScopeValues = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof apiTokenScopeValues)[number];

export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

/** Secrets start with this, so scanners and our log scrubbing recognise them. */
export const API_TOKEN_PREFIX = 'ahp_';

/** Expiry choices offered (days); every token expires. */
export const apiTokenExpiryDays = [7, 30, 90, 365] as const;
export const API_TOKEN_DEFAULT_EXPIRY_DAYS = 90;
export const API_TOKEN_MAX_EXPIRY_DAYS = 365;
export const API_TOKEN_NAME_MAX = 100;
/** Live (not revoked, not expired) tokens one organization may hold at once. */
export const API_TOKENS_PER_ORG = 50;

/** Methods a read token may use. */
export const READ_METHODS = new Set(['GET', 'HEAD']);

export const apiTokenMessages = {
  created: 'API token created. Copy it now: it will not be shown again.',
  revoked: 'API token revoked.',
  tooMany: `An organization can have at most ${API_TOKENS_PER_ORG} active API tokens. Revoke one first.`,
  readOnly: 'This API token can only read. Use a read-and-write token to make changes.',
  notForTokens: 'This route cannot be used with an API token. Sign in to ApplyHub instead.',
  invalid: 'This API token is not valid: it may have expired or been revoked.',
  rateLimited: 'Too many requests with this API token. Please wait a moment and try again.',
  alreadyRevoked: 'This API token has already been revoked.',
};

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

export function apiTokenStatus(
  token: { expires_at: string | Date; revoked_at: string | Date | null },
  now: Date,
): ApiTokenStatus {
  if (token.revoked_at) return 'revoked';
  return new Date(token.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

import { z } from 'zod';
import {
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_MAX_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  apiTokenScopeValues,
} from '../domain/api-tokens';

/** An API token as listed: never its secret (only the first characters, `hint`). */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopeValues),
  hint: z.string(),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema), total: z.number().int() });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const createApiTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please give the token a name.')
    .max(API_TOKEN_NAME_MAX, `Please keep the name to ${API_TOKEN_NAME_MAX} characters or fewer.`),
  scope: z.enum(apiTokenScopeValues, { message: 'Please choose what the token may do.' }),
  expires_in_days: z
    .number()
    .int()
    .min(1, 'A token must last at least a day.')
    .max(API_TOKEN_MAX_EXPIRY_DAYS, `A token can last at most ${API_TOKEN_MAX_EXPIRY_DAYS} days.`)
    .default(API_TOKEN_DEFAULT_EXPIRY_DAYS),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = z.object({
  message: z.string(),
  token: apiTokenSchema,
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const revokedApiTokenSchema = z.object({ message: z.string(), token: apiTokenSchema });

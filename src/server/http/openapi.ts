import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import type { AppEnv } from '../context';
import { errorBody, zodFields } from './errors';

/** One router per area; invalid input answers 400 with the first message and every field's message. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const fields = zodFields(result.error as never);
        return c.json(errorBody('invalid', Object.values(fields)[0] ?? 'Invalid request.', fields), 400);
      }
    },
  });
}

const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

export const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
    ]),
  );

export const jsonOk = <T extends ZodType>(schema: T, description = 'OK') => ({
  200: { description, content: { 'application/json': { schema } } },
});

export const jsonBody = <T extends ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

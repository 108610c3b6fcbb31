import { z } from '@hono/zod-openapi';

/** The `{slug}` of an organization or coalition in a path. */
export const slugParam = z.object({ slug: z.string().min(1).max(100) });

/** The `{id}` of a program in a path. */
export const programIdParam = z.object({ id: z.string().uuid('Program ids must be UUIDs.') });

import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** What the browser needs to know before anyone signs in. */
export const publicConfigSchema = z.object({
  demo_mode: z.boolean(),
  /** 'google': real Google (or the test stand-in); 'demo': the demo sign-in page. */
  sign_in: z.enum(['google', 'demo']),
  /** Mail is off (decision 054): the admin screens that promise an email say so before the action. */
  mail_off: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const demoAccountSchema = z.object({ email: z.string(), name: z.string(), description: z.string() });
export const demoSignInResult = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});

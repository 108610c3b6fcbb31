import { z } from 'zod';

export const deleteAccountInput = z.object({
  /** The word the applicant typed (DELETE_ACCOUNT_WORD); the service checks it. */
  confirmation: z.string().max(100),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

export const deleteAccountResult = z.object({ message: z.string() });
export type DeleteAccountResult = z.infer<typeof deleteAccountResult>;

import type { MailContent } from './layout';

/** Who may turn a kind off: receipts and results are always sent (issue 19 item 6). */
export type MailCategory = 'essential' | 'reminders' | 'updates';

export interface MailTemplate<D> {
  category: MailCategory;
  content(data: D): MailContent;
}

/** Greeting name: the person's name when known. */
export const hello = (name: string | null | undefined) => (name?.trim() ? `Hello ${name.trim()},` : 'Hello,');

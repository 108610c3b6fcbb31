/**
 * Email (decision 034). Any area queues an email inside the transaction of the change that causes
 * it; the `mail.send` job delivers it (SMTP_URL, or the built-in mailbox in the database):
 *
 *   await queueEmail(tx, {
 *     kind: 'role_added',                                  // a template in ./templates
 *     to: { email, userId },
 *     about: { entity: programId, version: assignmentId }, // + kind + recipient = the idempotency key
 *     organizationId,                                      // sender name and reply-to
 *     programId,
 *     data: { ... },                                       // what the kind's template renders
 *   });
 *
 * Adding a kind: a template file in ./templates (HTML and text, its category: essential, reminders
 * or updates) and a line in ./templates/index.ts.
 */
export { INVALID_ADDRESS, type OutgoingEmail, queueEmail, queueEmails } from './queue';
export { type MailKind, type MailKinds, renderMail } from './templates';

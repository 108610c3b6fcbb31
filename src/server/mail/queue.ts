import { and, eq, inArray, sql } from 'drizzle-orm';
import { isErasedAddress, SKIPPED_ERASED } from '../../shared/domain/privacy';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { mailPreferences, organizations } from '../db/schema';
import { enqueueJobs } from '../jobs';
import { mailKey, messageIdLocal } from './keys';
import { categoryOf, type MailKind, type MailKinds } from './templates';
import { headerText, isDeliverableAddress } from './text';

declare module '../jobs/registry' {
  interface JobTypes {
    'mail.send': { id: string };
  }
}

/** One email to queue; see {@link queueEmail}. */
export interface OutgoingEmail<K extends MailKind = MailKind> {
  kind: K;
  to: { email: string; userId?: string | null };
  /** The entity the email is about and its version: with kind and recipient, the idempotency key. */
  about: { entity: string; version?: string | number };
  /** The sender: the organization's name and reply-to its contact email; none: ApplyHub. */
  organizationId?: string | null;
  /** Counts toward the program's delivery status (results). */
  programId?: string | null;
  data: MailKinds[K];
}

export const INVALID_ADDRESS = 'Invalid email address';
const INSERT_CHUNK = 2_000;

/**
 * Queues one email inside the caller's transaction (`tx`): it is sent only if that transaction
 * commits, once per key (kind + recipient + entity + version), by the `mail.send` job. Returns
 * false when it was queued before, or when the recipient turned that kind of mail off.
 */
export async function queueEmail<K extends MailKind>(tx: Db, email: OutgoingEmail<K>): Promise<boolean> {
  return (await queueEmails(tx, [email as OutgoingEmail])) === 1;
}

/**
 * Many emails in a few statements whatever their number (publishing 10,000 results): the
 * recipients' preferences and the senders read once, the messages inserted 2,000 a statement,
 * their jobs 5,000 a statement. An address that cannot be delivered is recorded as failed.
 * Returns how many were newly queued.
 */
export async function queueEmails(tx: Db, emails: OutgoingEmail[]): Promise<number> {
  if (emails.length === 0) return 0;
  const optedOut = await optedOutUsers(tx, emails);
  const senders = await sendersOf(tx, emails);

  const seen = new Set<string>();
  const rows = [];
  for (const e of emails) {
    const category = categoryOf(e.kind);
    if (category !== 'essential' && e.to.userId && optedOut.get(e.to.userId)?.has(category)) continue;
    const key = mailKey(e.kind, e.to, e.about.entity, e.about.version);
    if (seen.has(key)) continue;
    seen.add(key);
    const address = e.to.email.trim();
    const deliverable = isDeliverableAddress(address);
    // A deleted account's address (decision 056): nothing is sent to it, and nothing is a failure.
    const erased = isErasedAddress(address);
    const sender = e.organizationId ? senders.get(e.organizationId) : undefined;
    rows.push({
      key,
      kind: e.kind,
      to_address: address.slice(0, 320),
      to_user_id: e.to.userId ?? null,
      organization_id: sender ? e.organizationId : null,
      program_id: e.programId ?? null,
      from_name: headerText(sender?.name ?? 'ApplyHub', 120),
      reply_to:
        sender?.contactEmail && isDeliverableAddress(sender.contactEmail) ? sender.contactEmail : null,
      data: e.data,
      message_id: messageIdLocal(key),
      status: erased ? 'skipped' : deliverable ? 'pending' : 'failed',
      error: erased ? SKIPPED_ERASED : deliverable ? null : INVALID_ADDRESS,
    });
  }

  let queued = 0;
  const jobs: { data: { id: string }; key: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const result = await tx.execute(sql`
      insert into mail_messages (key, kind, to_address, to_user_id, organization_id, program_id,
        from_name, reply_to, data, message_id, status, error)
      select key, kind, to_address, to_user_id, organization_id, program_id,
        from_name, reply_to, data, message_id, status, error
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + INSERT_CHUNK))}::jsonb) as x(
        key text, kind text, to_address text, to_user_id uuid, organization_id uuid, program_id uuid,
        from_name text, reply_to text, data jsonb, message_id text, status text, error text)
      on conflict (key) do nothing
      returning id, status`);
    for (const r of rowsOf<{ id: string; status: string }>(result)) {
      queued++;
      if (r.status === 'pending') jobs.push({ data: { id: r.id }, key: r.id });
    }
  }
  await enqueueJobs(tx, 'mail.send', jobs);
  return queued;
}

/** Users among the recipients who turned a category off (only asked when some email is optional). */
async function optedOutUsers(tx: Db, emails: OutgoingEmail[]): Promise<Map<string, Set<string>>> {
  const ids = [
    ...new Set(
      emails.filter((e) => e.to.userId && categoryOf(e.kind) !== 'essential').map((e) => e.to.userId!),
    ),
  ];
  const out = new Map<string, Set<string>>();
  if (ids.length === 0) return out;
  const rows = await tx
    .select({
      userId: mailPreferences.userId,
      reminders: mailPreferences.reminders,
      updates: mailPreferences.updates,
    })
    .from(mailPreferences)
    .where(
      and(
        inArray(mailPreferences.userId, ids),
        sql`(${mailPreferences.reminders} = false or ${mailPreferences.updates} = false)`,
      ),
    );
  for (const r of rows) {
    const off = new Set<string>();
    if (!r.reminders) off.add('reminders');
    if (!r.updates) off.add('updates');
    out.set(r.userId, off);
  }
  return out;
}

async function sendersOf(tx: Db, emails: OutgoingEmail[]) {
  const ids = [...new Set(emails.map((e) => e.organizationId).filter((id): id is string => !!id))];
  const senders = new Map<string, { name: string; contactEmail: string | null }>();
  if (ids.length === 0) return senders;
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name, contactEmail: organizations.contactEmail })
    .from(organizations)
    .where(ids.length === 1 ? eq(organizations.id, ids[0]) : inArray(organizations.id, ids));
  for (const r of rows) senders.set(r.id, { name: r.name, contactEmail: r.contactEmail });
  return senders;
}

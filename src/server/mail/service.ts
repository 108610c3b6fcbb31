import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unsubscribeMessages } from '../../shared/domain/unsubscribe';
import type { Actor } from '../../shared/policy';
import type {
  MailboxItem,
  MailboxMessage,
  MailDelivery,
  MailPreferences,
  mailboxQuery,
  mailPreferencesInput,
  UnsubscribeInfo,
} from '../../shared/schemas/mail';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { assertCan, requireActor } from '../context';
import type { Db } from '../db/client';
import { mailbox, mailMessages, mailPreferences, profiles, user } from '../db/schema';
import { Invalid, NotFound } from '../errors';
import { readUnsubscribeToken } from './keys';

export const INVALID_LINK = unsubscribeMessages.invalid;

const DEFAULTS: MailPreferences = { reminders: true, updates: true };

export async function preferencesOf(db: Db, userId: string): Promise<MailPreferences> {
  const [row] = await db
    .select({ reminders: mailPreferences.reminders, updates: mailPreferences.updates })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return row ?? DEFAULTS;
}

async function savePreferences(db: Db, userId: string, next: MailPreferences, now: Date) {
  await db
    .insert(mailPreferences)
    .values({ userId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...next, updatedAt: now } });
}

export async function getMyMailPreferences(db: Db, actor: Actor | null): Promise<MailPreferences> {
  const me = requireActor(actor);
  return preferencesOf(db, me.userId);
}

export async function setMyMailPreferences(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  input: z.output<typeof mailPreferencesInput>,
): Promise<MailPreferences> {
  const me = requireActor(actor);
  const next = { ...(await preferencesOf(db, me.userId)), ...input };
  await savePreferences(db, me.userId, next, clock.now());
  return next;
}

/** "a•••@example.org": enough to recognise one's own address, not to harvest it. */
export function maskAddress(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return '•••';
  return `${local.slice(0, 1)}•••@${domain}`;
}

function tokenUser(config: Config, clock: Clock, token: string) {
  const read = readUnsubscribeToken(config.authSecret, token, clock.now());
  if (read === 'expired') throw new Invalid(unsubscribeMessages.expired, { token: 'expired' });
  if (!read) throw new Invalid(INVALID_LINK, { token: INVALID_LINK });
  return read;
}

/** What an unsubscribe link would turn off, for whom (masked), and whether it is still on. */
export async function unsubscribeInfo(
  db: Db,
  clock: Clock,
  config: Config,
  token: string,
): Promise<UnsubscribeInfo> {
  const { userId, category } = tokenUser(config, clock, token);
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw new Invalid(INVALID_LINK, { token: INVALID_LINK });
  const prefs = await preferencesOf(db, userId);
  return { category, email: maskAddress(row.email), subscribed: prefs[category] };
}

/**
 * One-click unsubscribe (RFC 8058; also the page's button): the signed token is the authority, no
 * session needed. Idempotent.
 */
export async function unsubscribe(
  db: Db,
  clock: Clock,
  config: Config,
  token: string,
): Promise<UnsubscribeInfo> {
  const { userId, category } = tokenUser(config, clock, token);
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw new Invalid(INVALID_LINK, { token: INVALID_LINK });
  const next = { ...(await preferencesOf(db, userId)), [category]: false };
  await savePreferences(db, userId, next, clock.now());
  return { category, email: maskAddress(row.email), subscribed: false };
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The built-in mailbox, newest first; `q` matches recipient or subject. Super admins only. */
export async function listMailbox(
  db: Db,
  actor: Actor | null,
  query: z.output<typeof mailboxQuery>,
): Promise<{ items: MailboxItem[]; total: number }> {
  assertCan(actor, { kind: 'super:manage' });
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern ? or(ilike(mailbox.toAddress, pattern), ilike(mailbox.subject, pattern)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mailbox.id,
        to: mailbox.toAddress,
        from: mailbox.fromHeader,
        subject: mailbox.subject,
        received_at: mailbox.receivedAt,
      })
      .from(mailbox)
      .where(where)
      .orderBy(desc(mailbox.receivedAt), desc(mailbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(mailbox).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, received_at: iso(r.received_at) })), total: Number(total) };
}

export async function getMailboxMessage(db: Db, actor: Actor | null, id: string): Promise<MailboxMessage> {
  assertCan(actor, { kind: 'super:manage' });
  const [r] = await db.select().from(mailbox).where(eq(mailbox.id, id));
  if (!r) throw new NotFound('Message not found.');
  return {
    id: r.id,
    to: r.toAddress,
    from: r.fromHeader,
    reply_to: r.replyTo,
    subject: r.subject,
    message_id: r.messageId,
    received_at: iso(r.receivedAt),
    html: r.html,
    text: r.text,
    headers: r.headers,
  };
}

/** Most failed addresses listed with a program's delivery status. */
export const FAILURES_SHOWN = 100;

/**
 * Delivery of a program's emails of the given kinds: counts by status and the newest failures with
 * their reason. Two statements, on the program/kind/status index. The caller authorizes.
 */
export async function deliveryOfProgram(
  db: Db,
  programId: string,
  kinds: string[],
  mailOff: boolean,
): Promise<MailDelivery> {
  const scope = and(eq(mailMessages.programId, programId), inArray(mailMessages.kind, kinds));
  const [counts, failures] = await Promise.all([
    db
      .select({ status: mailMessages.status, n: count() })
      .from(mailMessages)
      .where(scope)
      .groupBy(mailMessages.status),
    db
      .select({
        address: mailMessages.toAddress,
        applicant_name: profiles.fullName,
        reason: sql<string>`coalesce(${mailMessages.error}, '')`,
        kind: mailMessages.kind,
        at: mailMessages.updatedAt,
      })
      .from(mailMessages)
      .leftJoin(profiles, eq(profiles.id, mailMessages.toUserId))
      .where(and(scope, eq(mailMessages.status, 'failed')))
      .orderBy(desc(mailMessages.updatedAt), desc(mailMessages.id))
      .limit(FAILURES_SHOWN),
  ]);
  const by = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  return {
    sent: by.sent ?? 0,
    pending: by.pending ?? 0,
    failed: by.failed ?? 0,
    failures: failures.map((f) => ({ ...f, at: iso(f.at) })),
    failures_total: by.failed ?? 0,
    not_sent: by.skipped ?? 0,
    mail_off: mailOff,
  };
}

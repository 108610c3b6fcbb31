import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Deps } from '../context';
import type { Db } from '../db/client';
import { mailMessages, mailPreferences, organizations } from '../db/schema';
import { type Job, PermanentJobError, registerJobHandler } from '../jobs';
import { markLetterBounced } from '../letters/bounce';
import { letterUnsubscribeToken } from '../letters/keys';
import { messageIdFor, type OptionalCategory, unsubscribeToken } from './keys';
import { stillDue } from './reminders';
import { MAIL_OFF } from './settings';
import {
  categoryOf,
  isMailKind,
  type MailContext,
  type MailKind,
  type MailKinds,
  renderMail,
} from './templates';
import { letterUnsubscribeLabel } from './templates/letters';
import { headerText } from './text';
import { isPermanentSmtpError, smtpErrorReason, transportFor } from './transport';

export const SKIPPED_UNSUBSCRIBED = 'The recipient turned this kind of email off.';

/** The public address of an organization's logo (emails load it from there). */
export const logoUrl = (publicUrl: string, orgSlug: string) =>
  new URL(`/api/orgs/${encodeURIComponent(orgSlug)}/logo`, publicUrl).toString();

/** The links of an email sent at `sentAt` (they work for UNSUBSCRIBE_LINK_DAYS from then). */
export function unsubscribeUrls(config: Config, userId: string, category: OptionalCategory, sentAt: Date) {
  const token = unsubscribeToken(config.authSecret, userId, category, sentAt);
  return {
    /** The link in the email: a page that asks before it unsubscribes. */
    page: new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, config.publicUrl).toString(),
    /** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here. */
    oneClick: new URL(
      `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      config.publicUrl,
    ).toString(),
  };
}

/**
 * The links of a recommender's email (decision 065): they stop the reminders of that one letter
 * request, nothing else (the recommender has no account, so no preferences).
 */
export function letterUnsubscribeUrls(config: Config, requestId: string, sentAt: Date) {
  const token = letterUnsubscribeToken(config.authSecret, requestId, sentAt);
  return {
    page: new URL(`/letters/unsubscribe?token=${encodeURIComponent(token)}`, config.publicUrl).toString(),
    oneClick: new URL(
      `/api/letter-reminders/unsubscribe?token=${encodeURIComponent(token)}`,
      config.publicUrl,
    ).toString(),
  };
}

/** Everything the layout needs besides the kind's data. */
export function mailContext(
  config: Config,
  sender: { name: string; orgSlug: string | null; hasLogo: boolean },
  unsubscribe: string | null,
  unsubscribeLabel?: string,
): MailContext {
  return {
    publicUrl: config.publicUrl,
    senderName: sender.name,
    logoUrl: sender.orgSlug && sender.hasLogo ? logoUrl(config.publicUrl, sender.orgSlug) : null,
    unsubscribeUrl: unsubscribe,
    ...(unsubscribeLabel ? { unsubscribeLabel } : {}),
  };
}

async function loadMessage(db: Db, id: string) {
  const [row] = await db
    .select({
      m: mailMessages,
      orgSlug: organizations.slug,
      hasLogo: sql<boolean>`${organizations.logo} is not null`,
      reminders: mailPreferences.reminders,
      updates: mailPreferences.updates,
    })
    .from(mailMessages)
    .leftJoin(organizations, eq(organizations.id, mailMessages.organizationId))
    .leftJoin(mailPreferences, eq(mailPreferences.userId, mailMessages.toUserId))
    .where(eq(mailMessages.id, id));
  return row ?? null;
}

async function mark(db: Db, id: string, set: Partial<typeof mailMessages.$inferInsert>) {
  await db
    .update(mailMessages)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(mailMessages.id, id));
}

/**
 * Delivers one queued email (the `mail.send` job). Runs at least once per message: a message no
 * longer pending is left alone, and every attempt carries the same Message-ID, so a repeat after a
 * crash is the same email, never a second one. A 5xx answer fails it for good; anything else
 * (connection refused, timeouts, 4xx) is retried with backoff, the reason kept for the admin.
 */
export async function deliverMail(job: Job<'mail.send'>, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const row = await loadMessage(db, job.data.id);
  if (row?.m.status !== 'pending') return;
  const m = row.m;
  // Mail is off (decision 054): the email is recorded as not sent, never reported as delivered.
  if (config.mail.off) {
    await mark(db, m.id, { status: 'skipped', error: MAIL_OFF });
    return;
  }
  if (!isMailKind(m.kind)) throw new PermanentJobError(`Unknown email kind "${m.kind}".`);
  const kind: MailKind = m.kind;
  const category = categoryOf(kind);
  // An organization's email carries its name; the platform's own carries MAIL_FROM's display name.
  const fromName = m.organizationId ? m.fromName : config.mail.from.name;

  if (
    (category === 'reminders' && row.reminders === false) ||
    (category === 'updates' && row.updates === false)
  ) {
    await mark(db, m.id, { status: 'skipped', error: SKIPPED_UNSUBSCRIBED });
    return;
  }
  const due = await stillDue(db, deps.clock, kind, m.data);
  if (due !== true) {
    await mark(db, m.id, { status: 'skipped', error: due });
    return;
  }

  const letterRequestId = kind === 'letter_request' ? String(m.data.requestId) : null;
  const urls = letterRequestId
    ? letterUnsubscribeUrls(config, letterRequestId, deps.clock.now())
    : category !== 'essential' && m.toUserId
      ? unsubscribeUrls(config, m.toUserId, category, deps.clock.now())
      : null;
  const rendered = renderMail(
    kind,
    m.data as unknown as MailKinds[typeof kind],
    mailContext(
      config,
      { name: fromName, orgSlug: row.orgSlug, hasLogo: !!row.hasLogo },
      urls?.page ?? null,
      letterRequestId ? letterUnsubscribeLabel : undefined,
    ),
  );
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (urls) {
    headers['List-Unsubscribe'] = `<${urls.oneClick}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }

  const transport = await transportFor(config, db);
  try {
    await transport.send({
      from: { name: headerText(fromName, 120), address: config.mail.from.address },
      to: m.toAddress,
      replyTo: m.replyTo,
      subject: headerText(rendered.subject),
      html: rendered.html,
      text: rendered.text,
      messageId: messageIdFor(m.messageId, config.mail.from.address),
      headers,
    });
  } catch (err) {
    const reason = smtpErrorReason(err, config.mail.smtpUrl);
    await mark(db, m.id, { attempts: sql`${mailMessages.attempts} + 1` as never, error: reason }).catch(
      () => {},
    );
    if (isPermanentSmtpError(err)) throw new PermanentJobError(reason);
    throw new Error(reason);
  }
  await mark(db, m.id, {
    status: 'sent',
    sentAt: sql`now()` as never,
    attempts: sql`${mailMessages.attempts} + 1` as never,
    error: null,
  });
}

/** A message that failed for good: recorded with its reason, shown to admins, never retried. */
async function recordFailure(job: Job<'mail.send'>, error: Error, deps: Deps): Promise<void> {
  await deps.db
    .update(mailMessages)
    .set({ status: 'failed', error: error.message.slice(0, 500), updatedAt: sql`now()` })
    .where(eq(mailMessages.id, job.data.id));
  // A reference letter request that cannot be delivered shows Bounced to its applicant (decision 065).
  await markLetterBounced(deps.db, job.data.id);
}

registerJobHandler('mail.send', deliverMail, {
  // About 4 hours of retries (15 s, doubling, with jitter) before a temporary failure becomes final.
  retryLimit: 10,
  retryDelaySeconds: 15,
  retryBackoff: true,
  timeoutSeconds: 300,
  batchSize: 50,
  concurrency: 10,
  onFailure: recordFailure,
});

import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailbox } from '../db/schema';
import { redactSmtpUrl } from './settings';

/** One email as it leaves: every header value here is already one safe line. */
export interface Envelope {
  from: { name: string; address: string };
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** `<…@domain>`, the same on every attempt. */
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** 'smtp' or 'mailbox' (the built-in one, in the database). */
  kind: 'smtp' | 'mailbox';
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/** SMTP answers 5xx (and nodemailer's refused envelopes): no retry can deliver it. */
export function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the admin reads next to a failed or retried address: the server's answer, without our secrets. */
export function smtpErrorReason(err: unknown, smtpUrl: string | null): string {
  const e = err as { response?: string; responseCode?: number; code?: string; message?: string };
  let reason = e?.response || e?.message || String(err);
  if (smtpUrl) reason = reason.split(smtpUrl).join(redactSmtpUrl(smtpUrl));
  reason = reason.replace(/\s+/g, ' ').trim();
  if (!e?.response && e?.code && !reason.includes(e.code)) reason = `${e.code}: ${reason}`;
  return reason.slice(0, 500);
}

/** Timeouts keep one stuck connection from holding a job past its queue timeout (300 s). */
const SMTP_OPTIONS = {
  pool: true,
  maxConnections: 5,
  // A dropped connection fails the message at once: the job queue retries it, with its own backoff.
  maxRequeues: 0,
  maxMessages: 1000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

async function smtpTransport(url: string): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({ url, ...SMTP_OPTIONS } as never);
  return {
    kind: 'smtp',
    async send(e) {
      await transporter.sendMail({
        from: { name: e.from.name, address: e.from.address },
        to: e.to,
        replyTo: e.replyTo ?? undefined,
        subject: e.subject,
        html: e.html,
        text: e.text,
        messageId: e.messageId,
        headers: e.headers,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transporter.close(),
  };
}

/** The demo's mailbox: the delivered email is stored, once per Message-ID. */
function mailboxTransport(db: Db): MailTransport {
  return {
    kind: 'mailbox',
    async send(e) {
      await db
        .insert(mailbox)
        .values({
          messageId: e.messageId,
          toAddress: e.to,
          fromHeader: `${e.from.name} <${e.from.address}>`,
          replyTo: e.replyTo,
          subject: e.subject,
          html: e.html,
          text: e.text,
          headers: e.headers,
        })
        .onConflictDoNothing({ target: mailbox.messageId });
    },
    close() {},
  };
}

const transports = new WeakMap<Config, Promise<MailTransport>>();

/** This process's transport for a configuration: SMTP when SMTP_URL is set, else the mailbox. */
export function transportFor(config: Config, db: Db): Promise<MailTransport> {
  let transport = transports.get(config);
  if (!transport) {
    transport = config.mail.smtpUrl
      ? smtpTransport(config.mail.smtpUrl)
      : Promise.resolve(mailboxTransport(db));
    transports.set(config, transport);
  }
  return transport;
}

/** Closes the SMTP connections kept for a configuration (tests, shutdown). */
export async function closeTransport(config: Config): Promise<void> {
  const transport = transports.get(config);
  transports.delete(config);
  (await transport)?.close();
}

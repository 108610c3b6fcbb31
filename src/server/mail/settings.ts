/** Mail settings from the environment (decision 034). Read by `loadConfig`. */
export interface MailConfig {
  /** smtp:// or smtps:// URL with credentials; null: the built-in mailbox in the database (demo). */
  smtpUrl: string | null;
  /** The envelope and From address; each organization's name is the display name. */
  from: { name: string; address: string };
  /**
   * Mail is off (issue 33 item 8): MAIL=off, or no SMTP_URL outside demo mode. Nothing is delivered,
   * not even to the built-in mailbox; every email is recorded as not sent, with MAIL_OFF as its
   * reason, and the admin screens that promise an email say so before the action.
   */
  off?: boolean;
}

/** The delivery status of an email while mail is off. */
export const MAIL_OFF = 'Not sent: mail is off.';

export class MailConfigError extends Error {}

const ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/;

/** `Name <address>` or a bare address; no line breaks. */
export function parseMailFrom(value: string): { name: string; address: string } | null {
  if (/[\r\n]/.test(value)) return null;
  const v = value.trim();
  const angled = /^(?:"?([^"<>]*?)"?\s*)?<([^<>]+)>$/.exec(v);
  const name = angled ? (angled[1] ?? '').trim() : '';
  const address = angled ? angled[2].trim() : v;
  return ADDRESS.test(address) ? { name: name || 'ApplyHub', address } : null;
}

/** The URL without its password, for logs. */
export function redactSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'smtp://…';
  }
}

export function parseMailConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
  mode: { production?: boolean; demoMode?: boolean } = { demoMode: true },
): MailConfig {
  const smtpUrl = env.SMTP_URL || null;
  if (env.MAIL !== undefined && !['', 'off'].includes(env.MAIL)) {
    throw new MailConfigError(`MAIL must be off (or unset), got "${env.MAIL}".`);
  }
  const mailOff = env.MAIL === 'off';
  if (mode.production && !smtpUrl && !mailOff) {
    throw new MailConfigError(
      'SMTP_URL is required when NODE_ENV=production; set MAIL=off to run without sending any email.',
    );
  }
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') {
      throw new MailConfigError(
        'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.org:465.',
      );
    }
  }
  // An IP address is no mail domain: the demo's default sender is then on localhost.
  const hostname = new URL(publicUrl).hostname;
  const host = /^[\d.]+$|^\[/.test(hostname) ? 'localhost' : hostname;
  const fromValue = env.MAIL_FROM || `ApplyHub <no-reply@${host}>`;
  const from = parseMailFrom(fromValue);
  if (!from) {
    throw new MailConfigError(
      `MAIL_FROM must be an address such as "ApplyHub <no-reply@example.org>", got "${fromValue}".`,
    );
  }
  return { smtpUrl, from, off: mailOff || (!smtpUrl && !mode.demoMode) };
}

/** What the server says about mail when it starts. */
export function mailStartLine(config: { production: boolean; mail: MailConfig }): string {
  if (config.mail.off)
    return 'Mail is off (MAIL=off, or no SMTP_URL outside demo mode): nobody receives email, and every email is recorded as not sent.';
  if (config.mail.smtpUrl)
    return `Mail: SMTP ${redactSmtpUrl(config.mail.smtpUrl)}, from ${config.mail.from.address}.`;
  return 'Mail goes to the built-in mailbox (Super admin → Mailbox): set SMTP_URL to send real email.';
}

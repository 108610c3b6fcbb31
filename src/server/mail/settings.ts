/** Mail settings from the environment (decision 034). Read by `loadConfig`. */
export interface MailConfig {
  /** smtp:// or smtps:// URL with credentials; null: the built-in mailbox in the database (demo). */
  smtpUrl: string | null;
  /** The envelope and From address; each organization's name is the display name. */
  from: { name: string; address: string };
}

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

export function parseMailConfig(env: Record<string, string | undefined>, publicUrl: string): MailConfig {
  const smtpUrl = env.SMTP_URL || null;
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
  return { smtpUrl, from };
}

/** What the server says about mail when it starts. */
export function mailStartLine(config: { production: boolean; mail: MailConfig }): string {
  if (config.mail.smtpUrl)
    return `Mail: SMTP ${redactSmtpUrl(config.mail.smtpUrl)}, from ${config.mail.from.address}.`;
  return config.production
    ? 'Mail is off: SMTP_URL is not set, so nobody receives email. What would be sent is kept in the built-in mailbox (Super admin → Mailbox).'
    : 'Mail goes to the built-in mailbox (Super admin → Mailbox): set SMTP_URL to send real email.';
}

import { unsubscribeMessages } from '../../../shared/domain/unsubscribe';
import { bodyText, headerText, html, paragraphs, type SafeHtml, safeUrl } from '../text';

/** What every email needs besides its own data (filled in at delivery or for a preview). */
export interface MailContext {
  publicUrl: string;
  /** The sender: the organization's name, or ApplyHub for the platform's own emails. */
  senderName: string;
  logoUrl: string | null;
  /** Set for mail a person may turn off (reminders, updates): a one-click unsubscribe link. */
  unsubscribeUrl: string | null;
  /** The link's words when it turns off something narrower than a category (a letter request's reminders). */
  unsubscribeLabel?: string;
}

/** What one kind's template says; the layout turns it into the HTML and text parts. */
export interface MailContent {
  subject: string;
  /** First line in the inbox preview and the heading. */
  heading: string;
  /** Paragraphs (already escaped where they hold user text). */
  body: SafeHtml[];
  /** The same, as plain text. */
  bodyText: string[];
  /** Label/value lines (program, organization, deadline …). */
  facts?: { label: string; value: string }[];
  /** A quoted block: reviewer comments, a note, the custom message. */
  quotes?: { label: string; text: string }[];
  action?: { label: string; path: string };
  /** Why this person gets this email (footer). */
  reason: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const absolute = (publicUrl: string, path: string) => safeUrl(new URL(path, publicUrl).toString());

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** One layout for every email: a card on a light page, inline styles (what mail clients honour). */
export function layout(content: MailContent, ctx: MailContext): RenderedMail {
  const actionUrl = content.action ? absolute(ctx.publicUrl, content.action.path) : '';
  const logo = ctx.logoUrl ? safeUrl(ctx.logoUrl) : '';
  const unsubscribe = ctx.unsubscribeUrl ? safeUrl(ctx.unsubscribeUrl) : '';

  const markup = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${content.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:${FONT};color:#0f172a;">
<div style="display:none;max-height:0;overflow:hidden;">${content.heading}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;">
<tr><td style="padding:24px 24px 8px 24px;">
${logo ? html`<img src="${logo}" alt="" width="48" height="48" style="display:block;width:48px;height:48px;object-fit:contain;border-radius:8px;margin-bottom:12px;">` : ''}
<p style="margin:0;font-size:14px;color:#475569;">${ctx.senderName}</p>
<h1 style="margin:8px 0 0 0;font-size:22px;line-height:1.3;color:#0f172a;word-break:break-word;">${content.heading}</h1>
</td></tr>
<tr><td style="padding:8px 24px 8px 24px;font-size:16px;line-height:1.55;">
${content.body.map((p) => html`<p style="margin:12px 0;word-break:break-word;">${p}</p>`)}
${
  content.facts?.length
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0;font-size:15px;">
${content.facts.map(
  (f) =>
    html`<tr><td style="padding:4px 16px 4px 0;color:#475569;vertical-align:top;white-space:nowrap;">${f.label}</td><td style="padding:4px 0;font-weight:600;word-break:break-word;">${f.value}</td></tr>`,
)}
</table>`
    : ''
}
${(content.quotes ?? []).map(
  (q) =>
    html`<p style="margin:16px 0 4px 0;font-size:14px;color:#475569;">${q.label}</p><div style="margin:0 0 12px 0;padding:12px 16px;background:#f1f5f9;border-left:4px solid #2563eb;border-radius:4px;word-break:break-word;">${paragraphs(q.text)}</div>`,
)}
${
  actionUrl
    ? html`<p style="margin:24px 0;"><a href="${actionUrl}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600;">${content.action!.label}</a></p>
<p style="margin:0 0 12px 0;font-size:13px;color:#475569;word-break:break-all;">Or open this link: <a href="${actionUrl}" style="color:#1d4ed8;">${actionUrl}</a></p>`
    : ''
}
</td></tr>
<tr><td style="padding:16px 24px 24px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b;">
<p style="margin:0;">${content.reason}</p>
<p style="margin:8px 0 0 0;">Sent by ${ctx.senderName} through ApplyHub.</p>
${unsubscribe ? html`<p style="margin:8px 0 0 0;"><a href="${unsubscribe}" style="color:#475569;">${ctx.unsubscribeLabel ?? 'Unsubscribe from these emails'}</a> (${unsubscribeMessages.validFor})</p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  // Names and titles are one line each in the text part too; only quotes keep their line breaks.
  const one = (v: string) => headerText(v, 10_000);
  const lines = [
    one(ctx.senderName),
    '',
    one(content.heading),
    '',
    ...content.bodyText.flatMap((p) => [one(p), '']),
    ...(content.facts?.length ? [...content.facts.map((f) => `${f.label}: ${one(f.value)}`), ''] : []),
    ...(content.quotes ?? []).flatMap((q) => [
      `${q.label}:`,
      ...q.text
        .trim()
        .split('\n')
        .map((l) => `> ${l}`),
      '',
    ]),
    ...(actionUrl ? [`${content.action!.label}: ${actionUrl}`, ''] : []),
    '-- ',
    one(content.reason),
    `Sent by ${one(ctx.senderName)} through ApplyHub.`,
    ...(unsubscribe
      ? [`${ctx.unsubscribeLabel ?? 'Unsubscribe'}: ${unsubscribe}`, unsubscribeMessages.validFor]
      : []),
  ];
  return { subject: content.subject, html: markup.value, text: `${bodyText(lines.join('\n')).trimEnd()}\n` };
}

/** Dates in emails: the reader's time zone is unknown, so UTC, said plainly. */
export function formatWhen(iso: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return `${new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(when)} UTC`;
}

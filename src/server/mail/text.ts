/** Header and HTML safety for everything a user can type that ends up in an email (issue 19 item 7). */

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/**
 * One line, safe in a header (subject, display name): line breaks and other control characters
 * become a space, so CR/LF can never start a new header. Long values are cut (mail clients show
 * ~100 characters of a subject; the header is folded by the encoder, never cut mid-character).
 */
export function headerText(value: string, max = 250): string {
  const line = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** Plain text for the text part: control characters other than line breaks and tabs removed. */
export function bodyText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return bodyText(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Markup that is already safe (built by {@link html}). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | null | undefined | false | Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** A template whose interpolations are escaped unless they are {@link SafeHtml}. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Escaped text with its line breaks kept (comments, notes, custom messages). */
export function paragraphs(value: string): SafeHtml {
  return new SafeHtml(escapeHtml(value.trim()).replace(/\n/g, '<br>'));
}

/** A URL for an href: only http(s) of our own making; anything else is dropped. */
export function safeUrl(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

const ADDRESS =
  /^[^\s@<>"(),;:\\[\]]+@[^\s@<>"(),;:\\[\]]+\.[^\s@<>"(),;:\\[\]]+$|^[^\s@<>"(),;:\\[\]]+@localhost$/i;

/** A recipient we can hand to SMTP: one plain address, no display name, no line breaks. */
export function isDeliverableAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

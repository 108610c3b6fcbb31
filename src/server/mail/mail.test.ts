import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_DAYS } from '../../shared/domain/unsubscribe';
import {
  mailKey,
  messageIdFor,
  messageIdLocal,
  readUnsubscribeToken,
  unsubscribeKey,
  unsubscribeToken,
} from './keys';
import { MailConfigError, mailStartLine, parseMailConfig, parseMailFrom, redactSmtpUrl } from './settings';
import { renderMail } from './templates';
import { escapeHtml, headerText, html, isDeliverableAddress } from './text';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const USER = '0b6f1a52-8a4b-4b3c-9d2e-5f6a7b8c9d0e';

describe('mail settings', () => {
  it('reads SMTP_URL (smtp:// or smtps:// only) and MAIL_FROM, with a default sender', () => {
    const config = parseMailConfig({}, 'https://apply.example.org');
    expect(config).toEqual({
      smtpUrl: null,
      from: { name: 'ApplyHub', address: 'no-reply@apply.example.org' },
      off: false,
    });
    const set = parseMailConfig(
      { SMTP_URL: 'smtps://u:p@smtp.example.org:465', MAIL_FROM: 'Apply <apply@example.org>' },
      'https://apply.example.org',
    );
    expect(set).toEqual({
      smtpUrl: 'smtps://u:p@smtp.example.org:465',
      from: { name: 'Apply', address: 'apply@example.org' },
      off: false,
    });
    expect(() => parseMailConfig({ SMTP_URL: 'http://x' }, 'http://localhost:3000')).toThrow(MailConfigError);
    expect(() => parseMailConfig({ MAIL_FROM: 'nobody' }, 'http://localhost:3000')).toThrow(MailConfigError);
    expect(parseMailFrom('a@b.org\r\nBcc: x@y.org')).toBeNull();
    expect(parseMailFrom('"Apply Hub" <a@b.org>')).toEqual({ name: 'Apply Hub', address: 'a@b.org' });
  });

  it('never prints the SMTP password', () => {
    expect(redactSmtpUrl('smtps://user:secret@smtp.example.org:465')).toBe(
      'smtps://user:***@smtp.example.org:465',
    );
    const line = mailStartLine({
      production: true,
      mail: { smtpUrl: 'smtp://u:hunter2@mail.test', from: { name: 'A', address: 'a@mail.test' } },
    });
    expect(line).not.toContain('hunter2');
    expect(
      mailStartLine({
        production: true,
        mail: { smtpUrl: null, from: { name: 'A', address: 'a@b.c' }, off: true },
      }),
    ).toMatch(/^Mail is off/);
    expect(
      mailStartLine({ production: false, mail: { smtpUrl: null, from: { name: 'A', address: 'a@b.c' } } }),
    ).toMatch(/built-in mailbox/);
  });
});

describe('keys and tokens', () => {
  it('derives one key and one Message-ID per kind, recipient, entity and version', () => {
    const a = mailKey('results_published', { userId: USER, email: 'x@y.z' }, 'pub-1');
    expect(a).toBe(`results_published:${USER}:pub-1:v1`);
    expect(mailKey('results_published', { email: 'X@Y.Z ' }, 'pub-1', 2)).toBe(
      'results_published:x@y.z:pub-1:v2',
    );
    expect(messageIdLocal(a)).toBe(messageIdLocal(a));
    expect(messageIdLocal(a)).not.toBe(messageIdLocal(`${a}x`));
    expect(messageIdFor(messageIdLocal(a), 'no-reply@example.org')).toMatch(/^<[0-9a-f]{40}@example\.org>$/);
  });

  it('signs unsubscribe tokens per user and category; a changed token is refused', () => {
    const sent = new Date('2026-03-01T12:00:00Z');
    const token = unsubscribeToken(SECRET, USER, 'reminders', sent);
    expect(readUnsubscribeToken(SECRET, token, sent)).toEqual({ userId: USER, category: 'reminders' });
    expect(readUnsubscribeToken(SECRET, token.replace('reminders', 'updates'), sent)).toBeNull();
    expect(readUnsubscribeToken(`${SECRET}x`, token, sent)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}x`, sent)).toBeNull();
    expect(readUnsubscribeToken(SECRET, 'garbage', sent)).toBeNull();
    // A later expiry written into the token breaks its signature.
    const [u, c, expires, sig] = token.split('.');
    const later = (Number.parseInt(expires, 36) + 86_400 * 365).toString(36);
    expect(readUnsubscribeToken(SECRET, [u, c, later, sig].join('.'), sent)).toBeNull();
  });

  it(`unsubscribe tokens expire ${UNSUBSCRIBE_LINK_DAYS} days after the email is sent`, () => {
    const sent = new Date('2026-03-01T12:00:00Z');
    const token = unsubscribeToken(SECRET, USER, 'updates', sent);
    const day = 86_400_000;
    const at = (ms: number) => readUnsubscribeToken(SECRET, token, new Date(sent.getTime() + ms));
    expect(at(UNSUBSCRIBE_LINK_DAYS * day - 1000)).toEqual({ userId: USER, category: 'updates' });
    expect(at(UNSUBSCRIBE_LINK_DAYS * day)).toBe('expired');
    expect(at(UNSUBSCRIBE_LINK_DAYS * day * 10)).toBe('expired');
  });

  it('signs with a key of its own, derived from the secret (HKDF), never the session secret itself', () => {
    const sent = new Date('2026-03-01T12:00:00Z');
    const token = unsubscribeToken(SECRET, USER, 'reminders', sent);
    const [u, c, expires, sig] = token.split('.');
    const withSecret = createHmac('sha256', SECRET)
      .update(`unsubscribe:v2:${u}:${c}:${expires}`)
      .digest('base64url')
      .slice(0, 32);
    expect(sig).not.toBe(withSecret);
    expect(unsubscribeKey(SECRET)).toEqual(
      Buffer.from(hkdfSync('sha256', SECRET, 'applyhub', 'applyhub unsubscribe links v2', 32)),
    );
    expect(unsubscribeKey(SECRET).equals(Buffer.from(SECRET))).toBe(false);
    // A link of the first form (no expiry, signed with the session secret itself) gets the expiry page.
    const old = `${USER}.reminders.${createHmac('sha256', SECRET).update(`unsubscribe:${USER}:reminders`).digest('base64url').slice(0, 32)}`;
    expect(readUnsubscribeToken(SECRET, old, sent)).toBe('expired');
  });
});

describe('text safety', () => {
  it('keeps header values on one line', () => {
    expect(headerText('Hello\r\nBcc: evil@x.org')).toBe('Hello Bcc: evil@x.org');
    expect(headerText('a\u0000b\u2028c')).toBe('a b c');
    expect([...headerText('🎻'.repeat(400))].length).toBe(250);
  });

  it('escapes interpolations unless they are already safe markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${'<script>'}</p>`.value).toBe('<p><b>&lt;i&gt;</b>&lt;script&gt;</p>');
  });

  it('accepts one plain address per recipient', () => {
    expect(isDeliverableAddress('ana@example.org')).toBe(true);
    expect(isDeliverableAddress('ana@localhost')).toBe(true);
    for (const bad of [
      'ana',
      'a b@example.org',
      'a@b.org, c@d.org',
      'Ana <a@b.org>',
      'a@b.org\r\nBcc: c@d.org',
    ])
      expect(isDeliverableAddress(bad)).toBe(false);
  });
});

describe('templates', () => {
  const ctx = {
    publicUrl: 'https://apply.example.org',
    senderName: 'Riverside',
    logoUrl: null,
    unsubscribeUrl: null,
  };

  it('render results with exactly the chosen fields', () => {
    const shown = renderMail(
      'results_published',
      {
        name: 'Ana',
        programName: 'Gala',
        orgName: 'Riverside',
        decision: 'accept',
        customMessage: 'Congrats!',
      },
      ctx,
    );
    expect(shown.text).toContain('Decision: Accepted');
    expect(shown.text).toContain('Congrats!');
    expect(shown.text).not.toContain('Score');
    expect(shown.text).not.toContain('Reviewer comments');
    expect(shown.html).toContain('href="https://apply.example.org/my-submissions?tab=results"');
  });

  it('add an unsubscribe link only when given one', () => {
    const data = {
      name: null,
      programName: 'Gala',
      orgName: 'Riverside',
      closeAt: '2026-06-04T12:00:00.000Z',
      hours: 72,
      applicationId: USER,
    };
    expect(renderMail('deadline_reminder', data, ctx).text).not.toContain('Unsubscribe');
    const withLink = renderMail('deadline_reminder', data, {
      ...ctx,
      unsubscribeUrl: 'https://apply.example.org/u?t=1',
    });
    expect(withLink.text).toContain('Unsubscribe: https://apply.example.org/u?t=1');
    expect(withLink.subject).toBe('Reminder: Gala closes in 3 days');
    expect(withLink.text).toContain('Thursday, June 4, 2026 at 12:00 UTC');
  });
});

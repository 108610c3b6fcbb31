import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookMessages, webhookUrlProblem } from '../../shared/domain/webhooks';
import { addressAllowed, classifyAddress, unmapped } from './address';
import { excerptOf } from './http';
import { messageIdFor, newWebhookSecret, signedHeaders } from './signing';

describe('webhook address classes', () => {
  it('refuses link-local, metadata and "this host" always', () => {
    for (const a of [
      '169.254.169.254',
      '169.254.0.1',
      '0.0.0.0',
      '0.1.2.3',
      'fe80::1',
      'fd00:ec2::254',
      '::',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(classifyAddress(a), a).toBe('forbidden');
  });

  it('classes loopback, private, CGNAT, ULA and NAT64 as private', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      '64:ff9b::a00:1',
      '198.18.0.1',
    ])
      expect(classifyAddress(a), a).toBe('private');
  });

  it('sees IPv4 written inside IPv6', () => {
    expect(unmapped('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(unmapped('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(unmapped('0:0:0:0:0:ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(unmapped('[::ffff:10.0.0.1]')).toBe('10.0.0.1');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('forbidden');
    expect(unmapped('::1')).toBe('::1');
    expect(unmapped('2001:db8::1')).toBe('2001:db8::1');
  });

  it('allows public addresses, and private ones only when asked', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111'])
      expect(addressAllowed(a, false), a).toBe(true);
    expect(addressAllowed('10.0.0.1', false)).toBe(false);
    expect(addressAllowed('10.0.0.1', true)).toBe(true);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
    expect(addressAllowed('not-an-ip', true)).toBe(false);
  });
});

describe('webhook URLs', () => {
  it('want an https URL without credentials (http only when private addresses are allowed)', () => {
    expect(webhookUrlProblem('https://hooks.example.org/a?b=1', { allowHttp: false })).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.org/', { allowHttp: false })).toBe(
      webhookMessages.httpsOnly,
    );
    expect(webhookUrlProblem('http://127.0.0.1:9000/', { allowHttp: true })).toBeNull();
    expect(webhookUrlProblem('https://a:b@hooks.example.org/', { allowHttp: false })).toBe(
      webhookMessages.credentials,
    );
    for (const bad of ['hooks.example.org', 'javascript:alert(1)', 'file:///etc/passwd', ''])
      expect(webhookUrlProblem(bad, { allowHttp: true })).toBe(webhookMessages.urlInvalid);
  });
});

describe('signing', () => {
  it('signs to the Standard Webhooks scheme, verified by the standardwebhooks package', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const body = JSON.stringify({ type: 'webhook.test', data: {} });
    const id = messageIdFor('k');
    expect(id).toBe(messageIdFor('k'));
    expect(id).not.toBe(messageIdFor('k2'));
    const headers = signedHeaders([secret], id, new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('keeps at most a kilobyte of an answer, never half a character', () => {
    expect(excerptOf(Buffer.from('a'.repeat(3000)))).toHaveLength(1024);
    const cut = excerptOf(Buffer.from(`${'a'.repeat(1023)}é`));
    expect(cut).toBe('a'.repeat(1023));
  });
});

import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookMessages, webhookUrlProblem } from '../../shared/domain/webhooks';
import { addressAllowed, classifyAddress, embeddedIpv4, portAllowed, unmapped } from './address';
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

describe('IPv4 inside IPv6 (issue 33)', () => {
  it('decodes every embedded IPv4: mapped, translated, 6to4, NAT64 and Teredo', () => {
    expect(unmapped('::ffff:0:7f00:1')).toBe('127.0.0.1');
    expect(unmapped('::ffff:0:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('2002:7f00:1::1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('2002:a9fe:a9fe::')).toEqual(['169.254.169.254']);
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toEqual(['169.254.169.254']);
    expect(embeddedIpv4('64:ff9b:1::a9fe:a9fe')).toContain('169.254.169.254');
    expect(embeddedIpv4('64:ff9b:1:a9fe:a9:fe00::')).toContain('169.254.169.254');
    // Teredo: server 65.54.227.120, client 192.0.2.45 (inverted in the last 32 bits).
    expect(embeddedIpv4('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45']);
  });

  it('classes the exact forms the probe found by what they carry', () => {
    const cases: [string, string][] = [
      ['::ffff:0:7f00:1', 'private'],
      ['::ffff:0:a9fe:a9fe', 'forbidden'],
      ['2002:7f00:1::1', 'private'],
      ['2002:a9fe:a9fe::', 'forbidden'],
      ['2002:0a00:0001::1', 'private'],
      ['fec0::1', 'private'],
      ['feff::1', 'private'],
      ['64:ff9b::a9fe:a9fe', 'forbidden'],
      ['64:ff9b::7f00:1', 'private'],
      ['64:ff9b:1::a9fe:a9fe', 'forbidden'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'private'],
      // Teredo to a client at 169.254.169.254 (inverted: 5601:5601).
      ['2001:0:4136:e378:8000:63bf:5601:5601', 'forbidden'],
      ['2002:808:808::1', 'public'],
      ['::ffff:8.8.8.8', 'public'],
      ['fe80::1', 'forbidden'],
      ['169.254.169.254', 'forbidden'],
    ];
    for (const [a, verdict] of cases) expect(classifyAddress(a), a).toBe(verdict);
  });

  it('refuses link-local and metadata always, even with private addresses allowed', () => {
    for (const a of [
      '169.254.169.254',
      'fe80::1',
      '::ffff:0:a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(addressAllowed(a, true), a).toBe(false);
  });

  const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
  const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
  const wraps: [string, (o: number[]) => string][] = [
    ['mapped', ([a, b, c, d]) => `::ffff:${hex(a, b)}:${hex(c, d)}`],
    ['mapped dotted', (o) => `::ffff:${o.join('.')}`],
    ['translated', ([a, b, c, d]) => `::ffff:0:${hex(a, b)}:${hex(c, d)}`],
    ['6to4', ([a, b, c, d]) => `2002:${hex(a, b)}:${hex(c, d)}::1`],
    ['NAT64', ([a, b, c, d]) => `64:ff9b::${hex(a, b)}:${hex(c, d)}`],
    ['NAT64 local', ([a, b, c, d]) => `64:ff9b:1::${hex(a, b)}:${hex(c, d)}`],
    [
      'Teredo',
      ([a, b, c, d]) => `2001:0:4136:e378:8000:63bf:${hex(a ^ 255, b ^ 255)}:${hex(c ^ 255, d ^ 255)}`,
    ],
  ];
  const rank = { public: 0, private: 1, forbidden: 2 };
  for (const [name, wrap] of wraps)
    it(`never classes an IPv4 wrapped as ${name} better than the IPv4 itself (fast-check)`, () => {
      fc.assert(
        fc.property(ipv4, (octets) => {
          const inner = classifyAddress(octets.join('.'));
          return rank[classifyAddress(wrap(octets))] >= rank[inner];
        }),
        { numRuns: 300, examples: [[[127, 0, 0, 1]], [[169, 254, 169, 254]], [[10, 0, 0, 1]]] },
      );
    });
});

describe('webhook ports', () => {
  it('allows 443 and 80 (the scheme defaults) unless configured', () => {
    const ports = [443, 80];
    expect(portAllowed(new URL('https://hooks.example.org/x'), ports)).toBe(true);
    expect(portAllowed(new URL('http://hooks.example.org/x'), ports)).toBe(true);
    expect(portAllowed(new URL('https://hooks.example.org:80/x'), ports)).toBe(true);
    expect(portAllowed(new URL('https://hooks.example.org:8443/x'), ports)).toBe(false);
    expect(portAllowed(new URL('http://hooks.example.org:6379/x'), ports)).toBe(false);
    expect(portAllowed(new URL('https://hooks.example.org:8443/x'), [8443])).toBe(true);
    expect(portAllowed(new URL('https://hooks.example.org:22/x'), 'any')).toBe(true);
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

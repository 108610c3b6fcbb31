import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses a webhook may reach (decision 045, issue 33). Refused always, even with
 * WEBHOOKS_ALLOW_PRIVATE=1: link-local (169.254.0.0/16 and fe80::/10, which hold the cloud metadata
 * endpoints; AWS's fd00:ec2::/32), "this host" (0.0.0.0/8, ::), multicast, broadcast and reserved
 * ranges. Refused unless WEBHOOKS_ALLOW_PRIVATE=1: loopback, private (RFC 1918, fc00::/7, the
 * deprecated site-local fec0::/10), carrier-grade NAT, benchmarking and documentation ranges, and the
 * NAT64 prefixes. Every IPv4 address written inside an IPv6 one (mapped, translated, compatible, 6to4,
 * NAT64, Teredo) is decoded and classed too (`embeddedIpv4`).
 */
const never = new BlockList();
const privateRanges = new BlockList();

for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  never.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['fe80::', 10],
  ['ff00::', 8],
  // AWS's IPv6 metadata endpoint sits in fd00:ec2::/32 (also private, but refused even when allowed).
  ['fd00:ec2::', 32],
] as const)
  never.addSubnet(net, bits, 'ipv6');

for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fec0::', 10],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function groupsOf(ipv6: string): number[] {
  let text = ipv6;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  if (tail === undefined) return left;
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * An IPv4 address that stands for the whole IPv6 address (::ffff:a.b.c.d mapped, ::ffff:0:a.b.c.d
 * translated, ::a.b.c.d compatible), as plain IPv4; any other address as it is.
 */
export function unmapped(address: string): string {
  const ip = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(ip) !== 6) return ip;
  const g = groupsOf(ip);
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:0:0/96 (mapped) and ::a.b.c.d (compatible; not :: or ::1, which are IPv6's own).
  if (zeros(5) && (g[5] === 0xffff || (g[5] === 0 && g[6] !== 0))) return v4(g[6], g[7]);
  // ::ffff:0:0:0/96 (SIIT translated, RFC 2765): ::ffff:0:7f00:1 is 127.0.0.1.
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return v4(g[6], g[7]);
  return ip;
}

/**
 * Every IPv4 address an IPv6 address carries inside it, wherever a router could unwrap it and deliver
 * to it: 6to4 (2002::/16, the IPv4 in bits 16–47), NAT64 (64:ff9b::/96 well-known; 64:ff9b:1::/48
 * local use, at each of RFC 6052's positions for prefixes /48 to /96) and Teredo (2001::/32: the
 * server in bits 32–63, the client's address inverted in the last 32 bits).
 */
export function embeddedIpv4(ipv6: string): string[] {
  const g = groupsOf(ipv6);
  const found: string[] = [];
  if (g[0] === 0x2002) found.push(v4(g[1], g[2]));
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    if (g.slice(2, 6).every((x) => x === 0)) found.push(v4(g[6], g[7]));
    if (g[2] === 1) {
      // RFC 6052 §2.2: bits 64–71 (the u octet) are skipped.
      const bytes = g.flatMap((x) => [x >> 8, x & 255]);
      const at = (...i: number[]) => i.map((k) => bytes[k]).join('.');
      found.push(at(6, 7, 9, 10), at(7, 9, 10, 11), at(9, 10, 11, 12), at(12, 13, 14, 15));
    }
  }
  if (g[0] === 0x2001 && g[1] === 0) found.push(v4(g[2], g[3]), v4(g[6] ^ 0xffff, g[7] ^ 0xffff));
  return found;
}

export type AddressVerdict = 'public' | 'private' | 'forbidden';

const rank: Record<AddressVerdict, number> = { public: 0, private: 1, forbidden: 2 };
const worst = (a: AddressVerdict, b: AddressVerdict) => (rank[b] > rank[a] ? b : a);

/**
 * How an IP address is classed (not an IP: forbidden). An IPv6 address is classed as its own range
 * and as every IPv4 address inside it, whichever is worse: 6to4 to 127.0.0.1 is private, NAT64 to
 * 169.254.169.254 is forbidden.
 */
export function classifyAddress(address: string): AddressVerdict {
  const ip = unmapped(address);
  const family = isIP(ip);
  if (family === 0) return 'forbidden';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (never.check(ip, type)) return 'forbidden';
  let verdict: AddressVerdict = privateRanges.check(ip, type) ? 'private' : 'public';
  if (family === 6) for (const inner of embeddedIpv4(ip)) verdict = worst(verdict, classifyAddress(inner));
  return verdict;
}

/** True when a webhook may connect to this address under the given setting. */
export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'private' && allowPrivate);
}

/** The ports webhooks may use unless WEBHOOKS_PORTS says otherwise. */
export const DEFAULT_WEBHOOK_PORTS: readonly number[] = [443, 80];

/** True when a webhook URL's port (its scheme's default when it names none) is one webhooks may use. */
export function portAllowed(url: URL, ports: readonly number[] | 'any'): boolean {
  if (ports === 'any') return true;
  const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  return ports.includes(port);
}

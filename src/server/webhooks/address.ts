import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses a webhook may reach (decision 045). Refused always: link-local (which
 * holds the cloud metadata endpoints 169.254.169.254 and fd00:ec2::254's neighbours), "this host"
 * (0.0.0.0/8, ::), multicast, broadcast and reserved ranges. Refused unless WEBHOOKS_ALLOW_PRIVATE=1:
 * loopback, private (RFC 1918, fc00::/7), carrier-grade NAT, benchmarking and documentation ranges,
 * and the NAT64 prefix (which maps onto IPv4 and so could reach any of them).
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

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1, ::a.b.c.d) as plain IPv4. */
export function unmapped(address: string): string {
  const ip = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(ip) !== 6) return ip;
  const g = groupsOf(ip);
  const mapped = g[5] === 0xffff || (g[5] === 0 && g[6] !== 0);
  if (g.slice(0, 5).every((x) => x === 0) && mapped)
    return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return ip;
}

export type AddressVerdict = 'public' | 'private' | 'forbidden';

/** How an IP address is classed (not an IP: forbidden). */
export function classifyAddress(address: string): AddressVerdict {
  const ip = unmapped(address);
  const family = isIP(ip);
  if (family === 0) return 'forbidden';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (never.check(ip, type)) return 'forbidden';
  if (privateRanges.check(ip, type)) return 'private';
  return 'public';
}

/** True when a webhook may connect to this address under the given setting. */
export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'private' && allowPrivate);
}

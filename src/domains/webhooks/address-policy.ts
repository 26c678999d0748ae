/**
 * Which network addresses a webhook may reach. Loopback, private, link-local, unique-local,
 * multicast and reserved addresses (IPv4 and IPv6, IPv4 inside IPv6) are refused, so a
 * subscription cannot make the server call into its own network (SSRF). The same check runs
 * when a subscription is created and on every connection (after DNS, against rebinding).
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const forbiddenV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  forbiddenV4.addSubnet(net, prefix, 'ipv4');
}

/** IPv6 is allowed only inside global unicast 2000::/3, minus the special ranges carved out of it. */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const forbiddenV6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const) {
  forbiddenV6.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const o = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function v4FromGroups(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** True when a literal IP address (v4 or v6, no brackets) is one a webhook must not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return forbiddenV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const g = ipv6Groups(address);
  if (!g) return true;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d): judge the IPv4 address inside.
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && ((g[4] === 0 && g[5] === 0xffff) || (g[4] === 0xffff && g[5] === 0))) {
    return isForbiddenAddress(v4FromGroups(g[6]!, g[7]!));
  }
  const canonical = g.map((x) => x.toString(16)).join(':');
  if (!globalV6.check(canonical, 'ipv6') || forbiddenV6.check(canonical, 'ipv6')) return true;
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address that is reached through it.
  if (g[0] === 0x2002) return isForbiddenAddress(v4FromGroups(g[1]!, g[2]!));
  return false;
}

/** The host of a parsed URL as a resolver or isIP sees it: no brackets, no trailing dot. */
export function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function isLocalName(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain';
}

export class ForbiddenTargetError extends Error {
  readonly code = 'EWEBHOOKTARGET';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, an address webhooks may not reach`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A drop-in `lookup` for net/tls connections that refuses forbidden resolved addresses, so the
 * address actually connected to is the one checked (DNS rebinding cannot slip in between).
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(new ForbiddenTargetError(hostname, bad.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

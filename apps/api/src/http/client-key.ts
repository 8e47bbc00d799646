import { isIPv4, isIPv6 } from 'node:net';
import type { TrustProxy } from '../config.ts';

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = rest ? rest.split(':') : [];
  const zeros =
    rest === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

/**
 * What per-client limits count under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or server picks freely among the 2^64 addresses of its network), and an IPv4-mapped
 * IPv6 address (::ffff:192.0.2.1) as the IPv4 address it stands for.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify refuses a bare number
 * (it trusts no hop), and counting hops means trusting whoever is the nearest peer.
 */
export function trustProxyOption(
  setting: TrustProxy,
): string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

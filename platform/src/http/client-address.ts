import { isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

/**
 * Hops whose X-Forwarded-For and X-Forwarded-Proto the APIs believe (Express `trust proxy`): the
 * gateway on this machine (loopback) or, in Docker, on the private network. The gateway writes the
 * visitor's address there (see gateway/client-view.ts), so rate limits and the loopback-only dev
 * outbox see the visitor, not the gateway.
 */
export const GATEWAY_HOPS = 'loopback, uniquelocal';

/** Whether a hop (its address, its distance from this server) is a proxy whose forwarding headers are believed. */
export type Trust = (address: string, hop: number) => boolean;

/** Believes no hop: this server is the edge. */
export const TRUST_NOBODY: Trust = () => false;

/**
 * A `trust proxy` list (names such as loopback, addresses, CIDRs, comma-separated) as the function
 * proxy-addr asks of each hop; throws on an entry that is none of those.
 */
export const compileTrust = (list: string): Trust =>
  proxyaddr.compile(
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const loopback = compileTrust('loopback');

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or an IPv4 one seen through a dual-stack socket). */
export const isLoopbackAddress = (address: string | undefined): boolean => address !== undefined && loopback(address, 0);

/**
 * Whom an address counts as, for rate limits and connection limits. An IPv4 client seen through a
 * dual-stack socket (::ffff:a.b.c.d) is that IPv4 address; an IPv6 client is its /64, since one
 * home or phone is handed a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function clientOfAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const rest = tail ? tail.split(':') : [];
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

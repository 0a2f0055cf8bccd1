import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook the server calls on a user's or admin's say-so must not reach (server-side request forgery):
 * this host, the private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast,
 * reserved and the unspecified address, in IPv4 and IPv6 (IPv4-mapped IPv6 is checked as IPv4; the NAT64 prefix is
 * refused whole, since it can reach any IPv4 address). The one rule for every outbound webhook (queue alerts in the
 * API, rank alerts in the worker); WEBHOOK_PRIVATE_ADDRESSES_ALLOWED lifts it.
 */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    // Multicast (224/4) and reserved (240/4, broadcast included).
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/** True for an address of this host or a private, link-local or otherwise non-public network. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface OutboundUrlOptions {
  /** Lets private addresses through (a self-hosted chat server on the LAN; the tests' fake servers on 127.0.0.1). */
  allowPrivate: boolean;
}

/**
 * Checks an address the server is about to call for someone: http(s) only, and (unless allowed) a host whose every
 * address is public. Null when it may be called, else the reason. Called when the address is saved and again before
 * each call, since a name may resolve elsewhere later.
 */
export async function outboundUrlProblem(url: string, options: OutboundUrlOptions): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The address is not a valid URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The address must start with http:// or https://.';
  if (options.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return `The host ${host} could not be found.`;
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) return `The host ${host} is on a private network or this server; only public addresses can be called.`;
  return null;
}

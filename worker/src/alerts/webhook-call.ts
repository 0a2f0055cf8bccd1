import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a user-given webhook may not reach (SSRF guard, issue 22): loopback, private, link-local (cloud metadata
 * at 169.254.169.254), carrier-grade NAT, "this network", multicast and reserved ranges, in IPv4 and IPv6 (an IPv4
 * address mapped into IPv6 is checked as IPv4).
 */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ] as const) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class WebhookAddressRefused extends Error {
  constructor(host: string) {
    super(`${host} is a private, loopback or link-local address (set WEBHOOK_PRIVATE_ADDRESSES_ALLOWED=true to allow it)`);
    this.name = 'WebhookAddressRefused';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup that refuses private addresses. It is the connection's own lookup, so the address checked is the one
 * connected to (a name that resolves differently the second time cannot slip through).
 */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!list.length || list.some((entry) => isPrivateAddress(entry.address))) return callback(new WebhookAddressRefused(hostname), []);
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/**
 * POSTs JSON to a webhook and answers its HTTP status. Redirects are not followed. Unless private addresses are
 * allowed, a literal private IP is refused before connecting and a name is resolved through guardedLookup.
 */
export function postWebhook(url: string, body: unknown, options: { allowPrivate: boolean; timeoutMs: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) return reject(new WebhookAddressRefused(host));
    const payload = Buffer.from(JSON.stringify(body));
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

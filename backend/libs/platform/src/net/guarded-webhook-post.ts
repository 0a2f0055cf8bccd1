import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from './outbound-url-guard.js';

/** A webhook's address is refused by the private-address rule: trying again cannot help. */
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

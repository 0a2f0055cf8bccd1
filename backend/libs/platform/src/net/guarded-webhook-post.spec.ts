import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook, WebhookAddressRefused } from './guarded-webhook-post.js';

/** The webhook call of rank alerts: the private-address rule applied on the connection itself, and no redirects. */

interface Received {
  path: string;
  body: string;
}

let server: Server;
let port: number;
const received: Received[] = [];
let answer: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.writeHead(204).end();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refused = async (url: string) => {
  const before = received.length;
  const outcome = await postWebhook(url, { text: 'x' }, { allowPrivate: false, timeoutMs: 5_000 }).then(
    (status) => status,
    (error: unknown) => error,
  );
  expect(received.length).toBe(before);
  return outcome;
};

describe('postWebhook', () => {
  it('posts the body as JSON and answers the status when private addresses are allowed', async () => {
    answer = (_request, response) => response.writeHead(204).end();
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, { text: 'Rank changed' }, { allowPrivate: true, timeoutMs: 5_000 })).toBe(204);
    expect(received.at(-1)).toEqual({ path: '/hook', body: '{"text":"Rank changed"}' });
  });

  it('refuses a literal private address, IPv4 or IPv6, before connecting', async () => {
    const ipv4 = await refused(`http://127.0.0.1:${port}/hook`);
    expect(ipv4).toBeInstanceOf(WebhookAddressRefused);
    expect((ipv4 as Error).message).toBe('127.0.0.1 is a private, loopback or link-local address (set WEBHOOK_PRIVATE_ADDRESSES_ALLOWED=true to allow it)');
    expect(await refused(`http://[::1]:${port}/hook`)).toBeInstanceOf(WebhookAddressRefused);
    expect(await refused(`http://[::ffff:127.0.0.1]:${port}/hook`)).toBeInstanceOf(WebhookAddressRefused);
    expect(await refused('http://169.254.169.254/latest/meta-data')).toBeInstanceOf(WebhookAddressRefused);
  });

  it('refuses a name that resolves to a private address, in the connection’s own lookup', async () => {
    const outcome = await refused(`http://localhost:${port}/hook`);
    expect(outcome).toBeInstanceOf(WebhookAddressRefused);
    expect((outcome as Error).message).toContain('localhost is a private, loopback or link-local address');
  });

  it('does not follow a redirect: the redirect’s status is the answer', async () => {
    answer = (_request, response) => response.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
    const before = received.length;
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, { text: 'x' }, { allowPrivate: true, timeoutMs: 5_000 })).toBe(302);
    expect(received.slice(before).map((request) => request.path)).toEqual(['/hook']);
  });

  it('gives up on a webhook that does not answer in time', async () => {
    answer = () => undefined;
    await expect(postWebhook(`http://127.0.0.1:${port}/slow`, { text: 'x' }, { allowPrivate: true, timeoutMs: 200 })).rejects.toThrow('no answer within 200 ms');
  });
});

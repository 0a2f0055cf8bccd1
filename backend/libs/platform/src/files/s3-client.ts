import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';

export interface S3Settings {
  bucket: string;
  /** https://s3.us-east-1.amazonaws.com, http://127.0.0.1:9000 (MinIO) … */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key. */
  pathStyle: boolean;
}

export interface SignableRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for S3 (the header form). Signs host and every x-amz-* / given header; the payload hash
 * is the request's x-amz-content-sha256 (UNSIGNED-PAYLOAD for streamed uploads). Returns the headers to send.
 */
export function signS3Request(request: SignableRequest, settings: Pick<S3Settings, 'region' | 'accessKeyId' | 'secretAccessKey'>, now: Date): Record<string, string> {
  const amzDate = request.headers['x-amz-date'] ?? now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...request.headers, host: request.url.host, 'x-amz-date': amzDate };
  headers['x-amz-content-sha256'] ??= 'UNSIGNED-PAYLOAD';
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]));
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    request.url.pathname.split('/').map((segment) => encodeSegment(decodeURIComponent(segment))).join('/'),
    canonicalQuery,
    names.map((name) => `${name}:${lower[name]}\n`).join(''),
    names.join(';'),
    lower['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = ['s3', 'aws4_request'].reduce((current, part) => hmac(current, part), hmac(hmac(`AWS4${settings.secretAccessKey}`, day), settings.region));
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

/** The few S3 calls the file store needs (PUT, GET, HEAD, DELETE of one object), with fetch and SigV4. */
export class S3Client {
  constructor(private readonly settings: S3Settings) {}

  private url(key: string): URL {
    const endpoint = new URL(this.settings.endpoint);
    const path = key.split('/').map(encodeSegment).join('/');
    if (this.settings.pathStyle) return new URL(`${endpoint.origin}/${encodeSegment(this.settings.bucket)}/${path}`);
    return new URL(`${endpoint.protocol}//${this.settings.bucket}.${endpoint.host}/${path}`);
  }

  private async send(method: string, key: string, init: { headers?: Record<string, string>; body?: Readable } = {}): Promise<Response> {
    const url = this.url(key);
    const headers = signS3Request({ method, url, headers: init.headers ?? {} }, this.settings, new Date());
    delete headers.host;
    return fetch(url, {
      method,
      headers,
      ...(init.body ? { body: Readable.toWeb(init.body) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
  }

  private static async ok(response: Response, what: string): Promise<Response> {
    if (response.ok) return response;
    throw new Error(`S3 ${what} failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  }

  async put(key: string, body: Readable, bytes: number): Promise<void> {
    await S3Client.ok(await this.send('PUT', key, { headers: { 'content-length': String(bytes) }, body }), `PUT ${key}`);
  }

  async get(key: string): Promise<Readable> {
    const response = await S3Client.ok(await this.send('GET', key), `GET ${key}`);
    return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  }

  async head(key: string): Promise<number | null> {
    const response = await this.send('HEAD', key);
    if (response.status === 404) return null;
    await S3Client.ok(response, `HEAD ${key}`);
    return Number(response.headers.get('content-length') ?? 0);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (response.status !== 404) await S3Client.ok(response, `DELETE ${key}`);
  }
}

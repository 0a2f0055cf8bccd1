import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake bucket answered: the S3 operation it was, by its method and query. */
export interface S3Call {
  operation: 'PutObject' | 'CreateMultipartUpload' | 'UploadPart' | 'CompleteMultipartUpload' | 'AbortMultipartUpload' | 'GetObject' | 'HeadObject' | 'DeleteObject';
  key: string;
  status: number;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const errorXml = (code: string, message: string) => xml(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);

/**
 * S3 at its HTTP boundary (path-style, one bucket, in memory), answering as the S3 REST API documents: PutObject,
 * the multipart upload calls (CreateMultipartUpload `POST ?uploads`, UploadPart `PUT ?partNumber&uploadId`,
 * CompleteMultipartUpload `POST ?uploadId`, AbortMultipartUpload `DELETE ?uploadId`), GetObject (also presigned,
 * with `response-content-type` and `response-content-disposition`), HeadObject and DeleteObject. A request signed for another access key, or not
 * signed at all, gets 403. `failNext` makes the next calls of an operation answer 503 SlowDown.
 */
export class FakeS3 {
  readonly objects = new Map<string, Buffer>();
  readonly calls: S3Call[] = [];
  private readonly uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  private readonly failures = new Map<S3Call['operation'], number>();

  private constructor(
    private readonly server: Server,
    readonly bucket: string,
    readonly accessKeyId: string,
  ) {}

  static async start(bucket = 'serpwise-files', accessKeyId = 'fake-access-key'): Promise<FakeS3> {
    const server = createServer();
    const fake = new FakeS3(server, bucket, accessKeyId);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The multipart uploads begun and neither completed nor aborted. */
  get openUploads(): number {
    return this.uploads.size;
  }

  failNext(operation: S3Call['operation'], times = 1): void {
    this.failures.set(operation, times);
  }

  operations(): S3Call['operation'][] {
    return this.calls.map((call) => call.operation);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.endpoint);
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
    });
    const [, bucket, ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    const operation = this.operationOf(request.method ?? 'GET', query);
    const send = (status: number, text = '', headers: Record<string, string> = {}) => {
      this.calls.push({ operation, key, status });
      response.writeHead(status, { ...(text ? { 'content-type': 'application/xml' } : {}), ...headers }).end(request.method === 'HEAD' ? undefined : text);
    };
    const credential = query.get('X-Amz-Credential') ?? /Credential=([^,]+)/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!credential.startsWith(`${this.accessKeyId}/`)) return send(403, errorXml('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'));
    if (bucket !== this.bucket) return send(404, errorXml('NoSuchBucket', 'The specified bucket does not exist'));
    const failures = this.failures.get(operation) ?? 0;
    if (failures > 0) {
      this.failures.set(operation, failures - 1);
      return send(503, errorXml('SlowDown', 'Please reduce your request rate.'));
    }
    const etag = `"${randomUUID().replace(/-/g, '')}"`;
    switch (operation) {
      case 'PutObject':
        this.objects.set(key, body);
        return send(200, '', { etag });
      case 'CreateMultipartUpload': {
        const uploadId = randomUUID();
        this.uploads.set(uploadId, { key, parts: new Map() });
        return send(200, xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`));
      }
      case 'UploadPart': {
        const upload = this.uploads.get(query.get('uploadId') ?? '');
        if (!upload) return send(404, errorXml('NoSuchUpload', 'The specified multipart upload does not exist.'));
        upload.parts.set(Number(query.get('partNumber')), body);
        return send(200, '', { etag });
      }
      case 'CompleteMultipartUpload': {
        const uploadId = query.get('uploadId') ?? '';
        const upload = this.uploads.get(uploadId);
        if (!upload) return send(404, errorXml('NoSuchUpload', 'The specified multipart upload does not exist.'));
        const listed = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
        if (listed.some((number) => !upload.parts.has(number))) return send(400, errorXml('InvalidPart', 'One or more of the specified parts could not be found.'));
        this.objects.set(key, Buffer.concat(listed.map((number) => upload.parts.get(number)!)));
        this.uploads.delete(uploadId);
        return send(200, xml(`<CompleteMultipartUploadResult><Location>${this.endpoint}/${bucket}/${key}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`));
      }
      case 'AbortMultipartUpload':
        this.uploads.delete(query.get('uploadId') ?? '');
        return send(204);
      case 'GetObject':
      case 'HeadObject': {
        const object = this.objects.get(key);
        if (!object) return send(404, operation === 'GetObject' ? errorXml('NoSuchKey', 'The specified key does not exist.') : '');
        const disposition = query.get('response-content-disposition');
        // A presigned GET may override the answer's headers (response-content-type, response-content-disposition).
        const headers = { 'content-length': String(object.length), 'content-type': query.get('response-content-type') ?? 'application/octet-stream', etag, ...(disposition ? { 'content-disposition': disposition } : {}) };
        this.calls.push({ operation, key, status: 200 });
        response.writeHead(200, headers).end(operation === 'GetObject' ? object : undefined);
        return;
      }
      case 'DeleteObject':
        this.objects.delete(key);
        return send(204);
    }
  }

  private operationOf(method: string, query: URLSearchParams): S3Call['operation'] {
    if (method === 'POST') return query.has('uploads') ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
    if (method === 'PUT') return query.has('uploadId') ? 'UploadPart' : 'PutObject';
    if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
    return method === 'HEAD' ? 'HeadObject' : 'GetObject';
  }
}

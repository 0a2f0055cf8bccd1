import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FakeS3 } from '../../../../../infra/test/fake-s3.js';
import { minimumPartBytes, S3Client } from './s3-client.js';

/** Issue 26 point 2: the file store's S3 calls on the AWS SDK, against S3 at its HTTP boundary (infra/test/fake-s3.ts). */

let s3: FakeS3;
const clientFor = (fake: FakeS3, accessKeyId = fake.accessKeyId) =>
  new S3Client({ bucket: fake.bucket, endpoint: fake.endpoint, region: 'us-east-1', accessKeyId, secretAccessKey: 'fake-secret', pathStyle: true, partBytes: minimumPartBytes });
const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

beforeEach(async () => {
  s3 = await FakeS3.start();
});
afterEach(async () => {
  await s3.stop();
});

// The SDK's throttling back-off waits up to 0.5 s, then 1 s, between a part's tries: the retrying cases take
// seconds on a quiet machine and more on a busy one, beyond Jest's default 5 s.
const retryingCaseMs = 30_000;
// Ten megabytes through the SDK's signing and checksums and the fake's HTTP: about a second alone, past 5 s on a
// machine busy with other suites (seen on 2 cores).
const multipartCaseMs = 30_000;

describe('S3Client', () => {
  it('sends a small file in one PUT, reads it back, tells its size and removes it', async () => {
    const client = clientFor(s3);
    await client.put('exports/u/a.csv', Readable.from([Buffer.from('a,b\n1,2\n')]), 8);
    expect(s3.operations()).toEqual(['PutObject']);
    expect((await read(await client.get('exports/u/a.csv'))).toString()).toBe('a,b\n1,2\n');
    expect(await client.head('exports/u/a.csv')).toBe(8);
    await client.delete('exports/u/a.csv');
    expect(await client.head('exports/u/a.csv')).toBeNull();
    // Removing what is not there is no error.
    await client.delete('exports/u/a.csv');
  });

  it('sends a file larger than a part as a multipart upload, the parts joined in order', async () => {
    const file = randomBytes(minimumPartBytes * 2 + 1234);
    await clientFor(s3).put('imports/u/big.csv', Readable.from([file.subarray(0, 3_000_000), file.subarray(3_000_000)]), file.length);
    expect(s3.operations().filter((operation) => operation === 'UploadPart')).toHaveLength(3);
    expect(s3.operations()[0]).toBe('CreateMultipartUpload');
    expect(s3.operations().at(-1)).toBe('CompleteMultipartUpload');
    expect(s3.objects.get('imports/u/big.csv')!.equals(file)).toBe(true);
    expect(await clientFor(s3).head('imports/u/big.csv')).toBe(file.length);
  }, multipartCaseMs);

  it('retries a part the store answers 503 SlowDown for', async () => {
    const file = randomBytes(minimumPartBytes + 10);
    s3.failNext('UploadPart', 1);
    await clientFor(s3).put('exports/u/retried.csv', Readable.from([file]), file.length);
    expect(s3.calls.filter((call) => call.operation === 'UploadPart').map((call) => call.status).sort()).toEqual([200, 200, 503]);
    expect(s3.objects.get('exports/u/retried.csv')!.equals(file)).toBe(true);
  }, retryingCaseMs);

  it('aborts the multipart upload when a part keeps failing, and says so', async () => {
    const file = randomBytes(minimumPartBytes + 10);
    s3.failNext('UploadPart', 100);
    await expect(clientFor(s3).put('exports/u/failed.csv', Readable.from([file]), file.length)).rejects.toThrow(/reduce your request rate|SlowDown/);
    expect(s3.operations()).toContain('AbortMultipartUpload');
    expect(s3.openUploads).toBe(0);
    expect(s3.objects.has('exports/u/failed.csv')).toBe(false);
  }, retryingCaseMs);

  it('is refused with a key the store does not know', async () => {
    await expect(clientFor(s3, 'unknown-key').put('exports/u/x.csv', Readable.from([Buffer.from('x')]), 1)).rejects.toThrow(/Access Key Id/);
    expect(s3.objects.size).toBe(0);
  });

  it('gives a presigned link that downloads the file under its name, without credentials, for the time asked', async () => {
    const client = clientFor(s3);
    await client.put('exports/u/report.pdf', Readable.from([Buffer.from('%PDF-1.7')]), 8);
    const link = new URL(await client.presignedDownload('exports/u/report.pdf', 'Domain report é.pdf', 60));
    expect(link.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.7');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Domain report _.pdf"; filename*=UTF-8''Domain%20report%20%C3%A9.pdf`);
  });
});

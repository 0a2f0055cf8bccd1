import { describe, expect, it } from '@jest/globals';
import { signS3Request } from './s3-client.js';

describe('signS3Request', () => {
  it('produces the signature of the AWS documentation example (GET object with a Range header)', () => {
    const headers = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          range: 'bytes=0-9',
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          'x-amz-date': '20130524T000000Z',
        },
      },
      { region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs a streamed upload with an unsigned payload', () => {
    const headers = signS3Request({ method: 'PUT', url: new URL('http://127.0.0.1:9000/bucket/exports/a.csv'), headers: { 'content-length': '3' } }, { region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' }, new Date('2026-11-23T10:00:00Z'));
    expect(headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(headers['x-amz-date']).toBe('20261123T100000Z');
    expect(headers.authorization).toMatch(/SignedHeaders=content-length;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
  });
});

import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client as AwsS3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';

export interface S3Settings {
  bucket: string;
  /** https://s3.us-east-1.amazonaws.com, http://127.0.0.1:9000 (MinIO) …; unset: AWS's endpoint of the region. */
  endpoint?: string;
  region: string;
  /**
   * A key pair; unset: the AWS SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, shared
   * config and SSO profiles, web identity, ECS task and EC2 instance roles).
   */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted stores). */
  pathStyle: boolean;
  /** Size of each part of a multipart upload (S3's least is 5 MiB); a smaller file goes in one PUT. */
  partBytes?: number;
}

/** S3's least part size, and the part size used unless set: a 5 GiB export takes 512 parts of S3's 10,000. */
export const minimumPartBytes = 5 * 1024 * 1024;
const defaultPartBytes = 10 * 1024 * 1024;
/** Parts of one upload sent at once (each held in memory while it is sent). */
const partsInFlight = 4;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * The S3 calls the file store needs, on the AWS SDK: uploads of any size (lib-storage: one PUT, or a multipart
 * upload in parts of `partBytes`, aborted when it fails), streamed reads, sizes, removal and presigned downloads.
 * The SDK signs (SigV4), retries throttling and 5xx answers (3 tries, exponential backoff) and finds credentials.
 */
export class S3Client {
  private readonly client: AwsS3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsS3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.pathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default streamed
      // (aws-chunked) trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Readable, bytes: number): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentLength: bytes },
      partSize: Math.max(this.settings.partBytes ?? defaultPartBytes, minimumPartBytes),
      queueSize: partsInFlight,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return answer.Body as Readable;
  }

  /** The object's size, or null when there is none. */
  async head(key: string): Promise<number | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return answer.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Removes the object; one that is not there is no error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /**
   * A GET link to the object that works for `seconds` without credentials, saved by the browser as `fileName` (and
   * answered with `contentType` when given).
   */
  presignedDownload(key: string, fileName: string, seconds: number, contentType?: string): Promise<string> {
    const disposition = `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    const command = new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ResponseContentDisposition: disposition, ...(contentType ? { ResponseContentType: contentType } : {}) });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  close(): void {
    this.client.destroy();
  }
}

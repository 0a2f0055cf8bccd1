import type { Environment } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Client } from './s3-client.js';

/** A file being written: write to `stream`, then commit() to keep it (or abort() to drop it). */
export interface FileUpload {
  readonly stream: Writable;
  commit(): Promise<{ bytes: number }>;
  abort(): Promise<void>;
}

/**
 * Where finished files (exports today) are kept. Keys are relative paths like "exports/<user>/<job>.csv".
 * The default keeps them on the local disk under DATA_DIR; S3-compatible storage when S3_BUCKET is set.
 */
export abstract class FileStore {
  abstract create(key: string): Promise<FileUpload>;
  abstract read(key: string): Promise<Readable>;
  abstract size(key: string): Promise<number | null>;
  abstract remove(key: string): Promise<void>;
}

const safeKey = (key: string) => {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`Invalid file key: ${key}`);
  return key;
};

/**
 * Files on the local disk; a file appears under its key only once complete (written to a temporary file of its own,
 * then renamed). Two writers of one key never share the temporary file: each renames a complete file of its own.
 */
export class LocalFileStore extends FileStore {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(this.root, safeKey(key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid file key: ${key}`);
    return path;
  }

  async create(key: string): Promise<FileUpload> {
    const path = this.path(key);
    const partial = `${path}.${randomUUID()}.part`;
    await mkdir(dirname(path), { recursive: true });
    const stream = createWriteStream(partial);
    const closed = new Promise<void>((done, fail) => {
      stream.once('close', done);
      stream.once('error', fail);
    });
    return {
      stream,
      commit: async () => {
        if (!stream.writableFinished) stream.end();
        await closed;
        await rename(partial, path);
        return { bytes: (await stat(path)).size };
      },
      abort: async () => {
        stream.destroy();
        await closed.catch(() => undefined);
        await rm(partial, { force: true });
      },
    };
  }

  async read(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async size(key: string): Promise<number | null> {
    return stat(this.path(key)).then((info) => info.size, () => null);
  }

  /** Removes the file and any temporary file a writer of this key left when it was killed mid-write. */
  async remove(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    const [folder, name] = [dirname(path), basename(path)];
    const left = (await readdir(folder).catch(() => [] as string[])).filter((other) => other.startsWith(`${name}.`) && other.endsWith('.part'));
    await Promise.all(left.map((other) => rm(join(folder, other), { force: true })));
  }
}

/**
 * Files in an S3-compatible bucket. Uploads are written to a local spool file first (an export's size is not known
 * until it ends, and a single signed PUT needs it), then sent with one PUT; reads stream the GET response.
 */
export class S3FileStore extends FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly spool: LocalFileStore,
  ) {
    super();
  }

  async create(key: string): Promise<FileUpload> {
    const spoolKey = `spool/${safeKey(key)}`;
    const local = await this.spool.create(spoolKey);
    return {
      stream: local.stream,
      commit: async () => {
        const { bytes } = await local.commit();
        try {
          await this.client.put(key, await this.spool.read(spoolKey), bytes);
        } finally {
          await this.spool.remove(spoolKey);
        }
        return { bytes };
      },
      abort: () => local.abort(),
    };
  }

  async read(key: string): Promise<Readable> {
    return this.client.get(safeKey(key));
  }

  size(key: string): Promise<number | null> {
    return this.client.head(safeKey(key));
  }

  remove(key: string): Promise<void> {
    return this.client.delete(safeKey(key));
  }
}

export function createFileStore(environment: Environment): FileStore {
  const local = new LocalFileStore(environment.DATA_DIR);
  if (!environment.S3_BUCKET) return local;
  if (!environment.S3_ACCESS_KEY_ID || !environment.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.');
  }
  const client = new S3Client({
    bucket: environment.S3_BUCKET,
    endpoint: environment.S3_ENDPOINT ?? `https://s3.${environment.S3_REGION}.amazonaws.com`,
    region: environment.S3_REGION,
    accessKeyId: environment.S3_ACCESS_KEY_ID,
    secretAccessKey: environment.S3_SECRET_ACCESS_KEY,
    pathStyle: environment.S3_FORCE_PATH_STYLE,
  });
  return new S3FileStore(client, new LocalFileStore(join(environment.DATA_DIR, 'tmp')));
}

/** Copies a readable into an upload and keeps it: for small files written in one go. */
export async function storeFile(store: FileStore, key: string, body: Readable | string | Buffer): Promise<{ bytes: number }> {
  const upload = await store.create(key);
  try {
    await pipeline(typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([body]) : body, upload.stream);
    return await upload.commit();
  } catch (error) {
    await upload.abort();
    throw error;
  }
}

import type { Environment } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, fsync as fsyncCallback, readFileSync, type WriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, truncate } from 'node:fs/promises';
import { hostname } from 'node:os';
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
 * A file written so that another process can go on with it after this one died: what `sync` answered stays in the
 * part when the writer is killed. `resume` starts it again from the bytes an earlier writer committed.
 */
export interface ResumableUpload extends FileUpload {
  /** Bytes kept from the earlier writer's part (0: the file starts empty). */
  readonly offset: number;
  /**
   * Waits until every write made before the call is safe from the writer's death and answers the part's length up
   * to them (writes made after the call are not counted, even if they finish first), and where that holds: `scope`
   * null when the bytes are on disk (fsync), else the machine's current boot — the bytes are in its page cache, which
   * outlives a killed process but not a reboot, and only a writer on that machine and boot can go on from them.
   */
  sync(): Promise<CommittedPart>;
  /** Stops writing and keeps the part for a later resume (a failed attempt that will be retried). */
  close(): Promise<void>;
}

/** What a sync of a resumable upload answers: the bytes committed and where they hold (see ResumableUpload.sync). */
export interface CommittedPart {
  bytes: number;
  scope: string | null;
}

/** Where an earlier writer's part stands: its key and what its last sync answered. */
export interface ResumeFrom extends CommittedPart {
  key: string;
}

/**
 * Where finished files (exports today) are kept. Keys are relative paths like "exports/<user>/<job>.csv".
 * The default keeps them on the local disk under DATA_DIR; S3-compatible storage when S3_BUCKET is set.
 */
export abstract class FileStore {
  abstract create(key: string): Promise<FileUpload>;
  /**
   * A resumable upload of `key`: with `from`, it starts as the first `from.bytes` bytes of that writer's part (which
   * goes), or empty when the part is missing or shorter (another machine's spool, a swept folder) or its bytes do not
   * hold here (another machine or boot): `offset` says which.
   */
  abstract resume(key: string, from?: ResumeFrom): Promise<ResumableUpload>;
  abstract read(key: string): Promise<Readable>;
  abstract size(key: string): Promise<number | null>;
  abstract remove(key: string): Promise<void>;
  /**
   * A link the browser can download the file from without passing through the API (S3: presigned), valid `seconds`;
   * null where the API must stream it itself (the local disk).
   */
  downloadUrl(_key: string, _fileName: string, _seconds: number, _contentType?: string): Promise<string | null> {
    return Promise.resolve(null);
  }
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
  /** This machine's boot (Linux), where written bytes outlive a killed process without an fsync; null elsewhere. */
  private readonly boot: string | null;

  constructor(root: string, boot: string | null = currentBoot()) {
    super();
    this.root = resolve(root);
    this.boot = boot;
  }

  private path(key: string): string {
    const path = resolve(this.root, safeKey(key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid file key: ${key}`);
    return path;
  }

  async create(key: string): Promise<FileUpload> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const { stream, commit, abort } = partFileUpload(`${path}.${randomUUID()}.part`, path);
    return { stream, commit, abort };
  }

  /**
   * The part of a resumable upload has a fixed name (`<key>.resume.part`), so the next attempt finds it; remove(key)
   * removes it like any temporary file of the key. The earlier part is copied, never renamed: a writer frozen past
   * its lock may still hold it open and append, and must not write into this one.
   */
  async resume(key: string, from?: ResumeFrom): Promise<ResumableUpload> {
    const path = this.path(key);
    const part = `${path}.resume.part`;
    await mkdir(dirname(path), { recursive: true });
    let offset = 0;
    if (from && (from.scope === null || from.scope === this.boot)) {
      const earlier = `${this.path(from.key)}.resume.part`;
      const size = await stat(earlier).then((info) => info.size, () => -1);
      if (size >= from.bytes && earlier !== part) {
        await copyFile(earlier, part);
        // What the earlier writer wrote after its last commit is cut off: the caller writes it again.
        await truncate(part, from.bytes);
        offset = from.bytes;
        await rm(earlier, { force: true });
      }
    }
    const upload = partFileUpload(part, path, offset > 0 ? 'a' : 'w');
    const { stream } = upload;
    return {
      stream,
      offset,
      sync: async () => {
        // The bytes given to the stream so far: written, or buffered and being written (strings count as their UTF-8
        // bytes). The writer may go on writing while this waits for them: later bytes are not counted.
        const bytes = offset + stream.bytesWritten + stream.writableLength;
        // Handed to the kernel, they outlive this process; an fsync (tens of ms on a busy disk, and the export's
        // lost work grows with it) only where the boot cannot be told.
        await flushed(stream);
        if (this.boot === null) await fsyncOf(stream);
        return { bytes, scope: this.boot };
      },
      close: async () => {
        if (!stream.writableFinished) stream.end();
        await upload.closed.catch(() => undefined);
      },
      commit: upload.commit,
      abort: upload.abort,
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

/** The machine and boot this process runs on (Linux: the kernel's boot id), or null where it cannot be told. */
function currentBoot(): string | null {
  try {
    return `${hostname()}/${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}`;
  } catch {
    return null;
  }
}

/** Resolves once every write given to the stream so far has been handed to the file (and perhaps later ones too). */
const flushed = (stream: WriteStream) =>
  new Promise<void>((done, fail) => {
    stream.write(Buffer.alloc(0), (error) => (error ? fail(error) : done()));
  });

async function fsyncOf(stream: WriteStream): Promise<void> {
  const fd = (stream as WriteStream & { fd: number | null }).fd;
  if (typeof fd !== 'number') return; // nothing written yet: the file is still being opened
  await new Promise<void>((done, fail) => fsyncCallback(fd, (error) => (error ? fail(error) : done())));
}

/**
 * Files in an S3-compatible bucket. Uploads are written to a local spool file first (an export's size is not known
 * until it ends, and a resumed export goes on from its spooled part), then sent in one PUT or a multipart upload
 * (s3-client.ts); reads stream the GET response.
 */
export class S3FileStore extends FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly spool: LocalFileStore,
    /** S3_PRESIGNED_DOWNLOADS: false when browsers cannot reach the bucket, so the API streams downloads itself. */
    private readonly presignedDownloads = true,
  ) {
    super();
  }

  async create(key: string): Promise<FileUpload> {
    const spoolKey = `spool/${safeKey(key)}`;
    const local = await this.spool.create(spoolKey);
    return {
      stream: local.stream,
      commit: this.sendOnCommit(key, spoolKey, () => local.commit()),
      abort: () => local.abort(),
    };
  }

  /** Commits the spooled file, then puts it in the bucket under `key`; the spool's copy goes either way. */
  private sendOnCommit(key: string, spoolKey: string, commitSpool: () => Promise<{ bytes: number }>): () => Promise<{ bytes: number }> {
    return async () => {
      const { bytes } = await commitSpool();
      try {
        await this.client.put(key, await this.spool.read(spoolKey), bytes);
      } finally {
        await this.spool.remove(spoolKey);
      }
      return { bytes };
    };
  }

  /**
   * A resumable upload goes through the local spool as any other, and its part stays there: a retry on the same
   * machine resumes it; one on another machine finds no part and starts again (offset 0).
   */
  async resume(key: string, from?: ResumeFrom): Promise<ResumableUpload> {
    const spoolKey = `spool/${safeKey(key)}`;
    const local = await this.spool.resume(spoolKey, from && { ...from, key: `spool/${safeKey(from.key)}` });
    return {
      ...local,
      stream: local.stream,
      offset: local.offset,
      commit: this.sendOnCommit(key, spoolKey, () => local.commit()),
    };
  }

  async read(key: string): Promise<Readable> {
    return this.client.get(safeKey(key));
  }

  size(key: string): Promise<number | null> {
    return this.client.head(safeKey(key));
  }

  /** Removes the object and any part a resumable upload of it left in the spool. */
  async remove(key: string): Promise<void> {
    await this.client.delete(safeKey(key));
    await this.spool.remove(`spool/${safeKey(key)}`);
  }

  override downloadUrl(key: string, fileName: string, seconds: number, contentType?: string): Promise<string | null> {
    if (!this.presignedDownloads) return Promise.resolve(null);
    return this.client.presignedDownload(safeKey(key), fileName, seconds, contentType);
  }
}

export function createFileStore(environment: Environment): FileStore {
  const local = new LocalFileStore(environment.DATA_DIR);
  if (!environment.S3_BUCKET) return local;
  // Without a key pair the AWS SDK's default chain finds credentials (instance or task role, AWS_* variables, profiles).
  const client = new S3Client({
    bucket: environment.S3_BUCKET,
    endpoint: environment.S3_ENDPOINT,
    region: environment.S3_REGION,
    accessKeyId: environment.S3_ACCESS_KEY_ID,
    secretAccessKey: environment.S3_SECRET_ACCESS_KEY,
    pathStyle: environment.S3_FORCE_PATH_STYLE,
  });
  return new S3FileStore(client, new LocalFileStore(join(environment.DATA_DIR, 'tmp')), environment.S3_PRESIGNED_DOWNLOADS);
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

/** A write stream into the temporary file `part`, which becomes `path` on commit and is removed on abort. */
function partFileUpload(part: string, path: string, flags: 'w' | 'a' = 'w') {
  const stream = createWriteStream(part, { flags });
  const closed = new Promise<void>((done, fail) => {
    stream.once('close', done);
    stream.once('error', fail);
  });
  return {
    stream,
    closed,
    commit: async () => {
      if (!stream.writableFinished) stream.end();
      await closed;
      await rename(part, path);
      return { bytes: (await stat(path)).size };
    },
    abort: async () => {
      stream.destroy();
      await closed.catch(() => undefined);
      await rm(part, { force: true });
    },
  };
}

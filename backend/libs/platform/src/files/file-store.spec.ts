import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStore, S3FileStore } from './file-store.js';
import { FakeS3 } from '../../../../../infra/test/fake-s3.js';
import { S3Client } from './s3-client.js';

describe('LocalFileStore', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'serpwise-file-store-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gives two writers of one key a temporary file each: the key ends up holding one whole file', async () => {
    const store = new LocalFileStore(root);
    const first = await store.create('exports/u/job.csv');
    const second = await store.create('exports/u/job.csv');
    first.stream.write('first,'.repeat(1000));
    second.stream.write('second\n');
    await second.commit();
    first.stream.write('more');
    await first.commit();
    expect(readFileSync(join(root, 'exports/u/job.csv'), 'utf8')).toBe(`${'first,'.repeat(1000)}more`);
    expect(readdirSync(join(root, 'exports/u'))).toEqual(['job.csv']);
  });

  it('removes with a key the temporary file a killed writer left, and nothing of other keys', async () => {
    const store = new LocalFileStore(root);
    const killed = await store.create('exports/u/job.1.csv');
    killed.stream.write('half');
    const other = await store.create('exports/u/job.2.csv');
    other.stream.end('whole');
    await other.commit();
    // Closed but never committed or aborted: what a writer killed mid-write leaves.
    await new Promise((resolve) => killed.stream.end(resolve));
    await store.remove('exports/u/job.1.csv');
    expect(readdirSync(join(root, 'exports/u'))).toEqual(['job.2.csv']);
  });

  it('resumes a part from the bytes the earlier writer synced, whatever it wrote after, and publishes the whole file', async () => {
    const store = new LocalFileStore(root, 'host/boot-1');
    const first = await store.resume('exports/u/job.1.csv');
    expect(first.offset).toBe(0);
    first.stream.write('header\n');
    first.stream.write('row 1\n');
    const committed = await first.sync();
    expect(committed).toEqual({ bytes: 13, scope: 'host/boot-1' });
    // Written after the commit, then killed: the next writer writes these rows again.
    first.stream.write('row 2 (half');
    await first.close();

    const second = await store.resume('exports/u/job.2.csv', { key: 'exports/u/job.1.csv', ...committed });
    expect(second.offset).toBe(13);
    second.stream.write('row 2\n');
    expect(await second.sync()).toEqual({ bytes: 19, scope: 'host/boot-1' });
    second.stream.end();
    expect(await second.commit()).toEqual({ bytes: 19 });
    expect(readFileSync(join(root, 'exports/u/job.2.csv'), 'utf8')).toBe('header\nrow 1\nrow 2\n');
    // The earlier part was taken over: nothing else is left.
    expect(readdirSync(join(root, 'exports/u'))).toEqual(['job.2.csv']);
  });

  it('starts a resumed part empty when the earlier part is missing, shorter than its commit, or committed in another boot', async () => {
    const store = new LocalFileStore(root, 'host/boot-1');
    const short = await store.resume('exports/u/job.1.csv');
    short.stream.write('abc');
    const { scope } = await short.sync();
    await short.close();
    const longer = await store.resume('exports/u/job.2.csv', { key: 'exports/u/job.1.csv', bytes: 10, scope });
    expect(longer.offset).toBe(0);
    await longer.abort();
    // After a reboot (or on another machine) bytes that were only in the page cache may be gone: not trusted.
    const rebooted = await new LocalFileStore(root, 'host/boot-2').resume('exports/u/job.4.csv', { key: 'exports/u/job.1.csv', bytes: 3, scope });
    expect(rebooted.offset).toBe(0);
    await rebooted.abort();
    // Without a boot to tell, a sync reaches the disk (fsync): its bytes hold anywhere.
    const durable = await new LocalFileStore(root, null).resume('exports/u/job.5.csv', { key: 'exports/u/job.1.csv', bytes: 3, scope: null });
    expect(durable.offset).toBe(3);
    await durable.close();
    const missing = await store.resume('exports/u/job.3.csv', { key: 'exports/u/job.9.csv', bytes: 3, scope: null });
    expect(missing.offset).toBe(0);
    missing.stream.write('new');
    await missing.commit();
    expect(readFileSync(join(root, 'exports/u/job.3.csv'), 'utf8')).toBe('new');
    // A kept part goes with its key (job.1's was taken over by job.5, whose part is still being written).
    await store.remove('exports/u/job.5.csv');
    expect(readdirSync(join(root, 'exports/u'))).toEqual(['job.3.csv']);
  });

  it('counts in a sync the bytes written before it, not those the writer goes on with meanwhile', async () => {
    const store = new LocalFileStore(root);
    const part = await store.resume('exports/u/job.1.csv');
    part.stream.write('é'.repeat(1000)); // 2,000 bytes
    const synced = part.sync();
    for (let chunk = 0; chunk < 20; chunk += 1) part.stream.write('x'.repeat(50_000));
    expect((await synced).bytes).toBe(2_000);
    part.stream.end();
    expect(await part.commit()).toEqual({ bytes: 1_002_000 });
  });
});

describe('S3FileStore', () => {
  let root: string;
  let s3: FakeS3;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'serpwise-s3-spool-'));
    // The bucket at its HTTP boundary (infra/test/fake-s3.ts).
    s3 = await FakeS3.start('files');
  });
  afterEach(async () => {
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const store = () => {
    const client = new S3Client({ bucket: 'files', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: 'secret', pathStyle: true });
    return new S3FileStore(client, new LocalFileStore(root));
  };
  const spooled = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  it('sends a new file and a resumed one to the bucket when committed, and leaves nothing in the spool', async () => {
    const created = await store().create('exports/a.csv');
    created.stream.write('a,b\n1,2\n');
    expect(await created.commit()).toEqual({ bytes: 8 });
    const resumed = await store().resume('exports/b.csv');
    resumed.stream.write('x\n');
    expect(await resumed.commit()).toEqual({ bytes: 2 });
    expect([...s3.objects].map(([key, body]) => [key, body.toString()])).toEqual([
      ['exports/a.csv', 'a,b\n1,2\n'],
      ['exports/b.csv', 'x\n'],
    ]);
    expect(spooled()).toEqual([]);
  });

  it('offers a presigned download where the local disk offers none', async () => {
    expect(await new LocalFileStore(root).downloadUrl('exports/a.csv', 'a.csv', 60)).toBeNull();
    expect(await store().downloadUrl('exports/a.csv', 'a.csv', 60)).toMatch(new RegExp(`^${s3.endpoint}/files/exports/a\\.csv\\?.*X-Amz-Signature=`));
  });
});

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStore } from './file-store.js';

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
});

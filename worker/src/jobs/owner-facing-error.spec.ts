import { describe, expect, it } from '@jest/globals';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerFacingErrorText, serverProblemSentence } from './owner-facing-error.js';

describe('ownerFacingErrorText', () => {
  it('keeps our own sentences as they are', () => {
    expect(ownerFacingErrorText(new Error('No row could be imported: the file has no rows after its header.'))).toBe('No row could be imported: the file has no rows after its header.');
    expect(ownerFacingErrorText('plain words')).toBe('plain words');
  });

  it('says a server problem in plain words for a failed system call, never the path it names', async () => {
    // The fault of the by-hand check: the owner's export folder is a file.
    const place = join(tmpdir(), `owner-facing-${process.pid}`);
    await writeFile(place, 'not a folder');
    try {
      const error = await mkdir(place).catch((caught: unknown) => caught);
      expect(String((error as Error).message)).toContain(place);
      expect(ownerFacingErrorText(error)).toBe(serverProblemSentence);
    } finally {
      await rm(place, { force: true });
    }
  });

  it('says a server problem for a PostgreSQL error', () => {
    const error = Object.assign(new Error('relation "backlink" does not exist'), { severity: 'ERROR', code: '42P01' });
    expect(ownerFacingErrorText(error)).toBe(serverProblemSentence);
  });
});

import { describe, expect, it } from '@jest/globals';
import { readTextFile } from './text-file';

describe('readTextFile', () => {
  it('reads a keyword list Excel saved on Windows (Windows-1252) with its letters', async () => {
    // "brötchen\nstraße\n" in Windows-1252: ö is 0xF6, ß is 0xDF.
    const file = new File([new Uint8Array([0x62, 0x72, 0xf6, 0x74, 0x63, 0x68, 0x65, 0x6e, 0x0a, 0x73, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x0a])], 'keywords.csv');
    expect(await readTextFile(file)).toBe('brötchen\nstraße\n');
  });

  it('reads UTF-8 as UTF-8', async () => {
    expect(await readTextFile(new File(['bäckerei, €\n'], 'keywords.txt'))).toBe('bäckerei, €\n');
  });
});

import { describe, expect, it } from '@jest/globals';
import { decodeTextFile, TextFileDecoder } from './text-decoding.js';

const decodeInChunks = (chunks: number[][]) => {
  const decoder = new TextFileDecoder();
  return chunks.map((chunk) => decoder.decode(new Uint8Array(chunk))).join('') + decoder.end();
};
const utf8 = (text: string) => [...new TextEncoder().encode(text)];

describe('TextFileDecoder', () => {
  it('reads UTF-8, a character split between two chunks included, and drops its byte-order mark', () => {
    const bytes = [0xef, 0xbb, 0xbf, ...utf8('keyword\nbrötchen €\n')];
    const split = bytes.indexOf(0xc3) + 1;
    expect(decodeInChunks([bytes.slice(0, split), bytes.slice(split)])).toBe('keyword\nbrötchen €\n');
  });

  it('reads bytes that are not UTF-8 as Windows-1252 (Excel on Windows), after ASCII chunks too', () => {
    // "brötchen €5" in Windows-1252: ö is 0xF6, € is 0x80 (not Latin-1's control character).
    expect(decodeInChunks([utf8('Keyword;CPC\n'), [0x62, 0x72, 0xf6, 0x74, 0x63, 0x68, 0x65, 0x6e, 0x3b, 0x80, 0x35, 0x0a]])).toBe('Keyword;CPC\nbrötchen;€5\n');
  });

  it('reads UTF-16 by its byte-order mark, little- and big-endian', () => {
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, 0x4b, 0x00, 0xf6, 0x00]))).toBe('Kö');
    expect(decodeTextFile(new Uint8Array([0xfe, 0xff, 0x00, 0x4b, 0x00, 0xf6]))).toBe('Kö');
  });

  it('keeps UTF-8 that turns bad further on as UTF-8, the bad bytes as U+FFFD', () => {
    expect(decodeInChunks([utf8('bäckerei\n'), [0x62, 0xf6, 0x0a]])).toBe('bäckerei\nb\uFFFD\n');
    expect(decodeInChunks([utf8('bäckerei'), [0xc3]])).toBe('bäckerei\uFFFD');
  });
});

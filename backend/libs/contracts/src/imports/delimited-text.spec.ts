import { describe, expect, it } from '@jest/globals';
import { DelimitedTextError, delimiterOf, parseDelimitedRecords, parseDelimitedText } from './delimited-text.js';

describe('delimited text', () => {
  it('reads the delimiter from the header line: comma, tab or semicolon', () => {
    expect([delimiterOf('a,b,c'), delimiterOf('a\tb\tc'), delimiterOf('a;b;c'), delimiterOf('a')]).toEqual([',', '\t', ';', ',']);
  });

  it('reads a whole text: BOM dropped, quoted cells across lines, doubled quotes, empty lines skipped', () => {
    expect(parseDelimitedText('\uFEFFk;v\r\n"x;""y"""; "2"\n\n"multi\nline";3')).toEqual([
      { line: 1, fields: ['k', 'v'] },
      { line: 2, fields: ['x;"y"', ' "2"'] },
      { line: 4, fields: ['multi\nline', '3'] },
    ]);
  });

  it('stops before a record that may go on in the next chunk, unless final', () => {
    expect(parseDelimitedRecords('a,b\n"c', 44, 1, false)).toEqual({ records: [{ line: 1, fields: ['a', 'b'] }], consumed: 4, line: 2 });
    expect(() => parseDelimitedRecords('a,b\n"c', 44, 1, true)).toThrow(new DelimitedTextError('The file is not valid CSV: the quoted cell that starts on line 2 is never closed.'));
  });
});

import { describe, expect, it } from '@jest/globals';
import { WrongFileError } from './import-parser.js';
import { csvRecords, parseNumber } from './text-input.js';

async function records(chunks: string[], delimiter = ',') {
  async function* text() {
    yield* chunks;
  }
  const out: { line: number; fields: string[] }[] = [];
  for await (const record of csvRecords(text(), delimiter)) out.push(record);
  return out;
}

const tricky = '\uFEFFa,b,c\r\n"x, ""y""",2,\n\n"multi\nline\r\ncell",3,"tail"after\nplain"quote,4,5\r\nlast,6,7';

describe('csvRecords', () => {
  it('reads quoted cells, doubled quotes, multi-line cells, CRLF, empty lines and stray quotes, with the line each record starts on', async () => {
    expect(await records([tricky])).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, "y"', '2', ''] },
      { line: 4, fields: ['multi\nline\r\ncell', '3', 'tailafter'] },
      { line: 7, fields: ['plain"quote', '4', '5'] },
      { line: 8, fields: ['last', '6', '7'] },
    ]);
  });

  it('gives the same records however the text is cut into chunks', async () => {
    const whole = await records([tricky]);
    for (let cut = 1; cut < tricky.length; cut++) expect(await records([tricky.slice(0, cut), tricky.slice(cut)])).toEqual(whole);
    expect(await records([...tricky])).toEqual(whole);
  });

  it('refuses a quoted cell that never closes', async () => {
    await expect(records(['a,b\n"open,1\n2,3\n'])).rejects.toThrow(new WrongFileError('The file is not valid CSV: the quoted cell that starts on line 2 is never closed.'));
  });

  it('reads tab-separated text', async () => {
    expect(await records(['k\tv\nx\t"1\t2"\n'], '\t')).toEqual([{ line: 1, fields: ['k', 'v'] }, { line: 2, fields: ['x', '1\t2'] }]);
  });
});

describe('parseNumber', () => {
  it('reads numbers as tools write them', () => {
    expect([parseNumber(''), parseNumber(' -- '), parseNumber('64.37%'), parseNumber('10,720,000,000'), parseNumber('1,27'), parseNumber('1.234,5'), parseNumber('12')]).toEqual([null, null, 64.37, 10_720_000_000, 1.27, 1234.5, 12]);
    expect(parseNumber('two')).toBeNaN();
  });
});

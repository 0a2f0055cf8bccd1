import { describe, expect, it } from '@jest/globals';
import { decideNumberStyles, parseNumber, styleOfCell } from './number-style.js';

describe('parseNumber', () => {
  it("reads the English style as every file was read before (the 'point' default)", () => {
    expect(['', ' -- ', '64.37%', '10,720,000,000', '1,27', '1.234,5', '12', '1,234', '1.900', '0.45'].map((text) => parseNumber(text)))
      .toEqual([null, null, 64.37, 10_720_000_000, 1.27, 1234.5, 12, 1234, 1.9, 0.45]);
    expect(parseNumber('two')).toBeNaN();
  });

  it("reads the German, Dutch, Spanish … style: '.' between thousands, ',' before decimals", () => {
    expect(['1.900', '1.234,56', '0,45', '12,5 %', '4,2 %', '3,7', '12.345.678', '-1.500', '0.450', '2.5'].map((text) => parseNumber(text, 'comma')))
      .toEqual([1900, 1234.56, 0.45, 12.5, 4.2, 3.7, 12_345_678, -1500, 0.45, 2.5]);
  });

  it('reads spaces, no-break spaces and narrow no-break spaces between thousands (French)', () => {
    expect(['1 900', '12\u00a0345', '1\u202f234,5', '12,5\u202f%', '1\u2009000'].map((text) => parseNumber(text, 'comma'))).toEqual([1900, 12345, 1234.5, 12.5, 1000]);
    expect(parseNumber('1\u202f234.5', 'point')).toBe(1234.5);
  });

  it('keeps unknown unknown: blank, dashes and the em dash are null, never 0', () => {
    expect(['', ' ', '-', '--', '—', '–', '""'].map((text) => parseNumber(text, 'comma'))).toEqual([null, null, null, null, null, null, null]);
    // "n/a" as SEO tools write it, and Excel's "#N/A" in a sheet saved as CSV.
    expect(['n/a', 'N/A', ' NA ', '#N/A'].map((text) => parseNumber(text))).toEqual([null, null, null, null]);
  });

  it('refuses separators that fit no style', () => {
    expect(parseNumber('1.23.4', 'comma')).toBeNaN();
    expect(parseNumber('1,234.5,6', 'point')).toBeNaN();
    expect(parseNumber('12,34,567', 'point')).toBeNaN();
  });
});

describe('styleOfCell', () => {
  it('reads the style off cells that show it, and nothing off those that read the same either way', () => {
    expect([
      styleOfCell('1.234,56', 'decimal'), styleOfCell('1,234.56', 'decimal'), styleOfCell('0,45', 'decimal'), styleOfCell('3.7', 'decimal'),
      styleOfCell('12.345.678', 'count'), styleOfCell('1,234,567', 'count'), styleOfCell('12,5 %', 'decimal'), styleOfCell('0,450', 'decimal'),
    ]).toEqual(['comma', 'point', 'comma', 'point', 'comma', 'point', 'comma', 'comma']);
    // One separator before exactly three digits: thousands in a column of counts, unknown elsewhere.
    expect([styleOfCell('1.900', 'count'), styleOfCell('1,900', 'count'), styleOfCell('1.900', 'decimal'), styleOfCell('1,900', 'decimal')])
      .toEqual(['comma', 'point', null, null]);
    expect([styleOfCell('1900', 'count'), styleOfCell('1 900', 'count'), styleOfCell('-', 'count'), styleOfCell('High', 'decimal')]).toEqual([null, null, null, null]);
  });
});

describe('decideNumberStyles', () => {
  it("gives each column its own cells' style, else the file's, else the header language's, else English", () => {
    expect(decideNumberStyles([
      { kind: 'count', values: ['1.900', '880', '12.100'] },
      { kind: 'decimal', values: ['1.250', '2.000'] },
    ])).toEqual(['comma', 'comma']);
    expect(decideNumberStyles([{ kind: 'decimal', values: ['1.250'] }, { kind: 'count', values: ['12'] }], 'comma')).toEqual(['comma', 'comma']);
    expect(decideNumberStyles([{ kind: 'decimal', values: ['1.250'] }])).toEqual(['point']);
    // Columns that show different styles keep their own (a tool that writes volumes one way and CPCs another).
    expect(decideNumberStyles([{ kind: 'count', values: ['1.900'] }, { kind: 'decimal', values: ['0.45', '1.20'] }])).toEqual(['comma', 'point']);
    // The cells outvote the header's language.
    expect(decideNumberStyles([{ kind: 'count', values: ['1,900', '2,400'] }], 'comma')).toEqual(['point']);
  });
});

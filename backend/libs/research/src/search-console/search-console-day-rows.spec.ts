import { describe, expect, it } from '@jest/globals';
import { copyLine } from '../demo-market/copy-text.js';
import { SearchConsoleDayRows } from './search-console-day-rows.js';

describe('SearchConsoleDayRows', () => {
  it("writes each row as search_console_row's COPY line, escaping what Google's text may hold", () => {
    const rows = new SearchConsoleDayRows('42', '2026-10-01');
    const added: [string, string, string, string, number, number, number][] = [
      ['seo tools', 'https://example.com/', 'usa', 'DESKTOP', 3, 120, 4.25],
      ['tab\there back\\slash', 'https://example.com/a\nb', 'gbr', 'MOBILE', 0, 1, 1],
      ['ünïcode ✓', 'https://example.com/ü', 'deu', 'TABLET', 2_147_483_648, 7, 12.5],
    ];
    for (const row of added) rows.add(...row);
    expect(rows.count).toBe(3);
    expect(Buffer.concat(rows.copyText()).toString('utf8')).toBe(added.map((row) => copyLine([42, '2026-10-01', ...row])).join(''));
  });

  it('hands over its text in chunks, every row whole, and gives the same text when asked again', () => {
    const rows = new SearchConsoleDayRows('7', '2025-07-31', 256);
    for (let index = 0; index < 100; index++) rows.add(`query ${index}`, `https://example.com/${index}`, 'usa', 'MOBILE', index, index * 10, 1.5);
    const chunks = rows.copyText();
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.toString('utf8').endsWith('\n')).toBe(true);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[99]).toBe('7\t2025-07-31\tquery 99\thttps://example.com/99\tusa\tMOBILE\t99\t990\t1.5');
    expect(Buffer.concat(rows.copyText()).toString('utf8')).toBe(Buffer.concat(chunks).toString('utf8'));
  });

  it('refuses a property id or a day that would not be what the text says', () => {
    expect(() => new SearchConsoleDayRows('4; drop table x', '2026-10-01')).toThrow('Not a Search Console property id');
    expect(() => new SearchConsoleDayRows('4', "2026-10-01'")).toThrow('Not a day');
  });
});

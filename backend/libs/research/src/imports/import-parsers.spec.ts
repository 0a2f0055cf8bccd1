import { describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { WrongFileError, type ParsedItem } from './import-parser.js';
import { importParsers } from './import-parsers.js';

const fixtures = fileURLToPath(new URL('../../../../../../shared/fixtures/', import.meta.url));
const fixture = (path: string) => createReadStream(fixtures + path);

async function* bytes(...chunks: (Uint8Array | string)[]) {
  for (const chunk of chunks) yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
}

async function collect(items: AsyncIterable<ParsedItem>) {
  const rows: (WarehouseRow & { line: number })[] = [];
  const problems: { line: number; problem: string }[] = [];
  for await (const item of items) {
    if (item.row) rows.push({ line: item.line, ...item.row });
    else problems.push({ line: item.line, problem: item.problem });
  }
  return { rows, problems };
}

/** The Search Console export folder as the ZIP Search Console downloads (built in memory; the fixture stays where it is). */
const gscZip = () => zipSync(Object.fromEntries(readdirSync(fixtures + 'gsc-export').map((name) => [name, new Uint8Array(readFileSync(fixtures + 'gsc-export/' + name))])));

describe('Search Console export', () => {
  it('reads every query of the ZIP, multi-line quoted cells and CTR as text included, on the last day of its range, for the site of its pages', async () => {
    const { rows, problems } = await collect(importParsers.gsc(bytes(gscZip()), { territory: 'US' }, 'stupski.zip'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1000);
    expect(rows[0]).toEqual({ line: 2, keyword: 'stupski foundation', territory: 'US', date: '2026-03-31', position: 1, url: 'https://stupski.org/', clicks: 627, impressions: 974 });
    // A quoted query over several lines (with doubled quotes) starts on line 39 and lands as one keyword.
    const long = rows.find((row) => row.line === 39)!;
    expect(long.keyword).toContain('what\'s a false statement about online time? a. blue light from devices can \nmake it hard to sleep');
    expect(long).toMatchObject({ position: 11, clicks: 0, impressions: 1236 });
    expect(rows.filter((row) => row.keyword.includes('\n'))).toHaveLength(new Set(rows.filter((row) => row.keyword.includes('\n')).map((row) => row.line)).size);
  });

  it('reads the queries CSV alone when the user names the site and the date', async () => {
    const { rows } = await collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'UK', domain: 'www.Stupski.org', date: '2026-03-31' }, 'Queries.csv'));
    expect(rows).toHaveLength(1000);
    expect(rows[1]).toMatchObject({ keyword: 'glen galaich', territory: 'UK', url: 'https://stupski.org/', position: 1, clicks: 139 });
  });

  it('reads translated headers and file names', async () => {
    const zip = zipSync({
      'Suchanfragen.csv': new TextEncoder().encode('\uFEFFHäufigste Suchanfragen,Klicks,Impressionen,CTR,Position\nbeispiel suche,12,100,"12,00 %","2,6"\n'),
      'Seiten.csv': new TextEncoder().encode('Häufigste Seiten,Klicks,Impressionen,CTR,Position\nhttps://www.beispiel.de/a,12,100,12%,2.6\n'),
      'Filter.csv': new TextEncoder().encode('Filter,Wert\nDatum,2026-02-01 - 2026-02-28\n'),
    });
    const { rows } = await collect(importParsers.gsc(bytes(zip), { territory: 'DE' }, 'export.zip'));
    expect(rows).toEqual([{ line: 2, keyword: 'beispiel suche', territory: 'DE', date: '2026-02-28', position: 3, url: 'https://www.beispiel.de/', clicks: 12, impressions: 100 }]);
  });

  it('takes the last day of the daily table when Filters names no dates, and the site the user gives', async () => {
    const zip = zipSync({
      'Queries.csv': new TextEncoder().encode('Top queries,Clicks,Impressions,CTR,Position\nsome query,1,10,10%,4.5\n'),
      'Dates.csv': new TextEncoder().encode('Date,Clicks,Impressions,CTR,Position\n2026-06-30,1,5,20%,4\n2026-07-02,0,5,0%,5\n2026-07-01,0,0,0%,0\n'),
      'Filters.csv': new TextEncoder().encode('Filter,Value\nDate,Last 3 months\n'),
    });
    const { rows } = await collect(importParsers.gsc(bytes(zip), { territory: 'US', domain: 'Example.org' }, 'export.zip'));
    expect(rows).toEqual([{ line: 2, keyword: 'some query', territory: 'US', date: '2026-07-02', position: 5, url: 'https://example.org/', clicks: 1, impressions: 10 }]);
  });

  it('refuses a file that is not a Search Console export, and a queries CSV without its site', async () => {
    await expect(collect(importParsers.gsc(fixture('serp/search_results.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'US', date: '2026-03-31' }, 'Queries.csv')))
      .rejects.toThrow('The export does not say which site it is about (no Pages.csv): give the site\'s domain.');
  });
});

describe('Keyword Planner download', () => {
  it('reads the UTF-16LE, tab-separated file after its two preamble lines, with empty cells and Unknown competition', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/Keyword Stats.csv'), { territory: 'ES' }, 'Keyword Stats.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(2214);
    expect(rows[0]).toEqual({ line: 4, keyword: 'cambio aceite', territory: 'ES', date: '2021-09-01', volume: 10, volumeHistory: [0, 10, 0, 10, 10, 0, 0, 0, 10, 0, 0, 0], competition: null, cpc: null });
    expect(rows.find((row) => row.keyword === 'taller mecanico')).toMatchObject({ volume: 50, competition: 0.04, volumeHistory: [30, 40, 30, 40, 20, 30, 30, 140, 50, 40, 50, 90] });
    expect(rows.filter((row) => row.competition !== null)).toHaveLength(106);
    // The last keyword has no numbers at all.
    expect(rows.at(-1)).toMatchObject({ keyword: 'reparar cristal estrellado auto', volume: null, volumeHistory: null });
  });

  it('refuses a CSV that is not a Keyword Planner download', async () => {
    await expect(collect(importParsers['keyword-planner'](fixture('semrush/organic-positions.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not a Google Ads Keyword Planner download');
  });
});

describe('Organic Positions export', () => {
  it('reads all 701 rows with their numbers, the 10,720,000,000 results count and the day of each row', async () => {
    const { rows, problems } = await collect(importParsers['organic-positions'](fixture('semrush/organic-positions.csv'), { territory: 'US' }, 'organic-positions.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(701);
    expect(rows[0]).toEqual({
      line: 2, keyword: 'honey and salt pre workout', territory: 'US', date: '2023-09-09', position: 1,
      url: 'https://example.com/blog/natural-pre-workout-honey-and-salt-nao-medical/', volume: 2900, difficulty: 18, cpc: 1.26, competition: 0.01, resultCount: 6900000,
    });
    expect(rows.find((row) => row.keyword === 'power red')).toMatchObject({ line: 342, position: 15, resultCount: 10_720_000_000 });
  });

  it('refuses a Keyword Planner file named like it', async () => {
    await expect(collect(importParsers['organic-positions'](fixture('keyword-planner/Keyword Stats.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not an Organic Positions export');
  });
});

describe('SERP file', () => {
  it('reads the Keyword/Rank/Link CSV, taking territory and date from the user', async () => {
    const { rows, problems } = await collect(importParsers.serp(fixture('serp/search_results.csv'), { territory: 'UK', date: '2026-11-01' }, 'search_results.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(200);
    expect(rows[2]).toMatchObject({ line: 4, keyword: 'language learning', territory: 'UK', date: '2026-11-01', position: 3, url: 'https://www.rosettastone.com/', title: 'Official Rosetta Stone® | How Language Is Learned' });
    expect(new Set(rows.map((row) => row.keyword)).size).toBe(20);
  });

  it('reports bad rows one by one with their line and reason, and keeps the good ones', async () => {
    const file = 'keyword,territory,date,position,url,title\n'
      + 'shoes,US,2026-10-01,1,https://shoes.test/,Shoes\n'
      + 'shoes,US,2026-10-01,two,https://boots.test/,Boots\n'
      + '"multi\nline",US,2026-10-01,3,https://multi.test/,"A ""quoted"" title"\n'
      + 'shoes,USA,2026-10-01,4,https://x.test/,X\n'
      + 'shoes,US,2026-10-01,5,not a url,X\n'
      + ',US,2026-10-01,6,https://y.test/,Y\n';
    const { rows, problems } = await collect(importParsers.serp(bytes(file), { territory: 'US' }, 'serp.csv'));
    expect(rows.map((row) => [row.line, row.keyword, row.position, row.title])).toEqual([[2, 'shoes', 1, 'Shoes'], [4, 'multi\nline', 3, 'A "quoted" title']]);
    expect(problems).toEqual([
      { line: 3, problem: 'The position "two" is not a number.' },
      { line: 6, problem: 'The territory "USA" is not a territory code.' },
      { line: 7, problem: 'The URL "not a url" is not an http(s) address of a site.' },
      { line: 8, problem: 'The keyword is empty.' },
    ]);
  });

  it('reads JSON lines', async () => {
    const file = '{"keyword":"shoes","territory":"GB","date":"2026-10-02","position":2,"url":"https://shoes.test/a","title":"A","volume":90}\n\n'
      + '{"keyword":"boots","date":"2026-10-02","position":1}\nnot json\n';
    const { rows, problems } = await collect(importParsers.serp(bytes(file), { territory: 'US' }, 'serp.jsonl'));
    expect(rows).toEqual([{ line: 1, keyword: 'shoes', territory: 'UK', date: '2026-10-02', position: 2, url: 'https://shoes.test/a', title: 'A', volume: 90, cpc: null, competition: null, difficulty: null, clicks: null, impressions: null }]);
    expect(problems).toEqual([{ line: 3, problem: 'The URL is missing.' }, { line: 4, problem: 'The line is not valid JSON.' }]);
  });

  it('refuses files that are not SERP files, naming what is missing', async () => {
    await expect(collect(importParsers.serp(fixture('semrush/organic-positions.csv'), { territory: 'US' }, 'x.csv'))).resolves.toBeDefined();
    await expect(collect(importParsers.serp(fixture('gsc-export/Queries.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not a SERP file (CSV or JSON lines with keyword, position and url): the columns keyword, url are missing (the first line reads "Top queries,Clicks,Impressions,CTR,Position").');
    await expect(collect(importParsers.serp(fixture('keyword-planner/Keyword Stats.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.serp(bytes(gscZip()), { territory: 'US' }, 'x.csv'))).rejects.toThrow('This is a ZIP archive, not a SERP file');
  });
});

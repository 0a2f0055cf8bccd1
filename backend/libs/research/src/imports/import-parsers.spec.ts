import { describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { createReadStream } from 'node:fs';
import { gscExport, gscExportZip, testDataPath } from '../../../../../infra/test/test-data.js';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { WrongFileError, type ParsedItem } from './import-parser.js';
import { importParsers } from './import-parsers.js';

const fixture = (path: string) => createReadStream(testDataPath(path));

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

const gscZip = () => new Uint8Array(gscExportZip());

describe('Search Console export', () => {
  it('reads every query of the ZIP, multi-line quoted cells and CTR as text included, on the last day of its range, for the site of its pages', async () => {
    const { rows, problems } = await collect(importParsers.gsc(bytes(gscZip()), { territory: 'UK' }, 'harrowgate-performance.zip'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(gscExport.queries);
    expect(rows[0]).toEqual({ line: 2, keyword: 'harrowgate bakehouse', territory: 'UK', date: gscExport.date, position: 1, url: gscExport.home, clicks: 412, impressions: 980 });
    // A quoted query over two lines with doubled quotes, starting on line 5; its average position 10.5 rounds to 11.
    expect(rows[3]).toEqual({
      line: 5, keyword: 'how long should "sourdough" dough proof in the fridge? a. 8 hours b. overnight\nc. up to 72 hours d. it depends on the flour',
      territory: 'UK', date: gscExport.date, position: 11, url: gscExport.home, clicks: 3, impressions: 1184,
    });
    // A query over three lines; the rows after it keep counting lines from the file.
    expect(rows.find((row) => row.line === 12)).toMatchObject({ keyword: 'which of these is true about gluten? a. it forms when flour meets water\nb. it makes dough stretchy\nc. both a and b', position: 14 });
    expect(rows.find((row) => row.line === 15)).toMatchObject({ keyword: 'harrowgate bakehouse opening hours', position: 1, clicks: 58 });
    expect(rows.filter((row) => row.keyword.includes('\n')).map((row) => row.line)).toEqual([5, 12, 24]);
    // A comma inside a quoted query, accents, and a query that starts like a CTR.
    expect(rows.map((row) => row.keyword)).toEqual(expect.arrayContaining(['bread, rye or spelt', 'pâtisserie near harrowgate', 'bäckerei harrowgate', 'the "best" croissant in town', '12.5% hydration dough']));
    expect(rows.at(-1)).toMatchObject({ line: 27, keyword: 'sourdough class', position: 2, clicks: 14, impressions: 112 });
  });

  it('reads the queries CSV alone when the user names the site and the date', async () => {
    const { rows } = await collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'US', domain: 'www.Harrowgate-Bakehouse.org', date: '2026-09-30' }, 'Queries.csv'));
    expect(rows).toHaveLength(gscExport.queries);
    expect(rows[1]).toMatchObject({ keyword: 'harrowgate bakery', territory: 'US', url: gscExport.home, position: 1, clicks: 96 });
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
    await expect(collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'US', date: '2026-09-30' }, 'Queries.csv')))
      .rejects.toThrow('The export does not say which site it is about (no Pages.csv): give the site\'s domain.');
  });
});

describe('Keyword Planner download', () => {
  it('reads the UTF-16LE, tab-separated file after its two preamble lines, with empty cells and Unknown competition', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats.csv'), { territory: 'UK' }, 'keyword-stats.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(9);
    expect(rows[0]).toEqual({
      line: 4, keyword: 'sourdough starter', territory: 'UK', date: '2026-08-01', volume: 74000,
      volumeHistory: [60500, 60500, 74000, 74000, 90500, 90500, 74000, 74000, 60500, 60500, 74000, 90500], competition: 0.41, cpc: 0.75,
    });
    // A quoted cell with a comma; 'Unknown' competition has no index; no bids, no CPC.
    expect(rows.find((row) => row.keyword === 'bread, rye or spelt')).toMatchObject({ volume: 10, competition: null, cpc: null, volumeHistory: [0, 10, 0, 10, 10, 0, 0, 0, 10, 0, 10, 20] });
    expect(rows.find((row) => row.keyword === 'levain')).toMatchObject({ volume: 1900, competition: 0.03, cpc: null });
    expect(rows.find((row) => row.keyword === 'bäckerei in der nähe')).toMatchObject({ line: 8, volume: 5400 });
    expect(rows.filter((row) => row.competition !== null)).toHaveLength(7);
    // The last keyword has no numbers at all.
    expect(rows.at(-1)).toEqual({ line: 12, keyword: 'sourdough discard pancakes', territory: 'UK', date: '2026-08-01', volume: null, volumeHistory: null, competition: null, cpc: null });
  });

  it('reads a download whose header is its first line and that has no monthly columns, on the date the user gives', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-no-title.csv'), { territory: 'US', date: '2026-07-01' }, 'keyword-stats.csv'));
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.line, row.keyword, row.volume, row.competition, row.cpc, row.volumeHistory, row.date])).toEqual([
      [2, 'croissant recipe', 49500, 0.06, 0.35, null, '2026-07-01'],
      [3, 'hot cross buns', 22200, 0.11, 0.47, null, '2026-07-01'],
      [4, 'gluten free bread', 27100, 0.52, 1.04, null, '2026-07-01'],
      [5, 'bakery near me', 1220000, 1, 1.99, null, '2026-07-01'],
    ]);
    // Without monthly columns the date must come from the user: each row says so, nothing lands.
    const undated = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-no-title.csv'), { territory: 'US' }, 'keyword-stats.csv'));
    expect(undated.rows).toEqual([]);
    expect(undated.problems).toEqual([2, 3, 4, 5].map((line) => ({ line, problem: 'The file has no monthly columns and no date was given.' })));
  });

  it('reads the comma-separated UTF-8 CSV with title lines, a quoted thousands separator and a row priced in euros', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-comma.csv'), { territory: 'US' }, 'keyword-stats.csv'));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 4, keyword: 'focaccia recipe', territory: 'US', date: '2026-10-01', volume: 1300, volumeHistory: [1000, 1300, 1300, 1300, 1600, 1600, 1300, 1300, 1300, 1000, 1000, 1300], competition: 0.04, cpc: 0.28 },
      { line: 5, keyword: 'cinnamon buns', territory: 'US', date: '2026-10-01', volume: 40500, volumeHistory: [49500, 60500, 40500, 33100, 33100, 33100, 33100, 33100, 33100, 40500, 40500, 49500], competition: 0.08, cpc: 0.4 },
      // The warehouse keeps US dollars: a CPC in euros is unknown.
      { line: 6, keyword: 'pain au chocolat', territory: 'US', date: '2026-10-01', volume: 18100, volumeHistory: Array.from({ length: 12 }, () => 18100), competition: 0.07, cpc: null },
    ]);
  });

  it('refuses a CSV that is not a Keyword Planner download', async () => {
    await expect(collect(importParsers['keyword-planner'](fixture('organic-positions/organic-positions.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not a Google Ads Keyword Planner download');
    await expect(collect(importParsers['keyword-planner'](bytes(gscZip()), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
  });
});

describe('Organic Positions export', () => {
  it('reads every row with its numbers, a results count beyond 32 bits and the day of each row', async () => {
    const { rows, problems } = await collect(importParsers['organic-positions'](fixture('organic-positions/organic-positions.csv'), { territory: 'US' }, 'organic-positions.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(16);
    expect(rows[0]).toEqual({
      line: 2, keyword: 'no-fuss sourdough starter', territory: 'US', date: '2026-08-14', position: 1,
      url: 'https://crumbandcrust.example.net/no-fuss-starter', volume: 4400, difficulty: 22, cpc: 0.85, competition: 0.12, resultCount: 1830000,
    });
    expect(rows.find((row) => row.keyword === 'rye bread')).toMatchObject({ line: 4, position: 7, resultCount: 12_400_000_000, date: '2026-08-15' });
    // Empty CPC and competition are unknown, not 0; a keyword with a comma was quoted.
    expect(rows.find((row) => row.keyword === 'dark rye vs light rye')).toMatchObject({ position: 2, cpc: null, competition: null, resultCount: 95 });
    expect(rows.find((row) => row.keyword === 'bread, rye or spelt')).toMatchObject({ line: 16, position: 12, cpc: null });
  });

  it('refuses a Keyword Planner file named like it', async () => {
    await expect(collect(importParsers['organic-positions'](fixture('keyword-planner/keyword-stats.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not an Organic Positions export');
  });
});

describe('SERP file', () => {
  it('reads the Keyword/Rank/Link CSV (CRLF, quoted titles), taking territory and date from the user', async () => {
    const { rows, problems } = await collect(importParsers.serp(fixture('serp/search_results.csv'), { territory: 'UK', date: '2026-11-01' }, 'search_results.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(30);
    expect(rows[3]).toMatchObject({ line: 5, keyword: 'sourdough starter', territory: 'UK', date: '2026-11-01', position: 4, url: 'https://crumbandcrust.example.net/no-fuss-starter', title: 'The "No-Fuss" Starter | Crumb & Crust' });
    expect(rows[5]).toMatchObject({ position: 6, title: 'Levain® Dried Starter Culture' });
    expect(rows.find((row) => row.keyword === 'wedding cake tasting' && row.position === 9)).toMatchObject({ title: 'How much is a wedding cake? (2026 prices, UK)' });
    expect(new Set(rows.map((row) => row.keyword)).size).toBe(3);
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
    await expect(collect(importParsers.serp(fixture('organic-positions/organic-positions.csv'), { territory: 'US' }, 'x.csv'))).resolves.toBeDefined();
    await expect(collect(importParsers.serp(fixture('gsc-export/Queries.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not a SERP file (CSV or JSON lines with keyword, position and url): the columns keyword, url are missing (the first line reads "Top queries,Clicks,Impressions,CTR,Position").');
    await expect(collect(importParsers.serp(fixture('keyword-planner/keyword-stats.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.serp(bytes(gscZip()), { territory: 'US' }, 'x.csv'))).rejects.toThrow('This is a ZIP archive, not a SERP file');
  });
});

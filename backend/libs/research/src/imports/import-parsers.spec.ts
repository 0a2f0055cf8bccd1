import { describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { createReadStream } from 'node:fs';
import { gscExport, gscExportZip, testDataPath } from '../../../../../infra/test/test-data.js';
import type { SiteTrafficRow } from '../warehouse/site-traffic.js';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { importDetailMissing } from '@serpwise/contracts';
import { WrongFileError, type ParsedItem } from './import-parser.js';
import { importBatchParsers, importParsers } from './import-parsers.js';

const fixture = (path: string) => createReadStream(testDataPath(path));

async function* bytes(...chunks: (Uint8Array | string)[]) {
  for (const chunk of chunks) yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
}

async function collect(items: AsyncIterable<ParsedItem>) {
  const rows: (WarehouseRow & { line: number })[] = [];
  const problems: { line: number; problem: string }[] = [];
  const traffic: (SiteTrafficRow & { line: number })[] = [];
  for await (const item of items) {
    if (item.row) rows.push({ line: item.line, ...item.row });
    else if (item.traffic) traffic.push({ line: item.line, ...item.traffic });
    else problems.push({ line: item.line, problem: item.problem });
  }
  return { rows, problems, traffic };
}

const gscZip = () => new Uint8Array(gscExportZip());

describe('Search Console export', () => {
  it('reads every query of the ZIP, multi-line quoted cells and CTR as text included, on the last day of its one-month range, for the site of its pages', async () => {
    const spreads: string[] = [];
    const { rows, problems, traffic } = await collect(importParsers.gsc(bytes(gscZip()), { territory: 'UK', onSpread: (spread) => spreads.push(spread) }, 'harrowgate-performance.zip'));
    expect(problems).toEqual([]);
    expect(spreads).toEqual(['single-month']);
    expect(rows).toHaveLength(gscExport.queries);
    // The export does not say which page ranked for a query: the site did, on a page not known.
    expect(rows[0]).toEqual({ line: 2, keyword: 'harrowgate bakehouse', territory: 'UK', date: gscExport.date, position: 1, site: gscExport.domain, clicks: 412, impressions: 980 });
    // Pages.csv: each page's own clicks, impressions and average position; Chart.csv: the whole site's month.
    expect(traffic.filter((row) => row.url !== null)).toHaveLength(6);
    expect(traffic[0]).toEqual({ line: 2, site: gscExport.domain, url: gscExport.home, territory: 'UK', month: '2026-09-01', clicks: 498, impressions: 1590, position: 1.35 });
    expect(traffic.filter((row) => row.url === null)).toEqual([expect.objectContaining({ line: 0, site: gscExport.domain, month: '2026-09-01' })]);
    // A quoted query over two lines with doubled quotes, starting on line 5; its average position 10.5 rounds to 11.
    expect(rows[3]).toEqual({
      line: 5, keyword: 'how long should "sourdough" dough proof in the fridge? a. 8 hours b. overnight\nc. up to 72 hours d. it depends on the flour',
      territory: 'UK', date: gscExport.date, position: 11, site: gscExport.domain, clicks: 3, impressions: 1184,
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
    expect(rows[1]).toMatchObject({ keyword: 'harrowgate bakery', territory: 'US', site: gscExport.domain, position: 1, clicks: 96, date: '2026-09-30' });
  });

  it('reads translated headers and file names', async () => {
    const zip = zipSync({
      'Suchanfragen.csv': new TextEncoder().encode('\uFEFFHäufigste Suchanfragen,Klicks,Impressionen,CTR,Position\nbeispiel suche,12,100,"12,00 %","2,6"\n'),
      'Seiten.csv': new TextEncoder().encode('Häufigste Seiten,Klicks,Impressionen,CTR,Position\nhttps://www.beispiel.de/a,12,100,12%,2.6\n'),
      'Filter.csv': new TextEncoder().encode('Filter,Wert\nDatum,2026-02-01 - 2026-02-28\n'),
    });
    const { rows } = await collect(importParsers.gsc(bytes(zip), { territory: 'DE' }, 'export.zip'));
    expect(rows).toEqual([{ line: 2, keyword: 'beispiel suche', territory: 'DE', date: '2026-02-28', position: 3, site: 'beispiel.de', clicks: 12, impressions: 100 }]);
  });

  it('takes the range of the daily table when Filters names no dates, and the site the user gives', async () => {
    const zip = zipSync({
      'Queries.csv': new TextEncoder().encode('Top queries,Clicks,Impressions,CTR,Position\nsome query,1,10,10%,4.5\n'),
      'Dates.csv': new TextEncoder().encode('Date,Clicks,Impressions,CTR,Position\n2026-06-30,1,5,20%,4\n2026-07-02,0,5,0%,5\n2026-07-01,0,0,0%,0\n'),
      'Filters.csv': new TextEncoder().encode('Filter,Value\nDate,Last 3 months\n'),
    });
    const { rows } = await collect(importParsers.gsc(bytes(zip), { territory: 'US', domain: 'Example.org' }, 'export.zip'));
    // 30 June – 2 July: June had the click and half the impressions, July the other half.
    expect(rows).toEqual([
      { line: 2, keyword: 'some query', territory: 'US', date: '2026-06-30', position: 5, site: 'example.org', clicks: 1, impressions: 5 },
      { line: 2, keyword: 'some query', territory: 'US', date: '2026-07-02', position: 5, site: 'example.org', clicks: 0, impressions: 5 },
    ]);
  });

  it('refuses a file that is not a Search Console export, and a queries CSV without its site', async () => {
    await expect(collect(importParsers.gsc(fixture('serp/search_results.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'US', dateFrom: '2026-09-01', dateTo: '2026-09-30' }, 'Queries.csv')))
      .rejects.toThrow(importDetailMissing('gsc', 'site'));
    await expect(collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'US', domain: 'harrowgate-bakehouse.org' }, 'Queries.csv')))
      .rejects.toThrow(importDetailMissing('gsc', 'dateRange'));
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
    // A day of the month given by an API client dates the rows on its month.
    const midMonth = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-no-title.csv'), { territory: 'US', date: '2026-07-19' }, 'keyword-stats.csv'));
    expect(new Set(midMonth.rows.map((row) => row.date))).toEqual(new Set(['2026-07-01']));
    // Without monthly columns, title lines or a month from the user, the file is refused whole with the form's words.
    await expect(collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-no-title.csv'), { territory: 'US' }, 'keyword-stats.csv')))
      .rejects.toThrow(new WrongFileError(importDetailMissing('keyword-planner', 'date')));
  });

  it('lands a keyword whose searches are a range (accounts without ad spend) with its volume unknown, never a made-up number', async () => {
    const file = [
      'Keyword,Currency,Avg. monthly searches,Competition,Competition (indexed value),Top of page bid (low range),Top of page bid (high range),Searches: Aug 2026,Searches: Sep 2026',
      'rye bread,USD,1K – 10K,Low,12,0.20,0.60,1K – 10K,100 – 1K',
      'spelt flour,USD,10 k – 100 k,Medium,40,0.50,1.10,10K-100K,10K-100K',
      'einkorn,USD,about ten,Low,5,0.10,0.30,,',
    ].join('\n');
    const { rows, problems } = await collect(importParsers['keyword-planner'](bytes(file), { territory: 'US' }, 'ranges.csv'));
    expect(rows.map((row) => [row.keyword, row.volume, row.volumeHistory, row.cpc, row.competition])).toEqual([
      ['rye bread', null, null, 0.4, 0.12],
      ['spelt flour', null, null, 0.8, 0.4],
    ]);
    expect(problems).toEqual([{ line: 4, problem: 'The Avg. monthly searches is not a number.' }]);
  });

  it('reads a comma-separated copy whose header is its first line (UTF-8 without BOM), with quoted commas, no bid and an empty volume as unknown', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-comma-no-title.csv'), { territory: 'US' }, 'copy.csv'));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 2, keyword: 'baguette', territory: 'US', date: '2026-12-01', volume: 14800, volumeHistory: [12100, 12100, 14800, 14800, 14800, 14800, 14800, 14800, 14800, 14800, 18100, 22200], competition: 0.12, cpc: 0.6 },
      { line: 3, keyword: 'bread, rye or spelt', territory: 'US', date: '2026-12-01', volume: 20, volumeHistory: [10, 20, 20, 20, 20, 20, 20, 20, 20, 20, 30, 30], competition: 0.02, cpc: null },
      { line: 4, keyword: '"artisan" bread, sliced', territory: 'US', date: '2026-12-01', volume: 2900, volumeHistory: [2400, 2400, 2900, 2900, 2900, 2900, 2900, 2900, 2900, 2900, 3600, 3600], competition: 0.44, cpc: 1 },
      { line: 5, keyword: 'stollen near me', territory: 'US', date: '2026-12-01', volume: null, volumeHistory: null, competition: null, cpc: null },
    ]);
  });

  it('dates a download without monthly columns by the last month of its title\'s range (UTF-16BE), whatever month the user gives', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-titles-no-months.csv'), { territory: 'DE', date: '2026-07-01' }, 'stats.csv'));
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.line, row.keyword, row.date, row.volume, row.competition, row.cpc, row.volumeHistory])).toEqual([
      [4, 'panettone', '2026-03-01', 90500, 0.31, 0.85, null],
      [5, 'brioche buns', '2026-03-01', 8100, 0.1, 0.43, null],
      [6, 'bagel shop', '2026-03-01', 33100, 0.79, 2.3, null],
    ]);
  });

  it('finds a header after title lines whatever separates its cells: a tab inside a comma-separated keyword or a comma in a tab-separated title does not mislead', async () => {
    const header = 'Keyword,Currency,Avg. monthly searches,Competition (indexed value),Top of page bid (low range),Top of page bid (high range)';
    const comma = `Keyword Stats 2026-01-02 at 10_00_00\nDecember 1, 2024 - November 30, 2025\n${header}\n"tab\tin keyword",USD,10,5,0.1,0.3\n`;
    expect((await collect(importParsers['keyword-planner'](bytes(comma), { territory: 'US' }, 'x.csv'))).rows)
      .toEqual([{ line: 4, keyword: 'tab\tin keyword', territory: 'US', date: '2025-11-01', volume: 10, volumeHistory: null, competition: 0.05, cpc: 0.2 }]);
    const semicolon = `${header.replace(/,/g, ';')}\nbrot;EUR;1900;3;0,5;0,9\n`;
    expect((await collect(importParsers['keyword-planner'](bytes(semicolon), { territory: 'DE', date: '2026-02-01' }, 'x.csv'))).rows)
      .toEqual([{ line: 2, keyword: 'brot', territory: 'DE', date: '2026-02-01', volume: 1900, volumeHistory: null, competition: 0.03, cpc: null }]);
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

  it('says an empty date cell is empty, and a file without a date column that it has none', async () => {
    const withColumn = 'keyword,date,position,url\nshoes,,1,https://shoes.test/\nboots,2026-10-01,2,https://boots.test/\n';
    expect((await collect(importParsers.serp(bytes(withColumn), { territory: 'US' }, 'serp.csv'))).problems).toEqual([{ line: 2, problem: 'The date is empty.' }]);
    const without = 'keyword,position,url\nshoes,1,https://shoes.test/\n';
    expect((await collect(importParsers.serp(bytes(without), { territory: 'US' }, 'serp.csv'))).problems)
      .toEqual([{ line: 2, problem: 'The date is missing (the file has no date column: give the date of the results).' }]);
  });

  it('reads a result without a known page by its site (the full-history export of a Search Console query)', async () => {
    const file = 'keyword,territory,date,position,url,title,volume,cpc,competition,difficulty,clicks,impressions,site\n'
      + 'crumb and kiln,US,2026-07-31,1,,,,,,,883,3961,crumb-and-kiln.example.org\n'
      + 'no site no url,US,2026-07-31,1,,,,,,,1,2,\n';
    const { rows, problems } = await collect(importParsers.serp(bytes(file), { territory: 'US' }, 'history.csv'));
    expect(rows).toEqual([expect.objectContaining({ line: 2, keyword: 'crumb and kiln', position: 1, url: null, site: 'crumb-and-kiln.example.org', clicks: 883, impressions: 3961 })]);
    expect(problems).toEqual([{ line: 3, problem: 'The URL is missing.' }]);
  });

  it('reads JSON lines', async () => {
    const file = '{"keyword":"shoes","territory":"GB","date":"2026-10-02","position":2,"url":"https://shoes.test/a","title":"A","volume":90}\n\n'
      + '{"keyword":"boots","date":"2026-10-02","position":1}\nnot json\n';
    const { rows, problems } = await collect(importParsers.serp(bytes(file), { territory: 'US' }, 'serp.jsonl'));
    expect(rows).toEqual([{ line: 1, keyword: 'shoes', territory: 'UK', date: '2026-10-02', position: 2, url: 'https://shoes.test/a', title: 'A', volume: 90, cpc: null, competition: null, difficulty: null, clicks: null, impressions: null }]);
    expect(problems).toEqual([{ line: 3, problem: 'The URL is missing.' }, { line: 4, problem: 'The line is not valid JSON.' }]);
  });

  it('gives the same records in batches as one by one (the import job reads batches), whatever the chunks the bytes come in', async () => {
    // More rows than the number style is decided from (numberSampleRecords), so that batches follow the first one.
    const file = 'keyword,territory,date,position,url,title\n'
      + Array.from({ length: 1300 }, (_, index) => `kw ${index % 7},US,2026-10-0${1 + (index % 9)},${1 + (index % 20)},https://s${index % 13}.test/p${index},"T ${index}, \nline"\n`).join('')
      + 'shoes,US,2026-10-01,two,https://boots.test/,Boots\n';
    const text = new TextEncoder().encode(file);
    const pieces = Array.from({ length: Math.ceil(text.length / 997) }, (_, index) => text.subarray(index * 997, (index + 1) * 997));
    const batches: ParsedItem[][] = [];
    for await (const batch of importBatchParsers.serp(bytes(...pieces), { territory: 'US' }, 'serp.csv')) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    const oneByOne = await collect(importParsers.serp(bytes(file), { territory: 'US' }, 'serp.csv'));
    expect(await collect((async function* () { for (const batch of batches) yield* batch; })())).toEqual(oneByOne);
    expect(oneByOne.rows).toHaveLength(1300);
    expect(oneByOne.rows[1299]).toMatchObject({ line: 2600, keyword: 'kw 4', title: 'T 1299, \nline' });
    expect(oneByOne.problems).toEqual([{ line: 2602, problem: 'The position "two" is not a number.' }]);
    const json = '{"keyword":"shoes","date":"2026-10-02","position":2,"url":"https://shoes.test/a"}\nnot json\n';
    const jsonBatches: ParsedItem[][] = [];
    for await (const batch of importBatchParsers.serp(bytes(json.slice(0, 30), json.slice(30)), { territory: 'US' }, 'serp.jsonl')) jsonBatches.push(batch);
    expect(jsonBatches.flat().map((item) => item.line)).toEqual([1, 2]);
  });

  it('refuses files that are not SERP files, naming what is missing', async () => {
    await expect(collect(importParsers.serp(fixture('organic-positions/organic-positions.csv'), { territory: 'US' }, 'x.csv'))).resolves.toBeDefined();
    await expect(collect(importParsers.serp(fixture('gsc-export/Queries.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not a SERP file (CSV or JSON lines with keyword, position and url): the columns keyword, url are missing (the first line reads "Top queries,Clicks,Impressions,CTR,Position").');
    await expect(collect(importParsers.serp(fixture('keyword-planner/keyword-stats.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.serp(bytes(gscZip()), { territory: 'US' }, 'x.csv'))).rejects.toThrow('This is a ZIP archive, not a SERP file');
  });
});

describe('Files from other locales (issue 19)', () => {
  it('reads a German Keyword Planner download: German headers, the German title range dates the rows, 12.100 is twelve thousand, "-" is unknown', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-de.csv'), { territory: 'DE' }, 'Keyword Stats.csv'));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 4, keyword: 'sauerteigbrot backen', territory: 'DE', date: '2026-09-01', volume: 12100, volumeHistory: null, competition: 0.78, cpc: null },
      { line: 5, keyword: 'dinkelbrot rezept', territory: 'DE', date: '2026-09-01', volume: 1900, volumeHistory: null, competition: 0.45, cpc: null },
      { line: 6, keyword: 'roggenmischbrot', territory: 'DE', date: '2026-09-01', volume: 880, volumeHistory: null, competition: 0.12, cpc: null },
      { line: 7, keyword: 'brotbackkurs pankow', territory: 'DE', date: '2026-09-01', volume: null, volumeHistory: null, competition: null, cpc: null },
    ]);
  });

  it('reads a semicolon CSV in the German number style: thousands with ".", bids with ",", and a blank month kept as unknown in the history', async () => {
    const { rows, problems } = await collect(importParsers['keyword-planner'](fixture('keyword-planner/keyword-stats-semicolon-decimal-comma.csv'), { territory: 'DE' }, 'x.csv'));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 4, keyword: 'oven thermometer', territory: 'DE', date: '2026-09-01', volume: 1900,
        volumeHistory: [1600, 1600, 2400, 1900, 1600, 1600, 1900, 1900, 1900, 1900, 2400, 1900], competition: 0.33, cpc: 0.83 },
      { line: 5, keyword: 'proofing basket', territory: 'DE', date: '2026-09-01', volume: 12100,
        volumeHistory: [9900, 12100, 14800, null, 12100, 12100, 9900, 12100, 12100, 12100, 14800, 12100], competition: 0.18, cpc: 0.67 },
      { line: 6, keyword: 'dough scraper', territory: 'DE', date: '2026-09-01', volume: 720,
        volumeHistory: [590, 720, 880, 720, 720, 590, 720, 720, 720, 720, 880, 720], competition: 0.07, cpc: 0.38 },
    ]);
  });

  it('reads translated monthly columns and top-of-page bids (German, French, Portuguese, Spanish), by their shape', async () => {
    const german = 'Schlüsselwort\tWährung\tDurchschnittliche Suchanfragen pro Monat\tGebot für oberen Seitenbereich (niedriger Bereich)\tGebot für oberen Seitenbereich (hoher Bereich)\tSuchanfragen: Aug. 2026\tSuchanfragen: Sept. 2026\n'
      + 'brot backen\tUSD\t1.900\t0,50\t1,50\t1.600\t2.400\nbrötchen\tEUR\t720\t0,20\t0,40\t\t880\n';
    const french = 'Mot clé\tDevise\tNombre moyen de recherches mensuelles\tEnchère en haut de page (fourchette basse)\tEnchère en haut de page (fourchette haute)\tRecherches\u00a0: sept. 2026\tRecherches\u00a0: oct. 2026\n'
      + 'pain au levain\tUSD\t880\t0,40\t0,80\t590\t720\n';
    const portuguese = 'Palavra-chave\tMoeda\tMédia de pesquisas mensais\tLance para o topo da página (intervalo inferior)\tLance para o topo da página (intervalo superior)\tPesquisas: out. de 2026\n'
      + 'pão caseiro\tUSD\t1.000\t1,00\t3,00\t900\n';
    const spanish = 'Palabra clave\tMoneda\tPromedio de búsquedas mensuales\tPuja por la parte superior de la página (intervalo bajo)\tPuja por la parte superior de la página (intervalo alto)\tBúsquedas: nov 2026\n'
      + 'pan de masa madre\tUSD\t260\t0.30\t0.50\t210\n';
    const read = async (file: string) => collect(importParsers['keyword-planner'](bytes(file), { territory: 'DE' }, 'x.csv'));
    expect(await read(german)).toEqual({ problems: [], traffic: [], rows: [
      { line: 2, keyword: 'brot backen', territory: 'DE', date: '2026-09-01', volume: 1900, volumeHistory: [1600, 2400], competition: null, cpc: 1 },
      // A bid in euros is no US dollar CPC; a blank month is unknown in the history.
      { line: 3, keyword: 'brötchen', territory: 'DE', date: '2026-09-01', volume: 720, volumeHistory: [null, 880], competition: null, cpc: null },
    ] });
    expect(await read(french)).toEqual({ problems: [], traffic: [], rows: [
      { line: 2, keyword: 'pain au levain', territory: 'DE', date: '2026-10-01', volume: 880, volumeHistory: [590, 720], competition: null, cpc: 0.6 },
    ] });
    expect(await read(portuguese)).toEqual({ problems: [], traffic: [], rows: [
      { line: 2, keyword: 'pão caseiro', territory: 'DE', date: '2026-10-01', volume: 1000, volumeHistory: [900], competition: null, cpc: 2 },
    ] });
    expect(await read(spanish)).toEqual({ problems: [], traffic: [], rows: [
      { line: 2, keyword: 'pan de masa madre', territory: 'DE', date: '2026-11-01', volume: 260, volumeHistory: [210], competition: null, cpc: 0.4 },
    ] });
  });

  it('takes no other column for a month or a bid: a searches column of another shape, a bid without its range', async () => {
    const file = 'Schlüsselwort\tDurchschnittliche Suchanfragen pro Monat\tSuchanfragen: Trend\tSuchanfragen: 2026\tGebot für oberen Seitenbereich\tAnzeigengebot (Bereich)\n'
      + 'brot\t10\t5\t7\t1,00\t2,00\n';
    const { rows, problems } = await collect(importParsers['keyword-planner'](bytes(file), { territory: 'DE', date: '2026-05-20' }, 'x.csv'));
    expect([rows, problems]).toEqual([[{ line: 2, keyword: 'brot', territory: 'DE', date: '2026-05-01', volume: 10, volumeHistory: null, competition: null, cpc: null }], []]);
  });

  it('reports a monthly cell that is not a number as a bad row, naming its column', async () => {
    const file = 'Keyword\tAvg. monthly searches\tSearches: Dec 2025\tSearches: Jan 2026\nbrot\t10\t10\tviele\n';
    const { rows, problems } = await collect(importParsers['keyword-planner'](bytes(file), { territory: 'DE' }, 'x.csv'));
    expect([rows, problems]).toEqual([[], [{ line: 2, problem: 'The Searches: Jan 2026 "viele" is not a number.' }]]);
  });

  it('reads the title range in German, French, Spanish, Italian, Dutch and Portuguese, day first or month first', async () => {
    const titles: [string, string][] = [
      ['1. Oktober 2025 - 30. September 2026', '2026-09-01'],
      ['1er octobre 2025 - 30 septembre 2026', '2026-09-01'],
      ['1 de noviembre de 2025 - 31 de octubre de 2026', '2026-10-01'],
      ['1 gennaio 2026 - 31 dicembre 2026', '2026-12-01'],
      ['1 maart 2025 - 28 februari 2026', '2026-02-01'],
      ['1 de agosto de 2025 - 31 de julho de 2026', '2026-07-01'],
      ['1. Okt. 2025 - 30. Sept. 2026', '2026-09-01'],
      ['September 1, 2025 - August 31, 2026', '2026-08-01'],
    ];
    for (const [title, month] of titles) {
      const file = `Keyword Stats 2026-10-04\n"${title}"\nKeyword\tAvg. monthly searches\nbrot\t10\n`;
      const { rows } = await collect(importParsers['keyword-planner'](bytes(file), { territory: 'DE' }, 'x.csv'));
      expect([title, rows[0]?.date]).toEqual([title, month]);
    }
  });

  it('reads a German Search Console queries CSV: 1.204 clicks, 28.650 impressions, CTR "4,2 %", position "3,7"', async () => {
    const { rows, problems } = await collect(importParsers.gsc(fixture('gsc-de/Queries.csv'), { territory: 'DE', domain: 'brotzeit-pankow.example.de', date: '2026-09-30' }, 'Queries.csv'));
    expect(problems).toEqual([]);
    const site = 'brotzeit-pankow.example.de';
    expect(rows).toEqual([
      { line: 2, keyword: 'sauerteig anleitung', territory: 'DE', date: '2026-09-30', position: 4, site, clicks: 1204, impressions: 28650 },
      { line: 3, keyword: 'bäckerei pankow', territory: 'DE', date: '2026-09-30', position: 1, site, clicks: 318, impressions: 2120 },
      { line: 4, keyword: 'dinkel, roggen oder weizen', territory: 'DE', date: '2026-09-30', position: 13, site, clicks: 12, impressions: 1008 },
      { line: 5, keyword: 'brot backen kurs', territory: 'DE', date: '2026-09-30', position: 28, site, clicks: 0, impressions: 455 },
      { line: 6, keyword: 'roggenbrot', territory: 'DE', date: '2026-09-30', position: 5, site, clicks: 2030, impressions: 41300 },
    ]);
  });

  it('marks the months of a spread row as parts of one row of the file, and the site months as no row of it', async () => {
    const items: ParsedItem[] = [];
    for await (const item of importParsers.gsc(fixture('gsc-de/Queries.csv'), { territory: 'DE', domain: 'brotzeit-pankow.example.de', dateFrom: '2026-07-01', dateTo: '2026-09-30' }, 'Queries.csv')) items.push(item);
    // Five rows of the file over three months, each month by its days (1,204 clicks: 406 + 406 + 392).
    expect(items.filter((item) => item.fileRow === undefined).map((item) => item.line)).toEqual([2, 3, 4, 5, 6]);
    expect(items.filter((item) => item.line === 2).map((item) => [item.row?.date, item.row?.clicks, item.fileRow])).toEqual([
      ['2026-07-31', 406, undefined], ['2026-08-31', 406, 'same'], ['2026-09-30', 392, 'same'],
    ]);
  });

  it('reads a German queries CSV saved again by a spreadsheet, with semicolons', async () => {
    const file = '\uFEFFHäufigste Suchanfragen;Klicks;Impressionen;CTR;Position\r\nsauerteig anleitung;1.204;28.650;4,2 %;3,7\r\n';
    const { rows, problems } = await collect(importParsers.gsc(bytes(file), { territory: 'DE', domain: 'example.de', date: '2026-09-30' }, 'Queries.csv'));
    expect([problems, rows]).toEqual([[], [{ line: 2, keyword: 'sauerteig anleitung', territory: 'DE', date: '2026-09-30', position: 4, site: 'example.de', clicks: 1204, impressions: 28650 }]]);
  });

  it('reads an English export the way it always did, thousands with ","', async () => {
    const file = 'Top queries,Clicks,Impressions,CTR,Position\nbread,"1,204","28,650",4.2%,3.7\nrolls,12,"1,900",0.63%,12.5\n';
    const { rows } = await collect(importParsers.gsc(bytes(file), { territory: 'US', domain: 'example.org', date: '2026-09-30' }, 'Queries.csv'));
    expect(rows.map((row) => [row.clicks, row.impressions, row.position])).toEqual([[1204, 28650, 4], [12, 1900, 13]]);
  });

  it('reads an Organic Positions export and a SERP file in the German number style', async () => {
    const organic = 'Keyword;Position;Search Volume;Keyword Difficulty;CPC;URL;Competition;Number of Results;Timestamp\n'
      + 'brot;3;"12.100";41;"1,25";https://example.de/brot;"0,34";"1.230.000";2026-09-14\n';
    const { rows: organicRows } = await collect(importParsers['organic-positions'](bytes(organic), { territory: 'DE' }, 'x.csv'));
    expect(organicRows).toEqual([expect.objectContaining({ keyword: 'brot', position: 3, volume: 12100, difficulty: 41, cpc: 1.25, competition: 0.34, resultCount: 1_230_000 })]);
    const serp = 'keyword;position;url;volume;cpc;clicks\nbrot;1;https://example.de/;"2.400";"0,80";"1.050"\nbrötchen;2;https://example.de/b;-;;\n';
    const { rows: serpRows } = await collect(importParsers.serp(bytes(serp), { territory: 'DE', date: '2026-09-14' }, 'x.csv'));
    expect(serpRows.map((row) => [row.volume, row.cpc, row.clicks])).toEqual([[2400, 0.8, 1050], [null, null, null]]);
  });
});

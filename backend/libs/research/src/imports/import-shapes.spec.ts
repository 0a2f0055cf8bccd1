import { describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import type { ImportFormat } from '@serpwise/contracts';
import type { SiteTrafficRow } from '../warehouse/site-traffic.js';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { inspectImport } from './import-inspection.js';
import { WrongFileError, type ImportOptions, type ParsedItem } from './import-parser.js';
import { importParsers } from './import-parsers.js';

/**
 * Shapes of real downloads the import parsers once refused, misread or distorted (docs/decisions.md, "Import
 * shapes, 2026-11-28"), each written here as a user's tool writes it and read through what the import page uses:
 * the inspection of the file's head, then the format's parser.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);
/** UTF-16LE with its byte-order mark: what Keyword Planner and Ahrefs' "for Excel" exports write. */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let index = 0; index < text.length; index++) {
    bytes[2 + 2 * index] = text.charCodeAt(index) & 0xff;
    bytes[3 + 2 * index] = text.charCodeAt(index) >> 8;
  }
  return bytes;
}

async function* stream(bytes: Uint8Array) {
  yield bytes;
}

async function parse(format: ImportFormat, bytes: Uint8Array, options: Partial<ImportOptions> = {}, fileName = 'download.csv') {
  const rows: (WarehouseRow & { line: number })[] = [];
  const problems: { line: number; problem: string }[] = [];
  const traffic: SiteTrafficRow[] = [];
  for await (const item of importParsers[format](stream(bytes), { territory: 'US', ...options }, fileName) as AsyncIterable<ParsedItem>) {
    if (item.row) rows.push({ line: item.line, ...item.row });
    else if (item.traffic) traffic.push(item.traffic);
    else problems.push({ line: item.line, problem: item.problem });
  }
  return { rows, problems, traffic };
}

const inspect = (format: ImportFormat, bytes: Uint8Array, fileName = 'download.csv') => inspectImport(format, { bytes, fileName, complete: true });

describe('Keyword Planner shapes', () => {
  it('reads the bids of a download that names their currency in the column name instead of a Currency column', async () => {
    const header = (code: string) => `Keyword,Avg. monthly searches,Competition (indexed value),Top of page bid (low range) (${code}),Top of page bid (high range) (${code})\n`;
    const dollars = await parse('keyword-planner', utf8(`${header('USD')}rye bread,1000,12,0.20,0.60\n`), { date: '2026-10-01' });
    expect(dollars.problems).toEqual([]);
    expect(dollars.rows).toEqual([{ line: 2, keyword: 'rye bread', territory: 'US', date: '2026-10-01', volume: 1000, volumeHistory: null, competition: 0.12, cpc: 0.4 }]);
    // Euros are not dollars: the CPC is unknown (the warehouse keeps dollars), the keyword and its other numbers land.
    const euros = await parse('keyword-planner', utf8(`${header('EUR')}rye bread,1000,12,0.20,0.60\n`), { date: '2026-10-01' });
    expect(euros.rows.map((row) => [row.keyword, row.volume, row.competition, row.cpc])).toEqual([['rye bread', 1000, 0.12, null]]);
  });

  it('finds the header after title lines in a file with CR line ends only ("CSV (Macintosh)"), and reads bids with a dollar sign', async () => {
    const file = 'Keyword Stats 2026-11-28 at 10_00_00\rDecember 1, 2025 - November 30, 2026\r'
      + 'Keyword,Currency,Avg. monthly searches,Competition (indexed value),Top of page bid (low range),Top of page bid (high range),Searches: Oct 2026,Searches: Nov 2026\r'
      + 'rye bread,USD,1000,12,$0.20,$0.60,900,1100\r"spelt, wholemeal",USD,50,,,,40,60';
    expect(await inspect('keyword-planner', utf8(file))).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-11-01' }, problem: null });
    const { rows, problems } = await parse('keyword-planner', utf8(file));
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 4, keyword: 'rye bread', territory: 'US', date: '2026-11-01', volume: 1000, volumeHistory: [900, 1100], competition: 0.12, cpc: 0.4 },
      { line: 5, keyword: 'spelt, wholemeal', territory: 'US', date: '2026-11-01', volume: 50, volumeHistory: [40, 60], competition: null, cpc: null },
    ]);
  });

  it('keeps a bound instead of a volume ("< 10", "<10", "> 1M") unknown, like a range, and reads "1 234" as 1,234', async () => {
    const file = 'Keyword,Currency,Avg. monthly searches,Top of page bid (low range),Top of page bid (high range)\n'
      + 'a,USD,< 10,,\nb,USD,<10,,\nc,USD,> 1M,,\nd,USD,—,,\ne,USD,,,\nf,USD,"1 234",,\ng,USD,0,,\n';
    const { rows, problems } = await parse('keyword-planner', utf8(file), { date: '2026-10-01' });
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.keyword, row.volume])).toEqual([['a', null], ['b', null], ['c', null], ['d', null], ['e', null], ['f', 1234], ['g', 0]]);
  });
});

describe('SERP file shapes', () => {
  it('reads a page written without its scheme as https, and refuses what is no address in words', async () => {
    const file = 'keyword,position,url\na,1,example.com/page\nb,2,www.Example.com\nc,3,//example.com/x\nd,4,münchen.de/z\ne,5,n/a\n';
    const { rows, problems } = await parse('serp', utf8(file), { date: '2026-10-01' });
    expect(rows.map((row) => [row.keyword, row.url])).toEqual([
      ['a', 'https://example.com/page'], ['b', 'https://www.Example.com'], ['c', 'https://example.com/x'], ['d', 'https://münchen.de/z'],
    ]);
    expect(problems).toEqual([{ line: 6, problem: 'The URL "n/a" is not an http(s) address of a site.' }]);
  });

  it('reads a CPC with a dollar sign or code; one in another currency is unknown, not a dollar amount and not a bad row', async () => {
    const file = 'keyword,position,url,cpc\na,1,https://e.com/,$1.20\nb,2,https://e.com/,US$1.20\nc,3,https://e.com/,USD 0.45\nd,4,https://e.com/,"1,20 €"\n'
      + 'e,5,https://e.com/,£0.80\nf,6,https://e.com/,EUR 2.10\ng,7,https://e.com/,1.50\nh,8,https://e.com/,$ cheap\n';
    const { rows, problems } = await parse('serp', utf8(file), { date: '2026-10-01' });
    expect(rows.map((row) => [row.keyword, row.cpc])).toEqual([['a', 1.2], ['b', 1.2], ['c', 0.45], ['d', null], ['e', null], ['f', null], ['g', 1.5]]);
    expect(problems).toEqual([{ line: 9, problem: 'The cpc "$ cheap" is not a number.' }]);
  });

  it('reads a day written day first with full stops (a spreadsheet saved it so), and refuses one with slashes in words', async () => {
    const file = 'keyword,position,url,date\na,1,https://e.com/,2026-10-05\nb,2,https://e.com/,05.10.2026\nc,3,https://e.com/,2026-10-05T12:00:00Z\nd,4,https://e.com/,10/05/2026\n';
    const { rows, problems } = await parse('serp', utf8(file));
    expect(rows.map((row) => [row.keyword, row.date])).toEqual([['a', '2026-10-05'], ['b', '2026-10-05'], ['c', '2026-10-05']]);
    expect(problems).toEqual([{ line: 5, problem: 'The date "10/05/2026" is not a date (YYYY-MM-DD).' }]);
  });

  it('reads a file that starts with Excel\'s "sep=;" line, its records counted from the file\'s lines', async () => {
    const file = utf8('sep=;\r\nkeyword;position;url;cpc\r\nrye bread;1;https://e.com/;0,45\r\nspelt;2;https://e.com/;1,20\r\n');
    expect(await inspect('serp', file)).toEqual({ format: 'serp', needs: ['date', 'territory'], found: {}, problem: null });
    const { rows, problems } = await parse('serp', file, { date: '2026-10-01' });
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.line, row.keyword, row.position, row.cpc])).toEqual([[3, 'rye bread', 1, 0.45], [4, 'spelt', 2, 1.2]]);
    const organic = utf8('\uFEFFsep=,\nKeyword,Position,Search Volume,CPC,URL,Timestamp\nhoney,1,2900,1.26,https://e.com/a,2026-10-02\n');
    expect(await inspect('organic-positions', organic)).toEqual({ format: 'organic-positions', needs: ['territory'], found: {}, problem: null });
    expect((await parse('organic-positions', organic)).rows.map((row) => [row.line, row.keyword, row.volume, row.date])).toEqual([[3, 'honey', 2900, '2026-10-02']]);
  });

  it('reads a competition written as a percentage', async () => {
    const file = 'keyword;position;url;competition\na;1;https://e.com/;12,5 %\nb;2;https://e.com/;0,3\n';
    const { rows, problems } = await parse('serp', utf8(file), { date: '2026-10-01' });
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.keyword, row.competition])).toEqual([['a', 0.125], ['b', 0.3]]);
  });

  it("reads an Ahrefs-style export (UTF-16, tab-separated, 'Current position' and 'Current URL'), taking only what it knows", async () => {
    const file = utf16le('#\tKeyword\tCountry code\tVolume\tKD\tCPC\tOrganic traffic\tCurrent position\tCurrent URL\tSERP features\r\n'
      + '1\tbrötchen\tde\t1200\t12\t0.50\t40\t3\thttps://Bäckerei.example/brot\tSitelinks, Image pack\r\n');
    expect(await inspect('serp', file)).toEqual({ format: 'serp', needs: ['date'], found: {}, problem: null });
    const { rows, problems } = await parse('serp', file, { date: '2026-10-01' });
    expect(problems).toEqual([]);
    expect(rows).toEqual([{
      line: 2, keyword: 'brötchen', territory: 'DE', date: '2026-10-01', position: 3, url: 'https://Bäckerei.example/brot', title: null,
      volume: 1200, cpc: 0.5, competition: null, difficulty: 12, clicks: null, impressions: null,
    }]);
  });
});

describe('Organic Positions shapes', () => {
  it("reads an Ahrefs-style organic keywords export (UTF-16, tab, 'Volume', 'KD', 'Current position', 'Current URL'), dated by the user", async () => {
    const file = utf16le('Keyword\tCountry code\tSERP features\tVolume\tKD\tCPC\tOrganic traffic\tCurrent position\tCurrent URL\n'
      + 'sourdough starter\tus\t\t74000\t41\t$0.75\t1200\t2\twww.example.com/starter\n'
      + 'levain\tus\t\t1900\t\t\t15\t7\thttps://www.example.com/levain\n');
    expect(await inspect('organic-positions', file)).toEqual({ format: 'organic-positions', needs: ['date', 'territory'], found: {}, problem: null });
    const { rows, problems } = await parse('organic-positions', file, { date: '2026-10-01' });
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 2, keyword: 'sourdough starter', territory: 'US', date: '2026-10-01', position: 2, url: 'https://www.example.com/starter', volume: 74000, difficulty: 41, cpc: 0.75, competition: null, resultCount: null },
      { line: 3, keyword: 'levain', territory: 'US', date: '2026-10-01', position: 7, url: 'https://www.example.com/levain', volume: 1900, difficulty: null, cpc: null, competition: null, resultCount: null },
    ]);
  });

  it('still names the columns it needs for a file without them', async () => {
    const file = utf8('Keyword,Rank,Volume\nbread,1,10\n');
    const expected = 'This is not an Organic Positions export (Keyword, Position, Search Volume, URL … columns): the columns position, url are missing (the first line reads "Keyword,Rank,Volume").';
    expect((await inspect('organic-positions', file)).problem).toBe(expected);
    await expect(parse('organic-positions', file, { date: '2026-10-01' })).rejects.toThrow(new WrongFileError(expected));
  });
});

describe('Search Console shapes', () => {
  const pages = 'Top pages,Clicks,Impressions,CTR,Position\nhttps://www.example.com/,10,100,10%,2.5\n';
  const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, utf8(text)])));

  it('refuses an export that compares two date ranges, in words saying what to export instead, and lands nothing', async () => {
    const queries = 'Top queries,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,'
      + 'Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position\nbrot,10,8,100,90,10%,8.9%,2.5,3.1\n';
    const expected = 'This Search Console export compares two date ranges (its queries table has 9 columns, each number twice): '
      + 'export one date range without "Compare" (a queries table of 5 columns: query, clicks, impressions, CTR, position) and upload that.';
    const archive = zip({ 'Queries.csv': queries, 'Pages.csv': pages, 'Filters.csv': 'Filter,Value\nDate,Compare last 28 days to previous period\n' });
    expect((await inspect('gsc', archive, 'export.zip')).problem).toBe(expected);
    await expect(parse('gsc', archive, {}, 'export.zip')).rejects.toThrow(new WrongFileError(expected));
    // Queries.csv alone, and in German (the period named last).
    expect((await inspect('gsc', utf8(queries), 'Queries.csv')).problem).toBe(expected);
    const german = 'Häufigste Suchanfragen,Klicks (letzte 28 Tage),Klicks (vorherige 28 Tage),Impressionen (letzte 28 Tage),Impressionen (vorherige 28 Tage),'
      + 'CTR (letzte 28 Tage),CTR (vorherige 28 Tage),Position (letzte 28 Tage),Position (vorherige 28 Tage)\nbrot,10,8,100,90,"10 %","8,9 %","2,5","3,1"\n';
    await expect(parse('gsc', utf8(german), { domain: 'example.de', dateFrom: '2026-10-01', dateTo: '2026-10-28' }, 'Suchanfragen.csv')).rejects.toThrow(expected);
  });

  it('refuses an Excel workbook (Search Console\'s "Download Excel", or a file Excel saved as .xlsx) in words saying what to download', async () => {
    const workbook = zip({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': '<worksheet/>' });
    const gscWords = 'This is an Excel workbook (.xlsx), not a Google Search Console Performance export (its ZIP, or its queries CSV): '
      + 'in Search Console choose Export, then "Download CSV", and upload the ZIP it gives.';
    expect((await inspect('gsc', workbook, 'example.com-Performance-on-Search.xlsx')).problem).toBe(gscWords);
    await expect(parse('gsc', workbook, {}, 'example.com-Performance-on-Search.xlsx')).rejects.toThrow(new WrongFileError(gscWords));
    const serpWords = 'This is an Excel workbook (.xlsx), not a SERP file (CSV or JSON lines with keyword, position and url): save it as CSV (File, Save As, CSV UTF-8) and upload that.';
    expect((await inspect('serp', workbook, 'ranks.xlsx')).problem)
      .toBe('This is an Excel workbook (.xlsx), not a SERP file (CSV or JSON lines) or a Serpwise history export: save it as CSV (File, Save As, CSV UTF-8) and upload that.');
    await expect(parse('serp', workbook, { date: '2026-10-01' }, 'ranks.xlsx')).rejects.toThrow(new WrongFileError(serpWords));
  });

  it('reads a Filters.csv range written day first with full stops, and a daily table a spreadsheet saved so', async () => {
    const queries = 'Häufigste Suchanfragen,Klicks,Impressionen,CTR,Position\nbrot,10,100,"10 %","2,5"\n';
    const filters = zip({ 'Suchanfragen.csv': queries, 'Seiten.csv': pages, 'Filter.csv': 'Filter,Wert\nDatum,"01.09.2026 - 31.10.2026"\n' });
    expect((await inspect('gsc', filters, 'export.zip')).found).toEqual({ site: 'example.com', dateFrom: '2026-09-01', dateTo: '2026-10-31' });
    const daily = zip({
      'Suchanfragen.csv': queries, 'Seiten.csv': pages, 'Filter.csv': 'Filter,Wert\nDatum,Letzte 3 Monate\n',
      'Datum.csv': 'Datum;Klicks;Impressionen;CTR;Position\n30.09.2026;2;20;10 %;2\n01.10.2026;8;80;10 %;3\n',
    });
    expect((await inspect('gsc', daily, 'export.zip')).found).toEqual({ site: 'example.com', dateFrom: '2026-09-30', dateTo: '2026-10-01' });
    const spreads: string[] = [];
    const { rows, traffic, problems } = await parse('gsc', daily, { territory: 'DE', onSpread: (spread) => spreads.push(spread) }, 'export.zip');
    expect(problems).toEqual([]);
    // Spread by the daily table: September had 2 of the 10 clicks and 20 of the 100 impressions.
    expect(spreads).toEqual(['daily']);
    expect(rows.map((row) => [row.date, row.clicks, row.impressions])).toEqual([['2026-09-30', 2, 20], ['2026-10-01', 8, 80]]);
    expect(traffic.filter((row) => row.url === null).map((row) => [row.month, row.clicks, row.impressions])).toEqual([['2026-09-01', 2, 20], ['2026-10-01', 8, 80]]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { importDetailMissing, unmetImportDetail, type ImportFormat } from '@serpwise/contracts';
import { zipSync } from 'fflate';
import { gscExportZip, testData } from '../../../../../infra/test/test-data.js';
import { inspectImport } from './import-inspection.js';

const head = (bytes: Uint8Array | string, fileName = 'file.csv', complete = true) => ({
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes),
  fileName,
  complete,
});
const inspect = (format: ImportFormat, path: string, fileName = path.split('/').at(-1)!) => inspectImport(format, head(testData(path), fileName));
const encode = (text: string) => new TextEncoder().encode(text);

describe('inspectImport: what the form asks for a file', () => {
  it('asks nothing but the territory for the Search Console ZIP: site, first and last day come from Pages.csv and Filters.csv', async () => {
    expect(await inspectImport('gsc', head(gscExportZip(), 'export.zip'))).toEqual({
      format: 'gsc', needs: ['territory'], found: { site: 'harrowgate-bakehouse.org', dateFrom: '2026-09-01', dateTo: '2026-09-30' }, problem: null,
    });
  });

  it('reads the range from the daily table when Filters names none, and asks for the site of a ZIP without Pages.csv', async () => {
    const zip = zipSync({
      'Queries.csv': encode('Top queries,Clicks,Impressions,CTR,Position\nsome query,1,10,10%,4.5\n'),
      'Dates.csv': encode('Date,Clicks,Impressions,CTR,Position\n2026-07-02,1,5,20%,4\n2026-02-01,0,5,0%,5\n2026-04-30,0,0,0%,0\n'),
      'Filters.csv': encode('Filter,Value\nDate,Last 6 months\n'),
    });
    expect(await inspectImport('gsc', head(zip, 'export.zip'))).toEqual({
      format: 'gsc', needs: ['site', 'territory'], found: { site: null, dateFrom: '2026-02-01', dateTo: '2026-07-02' }, problem: null,
    });
  });

  it('reads a German or French Filters.csv date range (issue 19), and a German export\'s numbers in its own style', async () => {
    const zipOf = (filters: string) => zipSync({
      'Suchanfragen.csv': encode('Häufigste Suchanfragen,Klicks,Impressionen,CTR,Position\nbrot,"1.204","28.650","4,2 %","3,7"\n'),
      'Seiten.csv': encode('Häufigste Seiten,Klicks,Impressionen,CTR,Position\nhttps://www.beispiel.de/,"1.204","28.650","4,2 %","3,7"\n'),
      'Filter.csv': encode(filters),
    });
    expect((await inspectImport('gsc', head(zipOf('Filter,Wert\nDatum,"1. Juli 2026–30. Sept. 2026"\n'), 'export.zip'))).found)
      .toEqual({ site: 'beispiel.de', dateFrom: '2026-07-01', dateTo: '2026-09-30' });
    expect((await inspectImport('gsc', head(zipOf('Filtre,Valeur\nDate,"1er juil. 2026 - 30 sept. 2026"\n'), 'export.zip'))).found)
      .toEqual({ site: 'beispiel.de', dateFrom: '2026-07-01', dateTo: '2026-09-30' });
  });

  it('asks for the site and the date range of Queries.csv alone (multi-line quoted queries and all)', async () => {
    const inspection = await inspect('gsc', 'gsc-export/Queries.csv');
    expect(inspection).toEqual({ format: 'gsc', needs: ['site', 'dateRange', 'territory'], found: {}, problem: null });
    expect(unmetImportDetail(inspection, { territory: 'US', domain: 'harrowgate-bakehouse.org' })).toBe(importDetailMissing('gsc', 'dateRange'));
    expect(unmetImportDetail(inspection, { territory: 'US', dateFrom: '2026-09-01', dateTo: '2026-09-30' })).toBe(importDetailMissing('gsc', 'site'));
    expect(unmetImportDetail(inspection, { territory: 'US', domain: 'harrowgate-bakehouse.org', dateFrom: '2026-09-01', dateTo: '2026-09-30' })).toBeNull();
  });

  it('refuses, in the parser\'s words, a file that is not a Search Console export', async () => {
    expect((await inspect('gsc', 'serp/search_results.csv')).problem).toBe('This is not a Google Search Console Performance export (its ZIP, or its queries CSV): its first line should start with "Top queries" (it reads "Keyword,Rank,Title,Link,DisplayLink,IsCompetitor").');
    const noQueries = zipSync({ 'Pages.csv': encode('Top pages,Clicks,Impressions,CTR,Position\nhttps://a.test/,1,2,50%,1\n') });
    expect((await inspectImport('gsc', head(noQueries, 'x.zip'))).problem).toBe('This is not a Google Search Console Performance export (its ZIP, or its queries CSV): the archive has no queries table (Queries.csv).');
    expect((await inspectImport('gsc', head(gscExportZip().subarray(0, 1000), 'x.zip', false))).problem).toBe('The archive is larger than 64 MB: it is not a Google Search Console Performance export (its ZIP, or its queries CSV).');
  });

  it('asks for a month only for a Keyword Planner file with neither monthly columns nor title lines', async () => {
    expect(await inspect('keyword-planner', 'keyword-planner/keyword-stats.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-08-01' }, problem: null });
    expect(await inspect('keyword-planner', 'keyword-planner/keyword-stats-comma.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-10-01' }, problem: null });
    expect(await inspect('keyword-planner', 'keyword-planner/keyword-stats-comma-no-title.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-12-01' }, problem: null });
    expect(await inspect('keyword-planner', 'keyword-planner/keyword-stats-titles-no-months.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-03-01' }, problem: null });
    // A German title's range (issue 19): the form asks for no month.
    expect(await inspect('keyword-planner', 'keyword-planner/keyword-stats-de.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-09-01' }, problem: null });
    expect(await inspect('keyword-planner', 'keyword-planner/keyword-stats-semicolon-decimal-comma.csv')).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-09-01' }, problem: null });
    // Translated monthly columns date the file too (read by their shape), so the form asks for no month.
    const french = 'Mot clé\tNombre moyen de recherches mensuelles\tRecherches\u00a0: sept. 2026\tRecherches\u00a0: oct. 2026\npain\t880\t590\t720\n';
    expect(await inspectImport('keyword-planner', head(french, 'k.csv'))).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-10-01' }, problem: null });
    const undated = await inspect('keyword-planner', 'keyword-planner/keyword-stats-no-title.csv');
    expect(undated).toEqual({ format: 'keyword-planner', needs: ['date', 'territory'], found: { date: null }, problem: null });
    expect(unmetImportDetail(undated, { territory: 'US' })).toBe('The file has no monthly columns and does not say its date range: give the month of its data (date).');
    expect(unmetImportDetail(undated, { territory: 'US', date: '2026-07-01' })).toBeNull();
  });

  it('reads the head of a large download: its first bytes, cut in the middle of a row', async () => {
    const file = testData('keyword-planner/keyword-stats.csv');
    expect(await inspectImport('keyword-planner', head(file.subarray(0, 1200), 'k.csv', false))).toEqual({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-08-01' }, problem: null });
  });

  it('reads no further than the first 512 KB of a text file an API client sends whole', async () => {
    const rows = 'shoes,1,https://a.test/\n'.repeat(30_000);
    const file = `keyword,position,url\n${rows}"a quote that never closes,1,https://a.test/\n`;
    expect(file.length).toBeGreaterThan(700_000);
    expect(await inspectImport('serp', head(file))).toEqual({ format: 'serp', needs: ['date', 'territory'], found: {}, problem: null });
  });

  it('refuses what is not a Keyword Planner download', async () => {
    expect((await inspect('keyword-planner', 'organic-positions/organic-positions.csv')).problem)
      .toBe('This is not a Google Ads Keyword Planner download (tab- or comma-separated, with a Keyword and an Avg. monthly searches column): no Keyword / Avg. monthly searches header in its first lines.');
    expect((await inspectImport('keyword-planner', head(gscExportZip(), 'x.zip'))).problem).toBe('This is a ZIP archive, not a Google Ads Keyword Planner download.');
  });

  it('asks a SERP file for the date and territory its columns do not give, and an Organic Positions export for a date without Timestamp', async () => {
    expect(await inspect('serp', 'serp/search_results.csv')).toEqual({ format: 'serp', needs: ['date', 'territory'], found: {}, problem: null });
    expect(await inspectImport('serp', head('keyword,territory,date,position,url\nshoes,US,2026-10-01,1,https://a.test/\n'))).toEqual({ format: 'serp', needs: [], found: {}, problem: null });
    expect(await inspectImport('serp', head('{"keyword":"shoes","date":"2026-10-02","position":1,"url":"https://a.test/"}\n'))).toEqual({ format: 'serp', needs: ['territory'], found: {}, problem: null });
    expect((await inspect('serp', 'gsc-export/Queries.csv')).problem)
      .toBe('This is not a SERP file (CSV or JSON lines with keyword, position and url): the columns keyword, url are missing (the first line reads "Top queries,Clicks,Impressions,CTR,Position").');
    expect(await inspect('organic-positions', 'organic-positions/organic-positions.csv')).toEqual({ format: 'organic-positions', needs: ['territory'], found: {}, problem: null });
    expect(await inspectImport('organic-positions', head('Keyword,Position,Search Volume,URL\nrye,3,100,https://a.test/\n'))).toEqual({ format: 'organic-positions', needs: ['date', 'territory'], found: {}, problem: null });
  });
});

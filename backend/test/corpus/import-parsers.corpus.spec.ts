import { expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { importDetailMissing } from '@serpwise/contracts';
import { importParsers, WrongFileError, type ParsedItem, type WarehouseRow } from '@serpwise/research';
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { corpusPath, describeCorpus } from '../../../infra/test/corpus.js';

/**
 * The import parsers on the real files of ../shared/fixtures (the second corpus, infra/test/corpus.ts): exact row
 * counts and spot values. Skipped when the folder is not next to the repository.
 */
const fixture = (path: string) => createReadStream(corpusPath(path));

async function* bytes(...chunks: (Uint8Array | string)[]) {
  for (const chunk of chunks) yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
}

async function collect(items: AsyncIterable<ParsedItem>) {
  const rows: (WarehouseRow & { line: number })[] = [];
  const problems: { line: number; problem: string }[] = [];
  for await (const item of items) {
    if (item.row) rows.push({ line: item.line, ...item.row });
    else if (item.problem !== undefined) problems.push({ line: item.line, problem: item.problem });
  }
  return { rows, problems };
}

/** The Search Console export folder as the ZIP Search Console downloads (built in memory; the fixture stays where it is). */
const gscZip = () => zipSync(Object.fromEntries(readdirSync(corpusPath('gsc-export')).map((name) => [name, new Uint8Array(readFileSync(corpusPath(`gsc-export/${name}`)))])));

describeCorpus('real files: Search Console export', () => {
  it('reads every query of the ZIP, multi-line quoted cells and CTR as text included, on the last day of its range, for the site of its pages', async () => {
    const { rows, problems } = await collect(importParsers.gsc(bytes(gscZip()), { territory: 'US' }, 'stupski.zip'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1000);
    expect(rows[0]).toEqual({ line: 2, keyword: 'stupski foundation', territory: 'US', date: '2026-03-31', position: 1, site: 'stupski.org', clicks: 627, impressions: 974 });
    // A quoted query over several lines (with doubled quotes) starts on line 39 and lands as one keyword.
    const long = rows.find((row) => row.line === 39)!;
    expect(long.keyword).toContain('what\'s a false statement about online time? a. blue light from devices can \nmake it hard to sleep');
    expect(long).toMatchObject({ position: 11, clicks: 0, impressions: 1236 });
    expect(rows.filter((row) => row.keyword.includes('\n'))).toHaveLength(new Set(rows.filter((row) => row.keyword.includes('\n')).map((row) => row.line)).size);
  });

  it('reads the queries CSV alone when the user names the site and the date', async () => {
    const { rows } = await collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'UK', domain: 'www.Stupski.org', date: '2026-03-31' }, 'Queries.csv'));
    expect(rows).toHaveLength(1000);
    expect(rows[1]).toMatchObject({ keyword: 'glen galaich', territory: 'UK', site: 'stupski.org', position: 1, clicks: 139 });
  });

  it('refuses a file that is not a Search Console export, and a queries CSV without its site', async () => {
    await expect(collect(importParsers.gsc(fixture('serp/search_results.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.gsc(fixture('gsc-export/Queries.csv'), { territory: 'US', date: '2026-03-31' }, 'Queries.csv')))
      .rejects.toThrow(importDetailMissing('gsc', 'site'));
  });
});

describeCorpus('real files: Keyword Planner download', () => {
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

describeCorpus('real files: Organic Positions export', () => {
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

describeCorpus('real files: SERP file', () => {
  it('reads the Keyword/Rank/Link CSV, taking territory and date from the user', async () => {
    const { rows, problems } = await collect(importParsers.serp(fixture('serp/search_results.csv'), { territory: 'UK', date: '2026-11-01' }, 'search_results.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(200);
    expect(rows[2]).toMatchObject({ line: 4, keyword: 'language learning', territory: 'UK', date: '2026-11-01', position: 3, url: 'https://www.rosettastone.com/', title: 'Official Rosetta Stone® | How Language Is Learned' });
    expect(new Set(rows.map((row) => row.keyword)).size).toBe(20);
  });

  it('refuses files that are not SERP files, naming what is missing', async () => {
    await expect(collect(importParsers.serp(fixture('semrush/organic-positions.csv'), { territory: 'US' }, 'x.csv'))).resolves.toBeDefined();
    await expect(collect(importParsers.serp(fixture('gsc-export/Queries.csv'), { territory: 'US' }, 'x.csv')))
      .rejects.toThrow('This is not a SERP file (CSV or JSON lines with keyword, position and url): the columns keyword, url are missing (the first line reads "Top queries,Clicks,Impressions,CTR,Position").');
    await expect(collect(importParsers.serp(fixture('keyword-planner/Keyword Stats.csv'), { territory: 'US' }, 'x.csv'))).rejects.toThrow(WrongFileError);
    await expect(collect(importParsers.serp(bytes(gscZip()), { territory: 'US' }, 'x.csv'))).rejects.toThrow('This is a ZIP archive, not a SERP file');
  });
});

import { describe, expect, it } from '@jest/globals';
import type { ImportSpread } from '@serpwise/contracts';
import { gscSixMonths } from '../../../../../infra/test/test-data.js';
import type { SiteTrafficRow } from '../warehouse/site-traffic.js';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { largestRemainder, monthsOfRange, spreadOf } from './gsc-spread.js';
import type { ImportOptions } from './import-parser.js';
import { importParsers } from './import-parsers.js';

async function* bytes(data: Uint8Array) {
  yield data;
}

/** The rows and traffic of a Search Console file, and how the parser said it spread them. */
async function parsed(data: Uint8Array, options: Omit<ImportOptions, 'territory'> = {}, fileName = 'export.zip') {
  const spreads: ImportSpread[] = [];
  const rows: WarehouseRow[] = [];
  const traffic: SiteTrafficRow[] = [];
  const problems: string[] = [];
  for await (const item of importParsers.gsc(bytes(data), { territory: 'US', ...options, onSpread: (spread) => spreads.push(spread) }, fileName)) {
    if (item.row) rows.push(item.row);
    else if (item.traffic) traffic.push(item.traffic);
    else problems.push(item.problem);
  }
  return { spreads, rows, traffic, problems };
}

const perMonth = (rows: WarehouseRow[], keyword: string, field: 'clicks' | 'impressions') =>
  gscSixMonths.months.map((month) => rows.find((row) => row.keyword === keyword && `${row.date.slice(0, 7)}-01` === month)?.[field] ?? 0);

describe('spreading a Search Console range over its months', () => {
  it('shares a total out in whole numbers that add up to it exactly (largest remainders)', () => {
    expect(largestRemainder(10, [1, 1, 1])).toEqual([3, 3, 4]);
    expect(largestRemainder(7, [660, 991, 1410])).toEqual([2, 2, 3]);
    expect(largestRemainder(5, [0, 0])).toEqual([2, 3]);
    expect(largestRemainder(0, [3, 4])).toEqual([0, 0]);
    for (const total of [1, 17, 3262, 99_999]) expect(largestRemainder(total, [30, 31, 30, 31, 31, 30]).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('lists the months of a range with their days in it and the range\'s last day in each', () => {
    expect(monthsOfRange('2026-01-15', '2026-03-10')).toEqual([
      { month: '2026-01-01', lastDay: '2026-01-31', days: 17 },
      { month: '2026-02-01', lastDay: '2026-02-28', days: 28 },
      { month: '2026-03-01', lastDay: '2026-03-10', days: 10 },
    ]);
    expect(spreadOf('2026-09-01', '2026-09-30', null).kind).toBe('single-month');
    expect(spreadOf('2026-08-01', '2026-09-30', [{ day: '2026-08-03', clicks: 0, impressions: 0 }]).kind).toBe('even');
  });

  it('spreads a six-month export by its daily table: each query\'s months add up to its totals, and the months follow the daily clicks', async () => {
    const { spreads, rows, traffic, problems } = await parsed(new Uint8Array(gscSixMonths.zip()));
    expect(problems).toEqual([]);
    expect(spreads).toEqual(['daily']);
    // Daily clicks per month: 660, 991, 1410, 1921, 1301, 810; impressions 17,895 … 21,645 (Dates.csv).
    expect(perMonth(rows, 'crumb and kiln', 'clicks')).toEqual([304, 456, 648, 883, 598, 373]);
    expect(perMonth(rows, 'crumb and kiln', 'impressions')).toEqual([1432, 2101, 2931, 3961, 2721, 1731]);
    expect(perMonth(rows, 'wood fired bread', 'clicks')).toEqual([79, 119, 169, 231, 156, 97]);
    // 4 clicks over 18,602 impressions: the months without a click still had impressions, so they keep their row.
    expect(perMonth(rows, 'is rye bread\ngood for you', 'clicks')).toEqual([0, 1, 1, 1, 1, 0]);
    expect(perMonth(rows, 'is rye bread\ngood for you', 'impressions')).toEqual([1790, 2627, 3665, 4953, 3402, 2165]);
    // Each month's row is dated the range's last day in it, at the query's rounded average position, on no known page.
    expect(rows.filter((row) => row.keyword === 'crumb and kiln').map((row) => row.date))
      .toEqual(['2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30']);
    expect(rows.find((row) => row.keyword === 'wood fired bread')).toMatchObject({ position: 6, site: gscSixMonths.domain });
    expect(rows.every((row) => row.url === undefined)).toBe(true);
    // Every query: its months add up exactly to the file's totals (Queries.csv).
    const queryTotals = { 'crumb and kiln': [3262, 14877], 'how do you keep a wood oven at "bread heat"\nall day long?': [567, 37194], 'crumb and kiln opening hours': [141, 3719] };
    for (const [query, [clicks, impressions]] of Object.entries(queryTotals)) {
      expect(perMonth(rows, query, 'clicks').reduce((a, b) => a + b, 0)).toBe(clicks);
      expect(perMonth(rows, query, 'impressions').reduce((a, b) => a + b, 0)).toBe(impressions);
    }
    // The queries' clicks of a month are the daily table's month within 1 % (the file's queries add up to the daily table).
    const daily = gscSixMonths.dailyByMonth();
    for (const month of gscSixMonths.months) {
      const clicks = rows.filter((row) => `${row.date.slice(0, 7)}-01` === month).reduce((sum, row) => sum + row.clicks!, 0);
      expect(Math.abs(clicks - daily.get(month)!.clicks)).toBeLessThanOrEqual(0.01 * daily.get(month)!.clicks);
    }
    // Pages.csv: the home page's own months; the daily table: the whole site's months, exactly.
    const home = traffic.filter((row) => row.url === 'https://crumb-and-kiln.example.org/');
    expect(home.map((row) => row.clicks)).toEqual([396, 595, 846, 1152, 780, 486]);
    expect(home.map((row) => row.impressions)).toEqual([3579, 5253, 7329, 9902, 6802, 4329]);
    expect(home[0]).toMatchObject({ site: gscSixMonths.domain, month: '2026-04-01', territory: 'US', position: 1.4 });
    expect(traffic.filter((row) => row.url !== null)).toHaveLength(gscSixMonths.pages * 6);
    const site = traffic.filter((row) => row.url === null);
    expect(site.map((row) => [row.month, row.clicks, row.impressions])).toEqual(gscSixMonths.months.map((month) => [month, daily.get(month)!.clicks, daily.get(month)!.impressions]));
  });

  it('spreads evenly by the days of each month without a daily table, and says so', async () => {
    const { spreads, rows, traffic } = await parsed(new Uint8Array(gscSixMonths.zipWithoutDaily()));
    expect(spreads).toEqual(['even']);
    // 3,262 clicks over 30, 31, 30, 31, 31 and 30 days.
    expect(perMonth(rows, 'crumb and kiln', 'clicks')).toEqual([535, 552, 535, 552, 553, 535]);
    expect(perMonth(rows, 'crumb and kiln', 'impressions')).toEqual([2439, 2520, 2439, 2520, 2520, 2439]);
    // Pages keep their own months; without a daily table the whole site's months are not known (no row, not zero).
    expect(traffic.filter((row) => row.url === null)).toEqual([]);
    expect(traffic).toHaveLength(gscSixMonths.pages * 6);
  });

  it('spreads Queries.csv alone over the range the user gives, and refuses a range that is not one', async () => {
    const queries = new Uint8Array(Buffer.from('Top queries,Clicks,Impressions,CTR,Position\nsome query,10,61,16.39%,2.5\n'));
    const { spreads, rows } = await parsed(queries, { domain: 'example.org', dateFrom: '2026-01-15', dateTo: '2026-03-10' }, 'Queries.csv');
    expect(spreads).toEqual(['even']);
    // 17, 28 and 10 days of 55.
    expect(rows.map((row) => [row.date, row.clicks, row.impressions])).toEqual([['2026-01-31', 3, 19], ['2026-02-28', 5, 31], ['2026-03-10', 2, 11]]);
    await expect(parsed(queries, { domain: 'example.org', dateFrom: '2026-03-10', dateTo: '2026-01-15' }, 'Queries.csv'))
      .rejects.toThrow('The date range 2026-03-10 to 2026-01-15 is not a range of days');
    await expect(parsed(queries, { domain: 'example.org' }, 'Queries.csv')).rejects.toThrow('give its first and last day (dateFrom, dateTo)');
  });
});

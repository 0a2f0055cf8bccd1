import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's own test data (infra/test/data, README.md there): small files in each import format with its
 * quirks, written for Serpwise. Every test reads these; the real files of ../shared/fixtures are the corpus tests'.
 */
export const testDataDir = fileURLToPath(new URL('./data/', import.meta.url));

/** The bytes of a test data file, by its path under infra/test/data. */
export const testData = (path: string): Buffer => readFileSync(join(testDataDir, path));

/** The path of a test data file, for streaming it. */
export const testDataPath = (path: string): string => join(testDataDir, path);

/** The Search Console export as the ZIP Search Console downloads (gsc-export.zip, built from gsc-export/). */
export const gscExportZip = (): Buffer => testData('gsc-export.zip');

/** The site, month and counts of that export (what tests check an import of it against). */
export const gscExport = { domain: 'harrowgate-bakehouse.org', home: 'https://harrowgate-bakehouse.org/', month: '2026-09', date: '2026-09-30', queries: 22, pages: 6 } as const;

/** Formula-injection payloads, one a line (security/formula-injection.txt). */
export const formulaPayloads = (): string[] => testData('security/formula-injection.txt').toString('utf8').split('\n').filter((line) => line.length > 0);

/**
 * The six-month Search Console export (gsc-six-months/, built by generate.mjs): its ZIP with the daily table, the same
 * without it, its site and range, and the daily table's clicks and impressions per month (what a spread must match).
 */
export const gscSixMonths = {
  zip: (): Buffer => testData('gsc-six-months.zip'),
  zipWithoutDaily: (): Buffer => testData('gsc-six-months-no-daily.zip'),
  domain: 'crumb-and-kiln.example.org',
  from: '2026-04-01',
  to: '2026-09-30',
  months: ['2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01'],
  queries: 8,
  pages: 4,
  /** Per month (YYYY-MM-01), the daily table's clicks and impressions added up. */
  dailyByMonth(): Map<string, { clicks: number; impressions: number }> {
    const months = new Map<string, { clicks: number; impressions: number }>();
    for (const line of testData('gsc-six-months/Dates.csv').toString('utf8').trim().split('\n').slice(1)) {
      const [day, clicks, impressions] = line.split(',');
      const month = `${day!.slice(0, 7)}-01`;
      const totals = months.get(month) ?? { clicks: 0, impressions: 0 };
      months.set(month, { clicks: totals.clicks + Number(clicks), impressions: totals.impressions + Number(impressions) });
    }
    return months;
  },
} as const;

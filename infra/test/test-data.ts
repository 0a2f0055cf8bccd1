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
export const gscExport = { domain: 'harrowgate-bakehouse.org', home: 'https://harrowgate-bakehouse.org/', month: '2026-09', date: '2026-09-30', queries: 22 } as const;

/** Formula-injection payloads, one a line (security/formula-injection.txt). */
export const formulaPayloads = (): string[] => testData('security/formula-injection.txt').toString('utf8').split('\n').filter((line) => line.length > 0);

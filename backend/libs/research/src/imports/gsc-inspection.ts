import { importInspectZipBytes, type ImportDetail, type ImportInspection } from '@serpwise/contracts';
import { comparisonProblem, excelWorkbookWords, rangeOfGscTables, siteOf, tableOf, unzipTables, type GscTables } from './gsc-parser.js';
import { WrongFileError } from './import-parser.js';
import { isExcelWorkbook, type CsvRecord } from './text-input.js';

const what = 'a Google Search Console Performance export (its ZIP, or its queries CSV)';

type Inspected = Pick<ImportInspection, 'needs' | 'found'>;

/**
 * What a Search Console export says itself: the ZIP (read whole) its site (Pages.csv) and range (Filters.csv or the
 * daily table); the queries CSV alone says neither. Refuses what is not an export with the parser's words.
 */
export async function inspectGscExport(bytes: Uint8Array, fileName: string, complete: boolean, header: () => Promise<CsvRecord | null>): Promise<Inspected> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) {
    const first = await header();
    if (!first || tableOf([first], fileName) !== 'queries') {
      throw new WrongFileError(`This is not ${what}: its first line should start with "Top queries" (it reads "${(first?.fields ?? []).join(',').slice(0, 120)}").`);
    }
    const comparison = comparisonProblem(first.fields);
    if (comparison) throw new WrongFileError(comparison);
    return { needs: ['site', 'dateRange', 'territory'], found: {} };
  }
  if (isExcelWorkbook(bytes)) throw new WrongFileError(excelWorkbookWords);
  async function* whole() {
    yield bytes;
  }
  // Search Console's ZIPs are a few hundred KB: one the form could not send whole is not one.
  if (!complete) throw new WrongFileError(`The archive is larger than ${importInspectZipBytes / 1024 / 1024} MB: it is not ${what}.`);
  let tables: GscTables;
  try {
    tables = await unzipTables(whole());
  } catch (error) {
    throw error instanceof WrongFileError ? error : new WrongFileError(`The ZIP archive cannot be read (${(error as Error).message}): it is not ${what}.`);
  }
  if (!tables.queries) throw new WrongFileError(`This is not ${what}: the archive has no queries table (Queries.csv).`);
  const comparison = comparisonProblem(tables.queries[0]?.fields ?? []);
  if (comparison) throw new WrongFileError(comparison);
  const site = siteOf(tables, { territory: 'US' });
  const range = rangeOfGscTables(tables);
  const needs: ImportDetail[] = [...(site ? [] : ['site' as const]), ...(range ? [] : ['dateRange' as const]), 'territory'];
  return { needs, found: { site, dateFrom: range?.from ?? null, dateTo: range?.to ?? null } };
}

import { parseGscExport } from './gsc-parser.js';
import type { ImportFormat } from '@serpwise/contracts';
import { inBatches, type ImportBatchParser, type ImportParser } from './import-parser.js';
import { parseKeywordPlanner } from './keyword-planner-parser.js';
import { parseOrganicPositions } from './organic-positions-parser.js';
import { parseSerpFile, parseSerpFileBatches } from './serp-file-parser.js';

/** One streaming parser per import format. */
export const importParsers: Record<ImportFormat, ImportParser> = {
  gsc: parseGscExport,
  'keyword-planner': parseKeywordPlanner,
  'organic-positions': parseOrganicPositions,
  serp: parseSerpFile,
};

/**
 * The same parsers yielding batches of records (what the import job reads). A SERP file, the one that runs to
 * millions of rows, is parsed a chunk at a time; the other formats' files are small and keep their row-by-row parser.
 */
export const importBatchParsers: Record<ImportFormat, ImportBatchParser> = {
  gsc: inBatches(parseGscExport),
  'keyword-planner': inBatches(parseKeywordPlanner),
  'organic-positions': inBatches(parseOrganicPositions),
  serp: parseSerpFileBatches,
};

import { parseGscExport } from './gsc-parser.js';
import type { ImportFormat } from '@serpwise/contracts';
import type { ImportParser } from './import-parser.js';
import { parseKeywordPlanner } from './keyword-planner-parser.js';
import { parseOrganicPositions } from './organic-positions-parser.js';
import { parseSerpFile } from './serp-file-parser.js';

/** One streaming parser per import format. */
export const importParsers: Record<ImportFormat, ImportParser> = {
  gsc: parseGscExport,
  'keyword-planner': parseKeywordPlanner,
  'organic-positions': parseOrganicPositions,
  serp: parseSerpFile,
};

export * from './import-parser.js';
export * from './import-parsers.js';
export * from './text-input.js';
export { parseGscExport } from './gsc-parser.js';
export { parseKeywordPlanner } from './keyword-planner-parser.js';
export { parseOrganicPositions } from './organic-positions-parser.js';
export { parseSerpFile } from './serp-file-parser.js';
export * from './history-export.js';

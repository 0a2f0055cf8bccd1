export * from './tracked-keyword-metrics.js';
export * from './group-summary.js';
export * from './tracked-keyword-table.js';
export * from './tracked-keyword-report.js';

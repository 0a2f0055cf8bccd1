export * from './tracked-keyword-metrics.js';
export * from './group-summary.js';

export * from './keyword-overview.js';
export * from './related-keywords.js';
export * from './related-keyword-words.js';
export * from './keyword-ranking-history.js';
export * from './serp-analysis.js';
export * from './keyword-backlinks.js';
export * from './bulk-keywords.js';
export * from './keyword-advisor.js';

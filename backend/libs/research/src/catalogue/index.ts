export * from './research-table.js';
export * from './seo-tables.js';
export * from './ppc-tables.js';
export * from './catalogue.js';
export * from './table-page.js';

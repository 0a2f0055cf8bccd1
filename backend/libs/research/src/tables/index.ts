export * from './built-query.js';
export * from './table-spec.js';
export * from './ordered-table.js';
export * from './page-of.js';
export * from './ordering.js';
export * from './keyword-sql.js';
export * from './withhold.js';
export * from './keyset.js';

export * from './research-data-provider.js';
export * from './dataforseo-prices.js';
export * from './dataforseo-research.adapter.js';
export * from './research-data-errors.js';
export * from './create-research-data-provider.js';

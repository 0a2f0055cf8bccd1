export * from './serp-provider.js';
export * from './serp-backoff.js';
export * from './territories.js';
export * from './dataforseo.adapter.js';
export * from './serpapi.adapter.js';
export * from './openserp.adapter.js';
export * from './demo-market.provider.js';
export * from './create-serp-provider.js';

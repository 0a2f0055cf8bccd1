export * from './ppc-overview.js';
export * from './ppc-competitors.js';
export * from './ppc-kombat.js';
export * from './ppc-keywords.js';
export * from './ad-history.js';
export * from './adwords-advisor.js';
export * from './ad-templates.js';

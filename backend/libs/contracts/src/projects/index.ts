export * from './messages.js';
export * from './limits.js';
export * from './common.js';
export * from './projects.api.js';
export * from './keywords.api.js';
export * from './outreach.api.js';

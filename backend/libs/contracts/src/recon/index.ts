export * from './recon.api.js';
export * from './dashboard.api.js';

export * from './config/environment.js';
export * from './jobs/job-contract.js';
export * from './jobs/job-status.js';
export * from './jobs/diagnostic.job.js';
export * from './jobs/job-registry.js';
export * from './realtime/server-to-client-events.js';
export * from './http/conventions.js';
export * from './api/jobs.api.js';

// Business rules both the API and the worker run: billing periods, plan access and renewals; what a job stores in
// its record and how its owner sees it (exports, imports, reports); report schedules; landing project imports.
// Infrastructure comes from @serpwise/platform.
export * from './billing/billing-period.js';
export * from './billing/plan-access.js';
export * from './billing/subscription-renewals.js';
export * from './exports/export-status.js';
export * from './imports/import-status.js';
export * from './jobs/job-presenters.js';
export * from './reports/report-schedules.js';
export * from './reports/report-status.js';
export * from './projects/keyword-import-landing.js';
export * from './projects/outreach-import-landing.js';

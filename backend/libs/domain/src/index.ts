// Business rules both the API and the worker run: billing periods, plan access and renewals; what a job stores in
// its record and how its owner sees it (exports, imports, reports); the work of export and report jobs (streaming a
// table into a file, rendering and delivering a PDF report); report schedules; landing project imports.
// Infrastructure comes from @serpwise/platform.
export * from './billing/billing-period.js';
export * from './billing/plan-access.js';
export * from './billing/receipt-mail.js';
export * from './billing/subscription-renewals.js';
export * from './exports/export-status.js';
export * from './exports/table-export.js';
export * from './exports/export-resume.js';
export * from './exports/export-row-cells.js';
export * from './exports/export-yield.js';
export * from './exports/writers/csv-writer.js';
export * from './exports/writers/xlsx-writer.js';
export type * from './exports/writers/table-writer.js';
export * from './imports/import-status.js';
export * from './imports/import-deletion-status.js';
export * from './jobs/job-presenters.js';
export * from './jobs/job-run.js';
export * from './reports/report-delivery.js';
export * from './reports/report-schedules.js';
export * from './reports/report-status.js';
export * from './reports/scheduled-delivery.js';
export * from './reports/report-mail.js';
export * from './reports/share-token.js';
export * from './alerts/rank-alert-rules.js';
export * from './projects/keyword-import-landing.js';
export * from './projects/outreach-import-landing.js';
export * from './projects/project-import-status.js';
export * from './search-console/search-console-status.js';

import { z } from 'zod';
import { exportFactsSchema } from '../exports/export.api.js';
import { importFactsSchema } from '../imports/import.api.js';
import { pdfExportFactsSchema } from '../reports/pdf-export.api.js';
import { exportJob } from './export.job.js';
import { importDeleteJob, importDeletionFactsSchema } from './import-delete.job.js';
import { importJob } from './import.job.js';
import { jobStatusSchema, type JobStatus } from './job-status.js';
import { liveDataJob } from './live-data.job.js';
import { keywordImportJob, outreachImportJob } from './project-import.job.js';
import { reportJob } from './report.job.js';
import { searchConsoleRemoveJob, searchConsoleSyncJob } from './search-console.job.js';
import { searchConsoleSyncFactsSchema } from '../search-console/search-console.api.js';

/**
 * The job center (issue 21): every job a user started or that works for them — exports of every format, PDF reports
 * (scheduled deliveries too), imports, project imports, import deletions, Search Console syncs and live-data fetches — in
 * one list (GET /rest/jobs), the header's tray and /exports. Other jobs (diagnostics, keyword fetches) are followed where
 * they were started.
 */
export const jobCenterJobNames = [
  exportJob.name,
  reportJob.name,
  importJob.name,
  importDeleteJob.name,
  keywordImportJob.name,
  outreachImportJob.name,
  searchConsoleSyncJob.name,
  searchConsoleRemoveJob.name,
  liveDataJob.name,
] as const;
export type JobCenterJobName = (typeof jobCenterJobNames)[number];
export const isJobCenterJob = (name: string): name is JobCenterJobName => (jobCenterJobNames as readonly string[]).includes(name);

export const jobListLimits = { default: 20, max: 100 } as const;

/** A page's cursor: the last row's createdAt and id ("2026-11-27T10:15:00.000Z_<uuid>"), newest first. */
const cursorPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/;
export const jobListCursor = (job: Pick<JobStatus, 'createdAt' | 'id'>) => `${job.createdAt}_${job.id}`;
export const readJobListCursor = (cursor: string) => {
  const at = cursor.indexOf('_');
  return { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
};

/** GET /rest/jobs?limit=&before=: a page of the user's jobs, newest first; `before` is the last page's `next`. */
export const listJobsQuerySchema = z.object({
  limit: z.coerce.number({ error: `limit must be a whole number from 1 to ${jobListLimits.max}.` }).int(`limit must be a whole number from 1 to ${jobListLimits.max}.`).min(1, `limit must be a whole number from 1 to ${jobListLimits.max}.`).max(jobListLimits.max, `limit must be a whole number from 1 to ${jobListLimits.max}.`).default(jobListLimits.default),
  before: z.string().regex(cursorPattern, 'before must be the next cursor of a previous page.').optional(),
});
export type ListJobsQuery = z.infer<typeof listJobsQuerySchema>;

/** A large keyword or outreach import into a project (issue 9), as its row in the job center tells it. */
export const projectImportFactsSchema = z.object({
  kind: z.enum(['keywords', 'outreach']),
  /** Null: the All Projects bucket (outreach). */
  projectId: z.string().nullable(),
  /** Keywords or rows sent. */
  items: z.number().nullable(),
  /** The project's name, as the job center's list reads it (socket events leave it out). */
  projectName: z.string().optional(),
});
export type ProjectImportFacts = z.infer<typeof projectImportFactsSchema>;

/** A live-data fetch (issue 20), as its row in the job center tells it: what was fetched, for which territory. */
export const liveDataFetchFactsSchema = z.object({ kind: z.enum(['domain', 'keyword']), subject: z.string(), territory: z.string() });
export type LiveDataFetchFacts = z.infer<typeof liveDataFetchFactsSchema>;

/** Any job of the job center: its status, the facts of its kind (exactly one of them), and where a queued one stands. */
export const jobCenterEntrySchema = jobStatusSchema.extend({
  export: exportFactsSchema.optional(),
  pdf: pdfExportFactsSchema.optional(),
  import: importFactsSchema.optional(),
  deletion: importDeletionFactsSchema.optional(),
  projectImport: projectImportFactsSchema.optional(),
  searchConsole: searchConsoleSyncFactsSchema.optional(),
  liveData: liveDataFetchFactsSchema.optional(),
});
export type JobCenterEntry = z.infer<typeof jobCenterEntrySchema>;

/** GET /rest/jobs/:id: any job of the session or user; a job-center job carries its kind's facts, another its own. */
export const anyJobStatusSchema = jobCenterEntrySchema.loose();

/** GET /rest/jobs. */
export const jobListPageSchema = z.object({
  jobs: z.array(jobCenterEntrySchema),
  /** The cursor of the next (older) page; null on the last one. */
  next: z.string().nullable(),
  /**
   * How many of the user's job-center jobs are waiting or running now, all of them (not only this page's): the
   * header's jobs button shows it.
   */
  unfinished: z.number(),
});
export type JobListPage = z.infer<typeof jobListPageSchema>;

export const jobCenterMessages = {
  notFound: 'Job not found.',
  notCancellable: 'This job has already finished.',
  notRetryable: 'Only a failed job can be tried again.',
  fileGone: 'The uploaded file of this import was removed after its retention period. Upload it again.',
} as const;

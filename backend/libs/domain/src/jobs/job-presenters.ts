import { exportJob, importDeleteJob, importJob, keywordImportJob, liveDataJob, outreachImportJob, reportJob, searchConsoleSyncJob, type JobStatus } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';
import { presentExport } from '../exports/export-status.js';
import type { DownloadLinks } from '@serpwise/platform';
import { presentImportDeletion } from '../imports/import-deletion-status.js';
import { presentImport } from '../imports/import-status.js';
import { presentProjectImport } from '../projects/project-import-status.js';
import { presentReport } from '../reports/report-status.js';
import { presentSearchConsoleSync } from '../search-console/search-console-status.js';
import { presentLiveDataFetch } from './live-data-status.js';

/** Turns a job's record into what its owner sees, per job name. */
export type JobPresenterMap = Record<string, (status: OwnedJobStatus) => JobStatus>;

/**
 * How each job looks to its owner: the same in the socket event (the worker's and the API's), the status call and
 * the lists. Exports, reports, imports and import deletions add their facts (and a freshly signed link to a file); any other job
 * is its plain status (presentJob). Project imports add which project and how many items (the job center's words).
 */
export function jobPresenters(links: DownloadLinks, fileTtlHours: number) {
  return {
    [exportJob.name]: (status: OwnedJobStatus) => presentExport(status, links, fileTtlHours),
    [reportJob.name]: (status: OwnedJobStatus) => presentReport(status, links),
    [importJob.name]: (status: OwnedJobStatus) => presentImport(status, links),
    [importDeleteJob.name]: presentImportDeletion,
    [keywordImportJob.name]: presentProjectImport,
    [outreachImportJob.name]: presentProjectImport,
    [searchConsoleSyncJob.name]: presentSearchConsoleSync,
    [liveDataJob.name]: presentLiveDataFetch,
  } satisfies JobPresenterMap;
}
export type JobPresenters = ReturnType<typeof jobPresenters>;

/** Any job as its owner sees it: its own presenter, or its plain status. */
export function presentJob(presenters: JobPresenterMap, status: OwnedJobStatus): JobStatus {
  return (presenters[status.name] ?? withoutOwner)(status);
}

/** The Nest token of the API's presenters (made from its DownloadLinks and EXPORT_FILE_TTL_HOURS). */
export const JOB_PRESENTERS = Symbol('JOB_PRESENTERS');

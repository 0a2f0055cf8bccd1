import { exportJob, importDeleteJob, importJob, keywordImportJob, outreachImportJob, reportJob } from '@serpwise/contracts';

/** The failed reason BullMQ gives a job whose worker died (its lock expired) more often than maxStalledCount allows. */
export const stalledTooOftenReason = 'job stalled more than allowable limit';

/** What the user calls each job in a message; any other job is "job". */
const jobNouns: Record<string, string> = {
  [exportJob.name]: 'export',
  [reportJob.name]: 'PDF report',
  [importJob.name]: 'import',
  [importDeleteJob.name]: 'deletion of the import',
  [keywordImportJob.name]: 'keyword import',
  [outreachImportJob.name]: 'outreach import',
};

/**
 * The reason a job's record gets when BullMQ gave the job up without running it to an end (its worker kept dying):
 * a sentence the user can act on instead of BullMQ's internal wording.
 */
export function gaveUpReason(jobName: string, bullReason: string): string {
  const noun = jobNouns[jobName] ?? 'job';
  if (bullReason === stalledTooOftenReason) return `The ${noun} stopped repeatedly and was given up; please try again.`;
  return `The ${noun} could not be finished and was given up (${bullReason}); please try again.`;
}

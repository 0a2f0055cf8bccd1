import type { Identity } from '../sessions/request-session.js';
import { viewerOf } from '../access/viewer.js';
import type { Plan } from './limit-rules.js';

/** The plan a logged-in caller's quotas follow (a child account uses its parent's). */
export const planOf = (identity: Identity): Plan => (viewerOf(identity) === 'full' ? 'full' : 'free');

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/** What a person reads when a quota is used up; `wait` is waitInWords(Retry-After). */
export const limitMessages = {
  sharedReports: (limit: number, wait: string) => `This address has opened ${limit} shared reports in the last minute. Please try again in ${wait}.`,
  exports: (limit: number, wait: string) =>
    `You have started ${limit} exports in the last hour, the most your plan allows. Please try again in ${wait}.`,
  reports: (limit: number, wait: string) =>
    `You have started ${limit} PDF reports in the last hour, the most your plan allows. Please try again in ${wait}.`,
  importFiles: (limit: number, wait: string) =>
    `You have imported ${limit} files today, the most your plan allows. Please try again in ${wait}.`,
  importInspections: (limit: number, wait: string) =>
    `You have chosen ${limit} files to import in the last minute. Please wait ${wait} before choosing another.`,
  assistantQuestions: (limit: number, wait: string) =>
    `You have asked the assistant ${limit} questions in the last hour, the most your plan allows. Please try again in ${wait}.`,
  importBytes: (limitBytes: number, wait: string) =>
    `This file would take your imports past ${megabytes(limitBytes)} today, the most your plan allows. Nothing was stored. Please try again in ${wait}, or import a smaller file.`,
};

import type { CheckedOutreachRow } from './outreach-import-landing.js';

/** What a keyword-import job needs, kept in job_record.payload (the queue carries only the id). */
export interface KeywordImportJobPayload {
  jobId: string;
  ownerUserId: string;
  userId: string;
  projectId: string;
  terms: string[];
  groupNames: string[];
  labelNames: string[];
  /** The allowance when it was asked for; what is used is counted again in the job, under the account's lock. */
  totalCount: number;
}

/** What an outreach-import job needs, kept in job_record.payload. */
export interface OutreachImportJobPayload {
  jobId: string;
  ownerUserId: string;
  userId: string;
  projectId: string | null;
  rows: CheckedOutreachRow[];
}

/** The record's payload, written by the API when it queued the job. */
export const keywordImportPayloadOf = (payload: Record<string, unknown>) => payload as unknown as KeywordImportJobPayload;
export const outreachImportPayloadOf = (payload: Record<string, unknown>) => payload as unknown as OutreachImportJobPayload;

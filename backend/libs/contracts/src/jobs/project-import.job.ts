import { z } from 'zod';
import type { OutreachImportRow } from '../projects/outreach.api.js';
import { defineJob, jobIdPayload, type JobInput } from './job-contract.js';

/** The ImportAnswer (projects/keywords.api.ts) as the keyword-import job's result. */
const keywordImportResult = z.object({
  hasReachedLimit: z.boolean(),
  termCount: z.number().int().min(0),
  alreadyActiveTerms: z.array(z.string()),
  termIdsCsv: z.string(),
  groupHashCsv: z.string(),
  importId: z.uuid().nullable(),
  projectId: z.string(),
  message: z.string(),
  usedCount: z.number().int().min(0),
  totalCount: z.number().int().min(0),
});

/**
 * A large keyword import (KeywordActions/Import or NewProjectImport with more than projectLimits.keywordImportJobThreshold
 * terms, issue 9). The payload is the record's id; its input (the project, terms, groups, labels and allowance)
 * lives in job_record.payload. The import is one transaction under the account's lock (the allowance holds against
 * concurrent imports) whose last write is the answer into the record, so a retried job answers it instead of
 * importing twice. Its import id is the job id: Undo takes it back like any import.
 */
export const keywordImportJob = defineJob({
  queue: 'project-imports',
  name: 'project-import.keywords',
  payload: jobIdPayload,
  input: z.object({
    ownerUserId: z.string(),
    userId: z.string(),
    projectId: z.string(),
    terms: z.array(z.string()),
    groupNames: z.array(z.string()),
    labelNames: z.array(z.string()),
    /** The allowance when it was asked for; what is used is counted again in the job, under the account's lock. */
    totalCount: z.number().int().min(0),
  }),
  result: keywordImportResult,
  attempts: 3,
});

/** The OutreachImportAnswer (projects/outreach.api.ts) as the outreach-import job's result. */
const outreachImportResult = z.object({
  isSuccessful: z.literal(true),
  websitesAdded: z.number().int().min(0),
  linksAdded: z.number().int().min(0),
  contactsAdded: z.number().int().min(0),
  notesAdded: z.number().int().min(0),
  rowCount: z.number().int().min(0),
});

/** An outreach row checked by the API: its website's domain and its link's normalised address. */
export type CheckedOutreachRow = OutreachImportRow & { domainName: string; linkUrl: string | null };
/** The API checked each row against the import's own schema before it was stored; read back, its two derived fields are checked. */
const checkedOutreachRow = z.custom<CheckedOutreachRow>(
  (row) => typeof row === 'object' && row !== null && typeof (row as { domainName?: unknown }).domainName === 'string',
  'An outreach row needs its checked domain.',
);

/** A large outreach import (import/OutreachImport with more than projectLimits.outreachImportJobThreshold rows), the same way. */
export const outreachImportJob = defineJob({
  queue: 'project-imports',
  name: 'project-import.outreach',
  payload: jobIdPayload,
  input: z.object({
    ownerUserId: z.string(),
    userId: z.string(),
    /** Null: the All Projects bucket. */
    projectId: z.string().nullable(),
    rows: z.array(checkedOutreachRow),
  }),
  result: outreachImportResult,
  attempts: 3,
});

export type KeywordImportJobInput = JobInput<typeof keywordImportJob>;
export type OutreachImportJobInput = JobInput<typeof outreachImportJob>;

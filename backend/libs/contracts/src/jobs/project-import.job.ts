import { z } from 'zod';
import { defineJob } from './job-contract.js';

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
 * terms, issue 9). The payload is the record's id; the project, terms, groups, labels and allowance live in
 * job_record.payload. The import is one transaction under the account's lock (the allowance holds against
 * concurrent imports) whose last write is the answer into the record, so a retried job answers it instead of
 * importing twice. Its import id is the job id: Undo takes it back like any import.
 */
export const keywordImportJob = defineJob({
  queue: 'project-imports',
  name: 'project-import.keywords',
  payload: z.object({ jobId: z.uuid() }),
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

/** A large outreach import (import/OutreachImport with more than projectLimits.outreachImportJobThreshold rows), the same way. */
export const outreachImportJob = defineJob({
  queue: 'project-imports',
  name: 'project-import.outreach',
  payload: z.object({ jobId: z.uuid() }),
  result: outreachImportResult,
  attempts: 3,
});

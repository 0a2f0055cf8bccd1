import { z } from 'zod';
import { jobStatusSchema } from './job-status.js';
import { defineJob, jobIdPayload } from './job-contract.js';

/** What deleting an import removed (rows, and the keywords, pages and sites only it brought; the months recounted). */
export const importRemovalSchema = z.object({
  observations: z.number().int().min(0),
  ranks: z.number().int().min(0),
  keywords: z.number().int().min(0),
  pages: z.number().int().min(0),
  domains: z.number().int().min(0),
  months: z.array(z.string()),
});
export type ImportRemoval = z.infer<typeof importRemovalSchema>;

/**
 * Deleting an import (issue 19, docs/architecture.md "How an import is deleted"): removes every row the import
 * brought, the keywords, pages and sites only it brought, recounts the months it touched, then its files and records.
 * The removal runs in one transaction whose batches report progress (rows removed of rows in all): a cancel or a
 * killed worker rolls it back, so the import is whole again, and the next attempt starts over.
 */
export const importDeleteJob = defineJob({
  queue: 'imports',
  name: 'import.delete',
  payload: jobIdPayload,
  input: z.object({
    importId: z.uuid(),
    /** Shown in the deletion's status ("Deleting stupski.zip…"). */
    fileName: z.string(),
  }),
  result: importRemovalSchema,
  // A killed worker's run is rolled back and taken up again (docs/decisions.md, issue 19 point 6).
  attempts: 5,
});

/** The dedupe key of an import's deletion: a second DELETE while one runs answers the running one. */
export const importDeleteKey = (importId: string) => `import.delete:${importId}`;

/** A deletion as its owner sees it: the job status plus which import it removes and, once done, what went. */
export const importDeletionFactsSchema = z.object({ importId: z.string(), fileName: z.string(), removed: importRemovalSchema.nullable() });
export const importDeletionStatusSchema = jobStatusSchema.extend({ deletion: importDeletionFactsSchema });
export type ImportDeletionStatus = z.infer<typeof importDeletionStatusSchema>;

export const importDeletionMessages = {
  /** Cancel of a deletion that has already removed the rows (or of nothing running). */
  notCancellable: 'Nothing is running on this import any more.',
  cancelled: 'Deletion cancelled: nothing was removed.',
} as const;

/**
 * The checkpoint key a deletion writes in the transaction that removes the rows (with the record locked until its
 * COMMIT): a later attempt answers it instead of removing again, and a cancel that comes after it is refused.
 */
export const importDeletionCheckpoint = 'removed';

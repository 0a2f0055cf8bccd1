import { importDeleteJob, importRemovalSchema, readJobInput, type ImportDeletionStatus } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';

/** An import's deletion as its owner sees it (socket event, status call, the import's row): which import, and what went. */
export function presentImportDeletion(status: OwnedJobStatus): ImportDeletionStatus {
  const input = readJobInput(importDeleteJob, status.payload);
  // The result holds the removal's checkpoint while it runs; it is what went only once the job completed.
  const removed = status.state === 'completed' ? importRemovalSchema.safeParse(status.result).data ?? null : null;
  return { ...withoutOwner(status), deletion: { importId: input.importId, fileName: input.fileName, removed } };
}

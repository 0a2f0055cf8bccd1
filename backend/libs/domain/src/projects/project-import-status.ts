import { keywordImportJob, type JobStatus, type ProjectImportFacts } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';

/**
 * A large project import as its owner sees it: its plain status (the panel reads the answer from its result) plus
 * which project and how many keywords or rows. Read leniently: the job center's list reads the record without its
 * terms or rows, only their count (`itemCount`) and the project's name (`projectName`, JobRecordRepository.pageByUser).
 */
export function presentProjectImport(status: OwnedJobStatus): JobStatus & { projectImport: ProjectImportFacts } {
  const { payload } = status;
  const listed = Array.isArray(payload.terms) ? payload.terms.length : Array.isArray(payload.rows) ? payload.rows.length : null;
  const items = listed ?? (typeof payload.itemCount === 'number' ? payload.itemCount : null);
  return {
    ...withoutOwner(status),
    projectImport: {
      kind: status.name === keywordImportJob.name ? 'keywords' : 'outreach',
      projectId: typeof payload.projectId === 'string' ? payload.projectId : null,
      items,
      // Only the list reads the project's name with the record; an event leaves it out rather than saying null.
      ...(typeof payload.projectName === 'string' ? { projectName: payload.projectName } : {}),
    },
  };
}

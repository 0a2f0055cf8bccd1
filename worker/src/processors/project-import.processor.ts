import type { EntityManager } from '@mikro-orm/postgresql';
import {
  keywordImportJob,
  outreachImportJob,
  projectMessages,
  type ImportAnswer,
  type JobContract,
  type JobInput,
  type JobPayload,
  type JobResult,
  type OutreachImportAnswer,
} from '@serpwise/contracts';
import { JobRecordRepository, projectRepositoriesOn, type ProjectRepositories } from '@serpwise/database';
import { KeywordImportConflict, landKeywordImport, landOutreachImport } from '@serpwise/domain';
import { UnrecoverableError } from 'bullmq';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';

/** Progress is written (row, socket event) at most this often, and at the end. */
const defaultProgressEveryMs = 250;

export interface ProjectImportOptions {
  /** At most one progress report per this many ms (tests pass 0 to see every batch, whatever the machine's speed). */
  progressEveryMs?: number;
}

/**
 * Runs one project import in one transaction. Exactly once, whatever happens to the worker: the last write of the
 * transaction puts the answer into the job's checkpoint, so it commits together with the rows; a retried job (the
 * worker died after the commit) finds the answer there and returns it without importing again, and one that died
 * before the commit imports from scratch (nothing of the first attempt remains).
 */
async function exactlyOnce<C extends JobContract>(
  em: () => EntityManager,
  context: JobContext,
  progressEveryMs: number,
  land: (transaction: EntityManager, progress: Progress) => Promise<JobResult<C>>,
): Promise<JobResult<C>> {
  const earlier = context.checkpoint?.answer;
  if (earlier) return earlier as JobResult<C>;
  let lastProgress = 0;
  const progress = async (done: number, total: number, message: string) => {
    if (done < total && Date.now() - lastProgress < progressEveryMs) return;
    lastProgress = Date.now();
    // The progress write goes through the runner's own connection; the job record is not locked by this transaction.
    if (!(await context.progress(done, total, message))) throw new JobCancelledError();
  };
  return em().transactional(async (transaction) => {
    const answer = await land(transaction as EntityManager, progress);
    // The fence: only the run holding the job's current attempt (not cancelled, not taken over after a lost lock)
    // commits; any other rolls back. The record stays locked until COMMIT, so a run taking the job over after it
    // reads the answer from the checkpoint.
    const owned = await new JobRecordRepository(transaction as EntityManager).saveCheckpoint(context.jobId, context.attempt, { answer });
    if (!owned) throw new JobCancelledError();
    return answer;
  });
}

type ProjectImportJob = typeof keywordImportJob | typeof outreachImportJob;
type Progress = (done: number, total: number, message: string) => Promise<void>;

/** What both project imports do alike: read the job's record, then land it exactly once. Each import says how it lands. */
abstract class ProjectImportProcessor<C extends ProjectImportJob> implements JobHandler<C> {
  abstract readonly contract: C;

  constructor(
    private readonly em: () => EntityManager,
    private readonly options: ProjectImportOptions = {},
  ) {}

  async handle(payload: JobPayload<C>, context: JobContext): Promise<JobResult<C>> {
    const { input: job } = await recordedJob(this.em(), this.contract, payload.jobId);
    return exactlyOnce<C>(this.em, context, this.options.progressEveryMs ?? defaultProgressEveryMs, (transaction, progress) =>
      this.land(job, projectRepositoriesOn(transaction), progress, payload.jobId),
    );
  }

  /** Lands the import through the transaction's repositories; jobId is the import's id. */
  protected abstract land(job: JobInput<C>, repositories: ProjectRepositories, progress: Progress, jobId: string): Promise<JobResult<C>>;
}

/** The "Imported 10 of 20 keywords" report of one batch. */
const importedOf = (progress: Progress, unit: string) => (done: number, total: number) =>
  progress(done, total, `Imported ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}`);

/** A large keyword import (KeywordActions/Import, NewProjectImport): docs/architecture.md, "How a large import flows". */
export class KeywordImportProcessor extends ProjectImportProcessor<typeof keywordImportJob> {
  readonly contract = keywordImportJob;

  protected async land(job: JobInput<typeof keywordImportJob>, repositories: ProjectRepositories, progress: Progress, jobId: string): Promise<ImportAnswer> {
    const project = await repositories.projects.findForOwner(job.ownerUserId, job.projectId);
    if (!project) throw new UnrecoverableError(projectMessages.projectNotFound);
    await progress(0, job.terms.length, `Importing ${job.terms.length.toLocaleString('en-US')} keywords…`);
    try {
      // The import id is the job id: Undo of this import is Undo of the job, and a rerun cannot make a second one.
      return await landKeywordImport(repositories, { ...job, project, importId: jobId, progress: importedOf(progress, 'keywords') });
    } catch (error) {
      // Someone made a group of that name meanwhile: running again would not change that.
      if (error instanceof KeywordImportConflict) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}

/** A large outreach import (import/OutreachImport), the same way. */
export class OutreachImportProcessor extends ProjectImportProcessor<typeof outreachImportJob> {
  readonly contract = outreachImportJob;

  protected async land(job: JobInput<typeof outreachImportJob>, repositories: ProjectRepositories, progress: Progress): Promise<OutreachImportAnswer> {
    if (job.projectId && !(await repositories.projects.findForOwner(job.ownerUserId, job.projectId))) {
      throw new UnrecoverableError(projectMessages.projectNotFound);
    }
    await progress(0, job.rows.length, `Importing ${job.rows.length.toLocaleString('en-US')} rows…`);
    return landOutreachImport(repositories, { ...job, progress: importedOf(progress, 'rows') });
  }
}

import { Injectable } from '@nestjs/common';
import {
  importErrorCodes,
  isAllProjects,
  keywordImportJob,
  keywordsOfText,
  projectLimits,
  projectMessages,
  type ImportAnswer,
  type ImportKeywordsBody,
  type NewProjectImportBody,
  type QueuedImportAnswer,
  type UndoImportAnswer,
  analyticsCountBucket,
} from '@serpwise/contracts';
import type { ProjectRecord, ProjectRepositories } from '@serpwise/database';
import { randomUUID } from 'node:crypto';
import { checkKeywordAllowance, KeywordImportConflict, keywordLimitAnswer, landKeywordImport } from '@serpwise/domain';
import type { Identity, RequestSession } from '../../sessions/request-session.js';
import { KeywordAllowanceService } from '../core/keyword-allowance.service.js';
import { AnalyticsRecorder, JobStarter } from '@serpwise/platform';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService, type ProjectCaller } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';
import { createProjectWith } from '../core/projects.service.js';

interface ImportRequest {
  texts: string[];
  groupNames: string[];
  labelNames: string[];
}

/** The terms of an import, checked: at least one, at most what the largest allowance permits. */
function termsOf(request: ImportRequest): string[] {
  const terms = keywordsOfText(request.texts.join('\n'));
  if (!terms.length) throw new ProjectRefusal(400, projectMessages.noKeywords);
  if (terms.length > projectLimits.maxKeywordsPerImport) throw new ProjectRefusal(400, projectMessages.importTooLarge(projectLimits.maxKeywordsPerImport));
  return terms;
}

/** The transaction's verdict on a large import: checked, to be queued into this project. */
interface QueuedImport {
  queued: ProjectRecord;
}

const runsAsJob = (terms: string[]) => terms.length > projectLimits.keywordImportJobThreshold;

/**
 * KeywordActions/Import and NewProjectImport with Undo (docs/product/projects.md §3, §4, §8). One import is one transaction under a
 * per-account lock, so the allowance holds under concurrent imports; an import that would pass the allowance
 * changes nothing and answers hasReachedLimit with the documented message. Rows it adds carry its id, so Undo
 * removes exactly the keywords, memberships, groups and labels it added. More than 1,000 terms run as a job
 * (keywordImportJob): the request checks what it can and answers 202 with the job; the worker lands it the same way.
 */
@Injectable()
export class KeywordImportService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly allowance: KeywordAllowanceService,
    private readonly transactions: ProjectTransactions,
    private readonly jobs: JobStarter,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async import(session: RequestSession, identity: Identity, body: ImportKeywordsBody): Promise<ImportAnswer | QueuedImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const terms = termsOf(body);
    const totalCount = await this.allowance.totalFor(identity);
    const outcome = await this.transactions.run(async (repositories): Promise<ImportAnswer | QueuedImport> => {
      if (!(await repositories.projects.countForOwner(caller.ownerUserId))) {
        throw new ProjectRefusal(409, projectMessages.noProjects, importErrorCodes.noProjects);
      }
      if (isAllProjects(body.projectId)) throw new ProjectRefusal(400, projectMessages.noProjectSelected, importErrorCodes.noProjectSelected);
      const project = await repositories.projects.findForOwner(caller.ownerUserId, body.projectId!);
      if (!project) throw new ProjectRefusal(404, projectMessages.projectNotFound);
      if (runsAsJob(terms)) return this.checkForJob(repositories, caller, project, terms, totalCount);
      return this.importInto(repositories, caller, project, terms, body, totalCount);
    });
    const answer = await this.startIfQueued(session, caller, outcome, terms, body, totalCount);
    // The keywords asked for, as a bucket (a number of keywords is the account's own business).
    if (terms.length) this.analytics.record('Keyword_Added_To_Project', analyticsCountBucket(terms.length));
    return answer;
  }

  /** Creates the project and imports into it, together; over the allowance neither happens. */
  async newProjectImport(session: RequestSession, identity: Identity, body: NewProjectImportBody): Promise<ImportAnswer | QueuedImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const terms = termsOf(body);
    const totalCount = await this.allowance.totalFor(identity);
    const outcome = await this.transactions.run(async (repositories): Promise<ImportAnswer | QueuedImport> => {
      await repositories.keywords.lockOwner(caller.ownerUserId);
      const usedCount = await repositories.keywords.allowanceUsedCount(caller.ownerUserId);
      if (usedCount + terms.length > totalCount) return keywordLimitAnswer('', usedCount, totalCount);
      const project = await createProjectWith(repositories.projects, caller, {
        name: body.projectName,
        domain: body.primaryDomainName,
        territory: body.territory,
      });
      // A large one: the project is made now and the job fills it (docs/decisions.md, "Imports as jobs").
      if (runsAsJob(terms)) return { queued: project };
      return this.importInto(repositories, caller, project, terms, body, totalCount);
    });
    return this.startIfQueued(session, caller, outcome, terms, body, totalCount);
  }

  private async importInto(
    repositories: ProjectRepositories,
    caller: ProjectCaller,
    project: ProjectRecord,
    terms: string[],
    request: ImportRequest,
    totalCount: number,
  ): Promise<ImportAnswer> {
    try {
      return await landKeywordImport(repositories, {
        ownerUserId: caller.ownerUserId,
        userId: caller.userId,
        project,
        terms,
        groupNames: request.groupNames,
        labelNames: request.labelNames,
        totalCount,
        importId: randomUUID(),
      });
    } catch (error) {
      if (error instanceof KeywordImportConflict) throw new ProjectRefusal(409, error.message);
      throw error;
    }
  }

  /**
   * Checks the allowance now, answering hasReachedLimit at once when it is plainly past; else the import is queued.
   * The job counts again under the account's lock, so two imports at once still cannot pass the allowance.
   */
  private async checkForJob({ keywords }: ProjectRepositories, caller: ProjectCaller, project: ProjectRecord, terms: string[], totalCount: number): Promise<ImportAnswer | QueuedImport> {
    const { refusal } = await checkKeywordAllowance(keywords, caller.ownerUserId, project.id, terms, totalCount);
    return refusal ?? { queued: project };
  }

  /** Queues the import once its transaction has committed (so the worker sees the project a NewProjectImport made). */
  private async startIfQueued(
    session: RequestSession,
    caller: ProjectCaller,
    outcome: ImportAnswer | QueuedImport,
    terms: string[],
    request: ImportRequest,
    totalCount: number,
  ): Promise<ImportAnswer | QueuedImportAnswer> {
    if (!('queued' in outcome)) return outcome;
    const project = outcome.queued;
    // Redis away: the record fails ('could not be queued') and the request answers 503.
    const { job } = await this.jobs.start(keywordImportJob, {
      owner: { sessionId: session.id, userId: caller.userId },
      input: { ownerUserId: caller.ownerUserId, userId: caller.userId, projectId: project.id, terms, groupNames: request.groupNames, labelNames: request.labelNames, totalCount },
      total: terms.length,
      whenQueueDown: 'fail',
    });
    const jobId = job.id;
    return { isQueued: true, jobId, projectId: project.id, itemCount: terms.length, message: projectMessages.importQueued(terms.length, project.name) };
  }

  /** Takes an import back, once (a job's import too: its import id is the job id). */
  async undo(identity: Identity, importId: string): Promise<UndoImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    return this.transactions.run(async ({ keywords }) => {
      const record = await keywords.findImportForOwner(caller.ownerUserId, importId);
      if (!record) throw new ProjectRefusal(404, projectMessages.importNotFound);
      if (record.undoneAt) throw new ProjectRefusal(409, projectMessages.importAlreadyUndone);
      const { removedTermCount, removedGroupCount } = await keywords.undoImport(record);
      return { isSuccessful: true, removedTermCount, removedGroupCount, message: projectMessages.importUndone(removedTermCount, removedGroupCount) };
    });
  }
}

import { Injectable } from '@nestjs/common';
import { projectMessages, type KeywordActionAnswer, type MigrateToProjectAnswer } from '@serpwise/contracts';
import type { Identity } from '../../sessions/request-session.js';
import { KeywordAllowanceService } from '../core/keyword-allowance.service.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';

/** Keywords/DeleteKeywordsFromProject, KeywordActions/MigrateToGroup and MigrateToProject (docs/product/projects.md §7). */
@Injectable()
export class KeywordActionsService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly allowance: KeywordAllowanceService,
    private readonly transactions: ProjectTransactions,
  ) {}

  async deleteFromProject(identity: Identity, body: { projectId: string; termIdsCsv: number[] }): Promise<KeywordActionAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.project(caller, body.projectId);
    return this.transactions.run(async ({ keywords }) => {
      const count = await keywords.removeFromProject(project.id, body.termIdsCsv);
      return { isSuccessful: true, count, message: projectMessages.keywordsRemoved(count, { kind: 'project', name: project.name }) };
    });
  }

  /** Puts the project's keywords among the ids into a group, taking them out of the group they came from (if named). */
  async migrateToGroup(identity: Identity, body: { projectId: string; newGroupHash: string; termIdsCsv: number[]; groupHash?: string }): Promise<KeywordActionAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.project(caller, body.projectId);
    return this.transactions.run(async ({ keywords, groups }) => {
      const target = await groups.find(project.id, body.newGroupHash);
      const source = body.groupHash ? await groups.find(project.id, body.groupHash) : null;
      if (!target || (body.groupHash && !source)) throw new ProjectRefusal(404, projectMessages.groupNotFound);
      const inProject = [...(await keywords.presentTermIds(project.id, body.termIdsCsv))];
      await groups.addTerms(project.id, target.groupHash, inProject, null);
      if (source && source.groupHash !== target.groupHash) await groups.removeTerms(source.groupHash, inProject);
      return { isSuccessful: true, count: inProject.length, message: projectMessages.keywordsMoved(inProject.length, { kind: 'group', name: target.name }) };
    });
  }

  /**
   * Copies keywords into another project, or moves them when the project they leave is named. Only keywords the
   * account already tracks can be copied (term ids are shared between accounts). Over the allowance nothing changes.
   */
  async migrateToProject(identity: Identity, body: { newProjectId: string; termIdsCsv: number[]; projectId?: string }): Promise<MigrateToProjectAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const target = await this.scope.project(caller, body.newProjectId);
    const source = body.projectId ? await this.scope.project(caller, body.projectId) : null;
    if (source?.id === target.id) throw new ProjectRefusal(400, projectMessages.sameProject);
    const totalCount = await this.allowance.totalFor(identity);
    return this.transactions.run(async ({ keywords }) => {
      await keywords.lockOwner(caller.ownerUserId);
      const owned = source ? await keywords.presentTermIds(source.id, body.termIdsCsv) : await keywords.presentInAnyProject(caller.ownerUserId, body.termIdsCsv);
      const termIds = body.termIdsCsv.filter((termId) => owned.has(termId));
      const inTarget = await keywords.presentTermIds(target.id, termIds);
      const toAdd = termIds.filter((termId) => !inTarget.has(termId));
      const usedCount = await keywords.allowanceUsedCount(caller.ownerUserId);
      const freed = source ? termIds.length : 0;
      if (toAdd.length && usedCount - freed + toAdd.length > totalCount) {
        return { isSuccessful: false, hasReachedLimit: true, movedCount: 0, alreadyActiveCount: 0, message: projectMessages.keywordLimit(usedCount, totalCount) };
      }
      await keywords.addToProject(target.id, toAdd, null);
      if (source) await keywords.removeFromProject(source.id, termIds);
      const destination = { kind: 'project' as const, name: target.name };
      return {
        isSuccessful: true,
        hasReachedLimit: false,
        movedCount: toAdd.length,
        alreadyActiveCount: termIds.length - toAdd.length,
        message:
          toAdd.length === 0 && termIds.length > 0
            ? projectMessages.selectedKeywordsExist(target.name)
            : source
              ? projectMessages.keywordsMoved(toAdd.length, destination)
              : projectMessages.keywordsAdded(toAdd.length, destination),
      };
    });
  }
}

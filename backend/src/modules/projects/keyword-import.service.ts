import { Injectable } from '@nestjs/common';
import {
  importErrorCodes,
  isAllProjects,
  parseTerms,
  projectLimits,
  projectMessages,
  type ImportAnswer,
  type ImportKeywordsBody,
  type NewProjectImportBody,
  type UndoImportAnswer,
} from '@serpwise/contracts';
import type { ProjectRecord } from '@serpwise/database';
import { randomUUID } from 'node:crypto';
import type { Identity } from '../sessions/request-session.js';
import { KeywordAllowanceService } from './keyword-allowance.service.js';
import { ProjectRefusal } from './project-refusal.js';
import type { ProjectRepositories } from './project-repositories.js';
import { ProjectScopeService, type ProjectCaller } from './project-scope.service.js';
import { ProjectTransactions } from './project-transactions.js';
import { createProjectWith } from './projects.service.js';

interface ImportRequest {
  texts: string[];
  groupNames: string[];
  labelNames: string[];
}

/** The terms of an import, checked: at least one, at most the synchronous limit. */
function termsOf(request: ImportRequest): string[] {
  const terms = parseTerms(request.texts.join('\n'));
  if (!terms.length) throw new ProjectRefusal(400, projectMessages.noKeywords);
  if (terms.length > projectLimits.maxKeywordsPerImport) throw new ProjectRefusal(400, projectMessages.importTooLarge(projectLimits.maxKeywordsPerImport));
  return terms;
}

/**
 * KeywordActions/Import and NewProjectImport with Undo (02 §3, §4, §8). One import is one transaction under a
 * per-account lock, so the allowance holds under concurrent imports; an import that would pass the allowance
 * changes nothing and answers hasReachedLimit with the documented message. Rows it adds carry its id, so Undo
 * removes exactly the keywords, memberships, groups and labels it added.
 */
@Injectable()
export class KeywordImportService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly allowance: KeywordAllowanceService,
    private readonly transactions: ProjectTransactions,
  ) {}

  async import(identity: Identity, body: ImportKeywordsBody): Promise<ImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const terms = termsOf(body);
    const totalCount = await this.allowance.totalFor(identity);
    return this.transactions.run(async (repositories) => {
      if (!(await repositories.projects.countForOwner(caller.ownerUserId))) {
        throw new ProjectRefusal(409, projectMessages.noProjects, importErrorCodes.noProjects);
      }
      if (isAllProjects(body.projectId)) throw new ProjectRefusal(400, projectMessages.noProjectSelected, importErrorCodes.noProjectSelected);
      const project = await repositories.projects.findForOwner(caller.ownerUserId, body.projectId!);
      if (!project) throw new ProjectRefusal(404, projectMessages.projectNotFound);
      return this.importInto(repositories, caller, project, terms, body, totalCount);
    });
  }

  /** Creates the project and imports into it, together; over the allowance neither happens. */
  async newProjectImport(identity: Identity, body: NewProjectImportBody): Promise<ImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const terms = termsOf(body);
    const totalCount = await this.allowance.totalFor(identity);
    return this.transactions.run(async (repositories) => {
      await repositories.keywords.lockOwner(caller.ownerUserId);
      const usedCount = await repositories.keywords.usedCount(caller.ownerUserId);
      if (usedCount + terms.length > totalCount) return limitAnswer('', usedCount, totalCount);
      const project = await createProjectWith(repositories.projects, caller, {
        name: body.projectName,
        domain: body.primaryDomainName,
        territory: body.territory,
      });
      return this.importInto(repositories, caller, project, terms, body, totalCount);
    });
  }

  private async importInto(
    { keywords, groups, labels }: ProjectRepositories,
    caller: ProjectCaller,
    project: ProjectRecord,
    terms: string[],
    request: ImportRequest,
    totalCount: number,
  ): Promise<ImportAnswer> {
    await keywords.lockOwner(caller.ownerUserId);
    // Count what is new before adding anything to the term dictionary: over the allowance nothing changes.
    const knownIds = await keywords.idsOfTerms(terms);
    const inProject = await keywords.presentTermIds(project.id, [...knownIds.values()]);
    const newCount = terms.filter((term) => !inProject.has(knownIds.get(term) ?? -1)).length;
    const usedBefore = await keywords.usedCount(caller.ownerUserId);
    if (newCount > 0 && usedBefore + newCount > totalCount) return limitAnswer(project.id, usedBefore, totalCount);

    const importId = randomUUID();
    const ids = await keywords.ensureTerms(terms);
    const termIds = terms.map((term) => ids.get(term)!);
    const targetGroups = [];
    const createdGroups: string[] = [];
    for (const name of request.groupNames) {
      const existing = await groups.findByName(project.id, name);
      const group = existing ?? (await groups.create(project.id, name, importId));
      if (!group) throw new ProjectRefusal(409, projectMessages.groupNameTaken(name));
      if (!existing) createdGroups.push(group.groupHash);
      targetGroups.push(group);
    }
    const added = new Set(await keywords.addToProject(project.id, termIds, importId));
    const addedToGroup = new Set<number>();
    for (const group of targetGroups) {
      const before = new Set(group.termIds);
      await groups.addTerms(project.id, group.groupHash, termIds, importId);
      for (const termId of termIds) if (!before.has(termId)) addedToGroup.add(termId);
    }
    let labelChanges = 0;
    for (const name of request.labelNames) {
      const { label, created } = await labels.ensure(project.id, name, importId);
      labelChanges += (created ? 1 : 0) + (await labels.addTerms(project.id, label.labelHash, termIds, importId));
    }

    const alreadyActiveTerms = terms.filter((_, index) => !added.has(termIds[index]!) && !addedToGroup.has(termIds[index]!));
    const termCount = terms.length - alreadyActiveTerms.length;
    const changed = termCount > 0 || createdGroups.length > 0 || labelChanges > 0;
    if (changed) await keywords.createImport({ id: importId, projectId: project.id, userId: caller.userId, termCount });
    const group = targetGroups.length === 1 ? targetGroups[0]!.name : null;
    const message =
      termCount === 0
        ? terms.length === 1
          ? projectMessages.keywordAlreadyExists(terms[0]!, project.name, group)
          : projectMessages.selectedKeywordsExist(project.name)
        : terms.length === 1
          ? projectMessages.keywordAdded(terms[0]!, project.name, group)
          : projectMessages.keywordsImported(project.name, alreadyActiveTerms.length > 0);
    return {
      hasReachedLimit: false,
      termCount,
      alreadyActiveTerms,
      termIdsCsv: termIds.join(','),
      groupHashCsv: createdGroups.join(','),
      importId: changed ? importId : null,
      projectId: project.id,
      message,
      usedCount: usedBefore + added.size,
      totalCount,
    };
  }

  /** Takes an import back, once. */
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

function limitAnswer(projectId: string, usedCount: number, totalCount: number): ImportAnswer {
  return {
    hasReachedLimit: true,
    termCount: 0,
    alreadyActiveTerms: [],
    termIdsCsv: '',
    groupHashCsv: '',
    importId: null,
    projectId,
    message: projectMessages.keywordLimit(usedCount, totalCount),
    usedCount,
    totalCount,
  };
}

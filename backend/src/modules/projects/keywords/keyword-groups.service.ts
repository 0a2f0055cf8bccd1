import { Injectable } from '@nestjs/common';
import {
  projectMessages,
  type AddGroupAnswer,
  type GroupDetailsAnswer,
  type GroupRow,
  type GroupsAnswer,
  type KeywordActionAnswer,
  type LabelRow,
} from '@serpwise/contracts';
import { KeywordGroupRepository, KeywordLabelRepository, ProjectKeywordRepository, type KeywordGroupRecord, type ProjectRecord } from '@serpwise/database';
import { summariseGroup, type TrackedTermMetrics } from '@serpwise/research';
import type { Identity } from '../../sessions/request-session.js';
import { comparedMonth, KeywordMetricsService } from './keyword-metrics.service.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService, type ProjectCaller } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';

/** Groups (docs/product/projects.md §2 "Groups", §7 Groups/*, GroupActions/RemoveKeywords) and labels (Labels/*, LabelActions/*). */
@Injectable()
export class KeywordGroupsService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly keywords: ProjectKeywordRepository,
    private readonly groups: KeywordGroupRepository,
    private readonly labels: KeywordLabelRepository,
    private readonly metrics: KeywordMetricsService,
    private readonly transactions: ProjectTransactions,
  ) {}

  private async projectFor(identity: Identity, projectId: string, need: 'read' | 'write') {
    const caller = await this.scope.caller(identity, need);
    return this.scope.project(caller, projectId);
  }

  private async group(project: ProjectRecord, groupHash: string): Promise<KeywordGroupRecord> {
    const group = await this.groups.find(project.id, groupHash);
    if (!group) throw new ProjectRefusal(404, projectMessages.groupNotFound);
    return group;
  }

  /** Metrics of the project's terms by term id. */
  private async metricsByTermId(project: ProjectRecord, termIds: readonly number[]): Promise<{ month: string | null; metrics: Map<number, TrackedTermMetrics> }> {
    const terms = await this.keywords.termsOfIds(termIds);
    const { month, metrics } = await this.metrics.metrics(project, [...terms.values()]);
    const byId = new Map<number, TrackedTermMetrics>();
    for (const [termId, term] of terms) {
      const entry = metrics.get(term);
      if (entry) byId.set(termId, entry);
    }
    return { month, metrics: byId };
  }

  async list(identity: Identity, query: { projectId: string; filter?: string; startRow: number; rowsToDisplay: number }): Promise<GroupsAnswer> {
    const project = await this.projectFor(identity, query.projectId, 'read');
    const filter = query.filter?.trim().toLowerCase();
    const groups = (await this.groups.listForProject(project.id)).filter((group) => !filter || group.name.toLowerCase().includes(filter));
    const page = groups.slice(query.startRow - 1, query.startRow - 1 + query.rowsToDisplay);
    const { month, metrics } = await this.metricsByTermId(project, [...new Set(page.flatMap((group) => group.termIds))]);
    const rows: GroupRow[] = page.map((group) => {
      const summary = summariseGroup(
        group.termIds.length,
        group.termIds.flatMap((termId) => metrics.get(termId) ?? []),
      );
      return {
        groupHash: group.groupHash,
        name: group.name,
        projectId: project.id,
        numberOfKeywords: summary.numberOfKeywords,
        rankChange: summary.rankChange,
        clickChange: summary.clickChange,
        impressionShare: summary.impressionShare,
      };
    });
    return { groups: rows, totalRowCount: groups.length, comparedTo: comparedMonth(month) };
  }

  async details(identity: Identity, query: { projectId: string; groupHash: string }): Promise<GroupDetailsAnswer> {
    const project = await this.projectFor(identity, query.projectId, 'read');
    const group = await this.group(project, query.groupHash);
    const { metrics } = await this.metricsByTermId(project, group.termIds);
    const summary = summariseGroup(
      group.termIds.length,
      group.termIds.flatMap((termId) => metrics.get(termId) ?? []),
    );
    const terms = await this.keywords.termsOfIds(group.termIds);
    const history = await this.metrics.history(project, [...terms.values()]);
    return {
      groupHash: group.groupHash,
      name: group.name,
      projectId: project.id,
      numberOfKeywords: summary.numberOfKeywords,
      groupDetails: {
        estClickChange: summary.clickChange,
        rankChange: summary.rankChange,
        newlyRankedKeywords: summary.newlyRankedKeywords,
        improvedRanks: summary.improvedRanks,
        lostRanks: summary.lostRanks,
        organicCount: summary.organicCount,
        paidCount: summary.paidCount,
        bothCount: summary.bothCount,
        impressionShare: summary.impressionShare,
        topOfPagePct: summary.topOfPagePct,
      },
      ...history,
    };
  }

  /** Creates a group and moves the selected keywords into it (docs/product/projects.md §7). */
  async add(identity: Identity, query: { projectId: string; name: string; termIdsCsv?: number[] }): Promise<AddGroupAnswer> {
    const project = await this.projectFor(identity, query.projectId, 'write');
    return this.transactions.run(async ({ groups }) => {
      const group = await groups.create(project.id, query.name, null);
      if (!group) throw new ProjectRefusal(409, projectMessages.groupNameTaken(query.name));
      const movedCount = await groups.addTerms(project.id, group.groupHash, query.termIdsCsv ?? [], null);
      return { status: projectMessages.groupCreatedStatus, groupHash: group.groupHash, name: group.name, message: projectMessages.groupCreated, movedCount };
    });
  }

  async rename(identity: Identity, query: { projectId: string; groupHash: string; name: string }): Promise<{ groupHash: string; name: string }> {
    const project = await this.projectFor(identity, query.projectId, 'write');
    const renamed = await this.groups.rename(project.id, query.groupHash, query.name);
    if (renamed === 'taken') throw new ProjectRefusal(409, projectMessages.groupNameTaken(query.name));
    if (!renamed) throw new ProjectRefusal(404, projectMessages.groupNotFound);
    return { groupHash: renamed.groupHash, name: renamed.name };
  }

  /** Deletes one group or several; all of them must be the project's, else nothing is deleted. */
  async delete(identity: Identity, query: { projectId: string; groupHashes: string[] }): Promise<{ isSuccessful: true; deletedCount: number; groupHashCsv: string }> {
    const project = await this.projectFor(identity, query.projectId, 'write');
    return this.transactions.run(async ({ groups }) => {
      const deleted = await groups.delete(project.id, query.groupHashes);
      if (deleted.length !== query.groupHashes.length) throw new ProjectRefusal(404, projectMessages.groupNotFound);
      return { isSuccessful: true, deletedCount: deleted.length, groupHashCsv: deleted.join(',') };
    });
  }

  async removeKeywords(identity: Identity, body: { projectId?: string; groupHash: string; termIdsCsv: number[] }): Promise<KeywordActionAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const group = await this.groupOfCaller(caller, body.projectId, body.groupHash);
    const count = await this.groups.removeTerms(group.groupHash, body.termIdsCsv);
    return { isSuccessful: true, count, message: projectMessages.keywordsRemoved(count, { kind: 'group', name: group.name }) };
  }

  /** A group by hash among the owner's projects (RemoveKeywords may name only the group). */
  private async groupOfCaller(caller: ProjectCaller, projectId: string | undefined, groupHash: string): Promise<KeywordGroupRecord> {
    if (projectId) return this.group(await this.scope.project(caller, projectId), groupHash);
    for (const project of await this.scope.projectsOf(caller)) {
      const group = await this.groups.find(project.id, groupHash);
      if (group) return group;
    }
    throw new ProjectRefusal(404, projectMessages.groupNotFound);
  }

  // ------------------------------------------------------------------ labels

  async listLabels(identity: Identity, projectId: string): Promise<LabelRow[]> {
    const project = await this.projectFor(identity, projectId, 'read');
    return (await this.labels.listForProject(project.id)).map((label) => ({ labelHash: label.labelHash, labelName: label.name, numberOfKeywords: label.termIds.length }));
  }

  async deleteLabels(identity: Identity, body: { projectId: string; labelHashes: string[] }): Promise<{ isSuccessful: true; deletedCount: number }> {
    const project = await this.projectFor(identity, body.projectId, 'write');
    return this.transactions.run(async ({ labels }) => {
      const deleted = await labels.delete(project.id, body.labelHashes);
      if (deleted.length !== body.labelHashes.length) throw new ProjectRefusal(404, projectMessages.labelNotFound);
      return { isSuccessful: true, deletedCount: deleted.length };
    });
  }

  /** Labels the project's keywords among the ids, creating the label when it is new. */
  async addToLabel(identity: Identity, body: { projectId: string; labelName: string; termIdsCsv: number[] }): Promise<KeywordActionAnswer & { labelHash: string }> {
    const project = await this.projectFor(identity, body.projectId, 'write');
    return this.transactions.run(async ({ labels }) => {
      const { label } = await labels.ensure(project.id, body.labelName, null);
      const count = await labels.addTerms(project.id, label.labelHash, body.termIdsCsv, null);
      return { isSuccessful: true, count, labelHash: label.labelHash, message: projectMessages.keywordsAdded(count, { kind: 'label', name: label.name }) };
    });
  }

  async removeFromLabel(identity: Identity, body: { projectId: string; labelName: string; termIdsCsv: number[] }): Promise<KeywordActionAnswer> {
    const project = await this.projectFor(identity, body.projectId, 'write');
    const label = await this.labels.findByName(project.id, body.labelName);
    if (!label) throw new ProjectRefusal(404, projectMessages.labelNotFound);
    const count = await this.labels.removeTerms(label.labelHash, body.termIdsCsv);
    return { isSuccessful: true, count, message: projectMessages.keywordsRemoved(count, { kind: 'label', name: label.name }) };
  }
}

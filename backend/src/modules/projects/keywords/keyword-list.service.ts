import { Injectable } from '@nestjs/common';
import {
  hostOfText,
  isAllProjects,
  keywordsOfText,
  projectMessages,
  type GetKeywordListQuery,
  type KeywordDetailsAnswer,
  type KeywordListAnswer,
  type TermMembership,
  type TermProjects,
} from '@serpwise/contracts';
import { KeywordGroupRepository, KeywordLabelRepository, ProjectKeywordRepository, type ProjectRecord } from '@serpwise/database';
import type { Identity } from '../../sessions/request-session.js';
import { comparedMonth, KeywordMetricsService } from './keyword-metrics.service.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService } from '../core/project-scope.service.js';

/** The keyword universe (Keywords/GetKeywordList), the membership check (GetTracking) and SearchProjectsForTerms. */
@Injectable()
export class KeywordListService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly keywords: ProjectKeywordRepository,
    private readonly groups: KeywordGroupRepository,
    private readonly labels: KeywordLabelRepository,
    private readonly metrics: KeywordMetricsService,
  ) {}

  async list(identity: Identity, query: GetKeywordListQuery): Promise<KeywordListAnswer> {
    const caller = await this.scope.caller(identity, 'read');
    const project = await this.scope.project(caller, query.projectId);
    const scope = await this.groupOrLabel(project, query);
    const domain = query.projectDomain?.trim() ? hostOfText(query.projectDomain) : project.domain;
    if (!domain) throw new ProjectRefusal(400, 'projectDomain: Enter a valid domain, like example.com.');
    const order = { sort: query.sortColumn, sortDirection: query.sortOrder, filter: query.filterTerm, emptyValues: query.emptyValues };
    const { keywords, totalRowCount, month } = await this.metrics.keywordTable(project, domain, scope, { ...order, startRow: query.startRow, rowsToDisplay: query.rowsToDisplay });
    return { keywords, totalRowCount, month, comparedTo: comparedMonth(month), projectDomain: domain };
  }

  /**
   * One keyword of a project (the keyword-details panel route): its row of the universe, the groups and labels
   * holding it, and the primary domain's position over the last year. A term the project does not hold is 404.
   */
  async details(identity: Identity, query: { projectId: string; termId: number }): Promise<KeywordDetailsAnswer> {
    const caller = await this.scope.caller(identity, 'read');
    const project = await this.scope.project(caller, query.projectId);
    const { keyword, month } = await this.metrics.keywordRowOf(project, query.termId);
    if (!keyword) throw new ProjectRefusal(404, projectMessages.keywordNotFound);
    const [groups, labels, rankHistory] = await Promise.all([
      this.groups.listForProject(project.id),
      this.labels.listForProject(project.id),
      this.metrics.rankHistory(project, keyword.keyword, month),
    ]);
    return {
      projectId: project.id,
      projectDomain: project.domain,
      territory: project.territory,
      keyword,
      month,
      comparedTo: comparedMonth(month),
      groups: groups.filter((group) => group.termIds.includes(query.termId)).map(({ groupHash, name }) => ({ groupHash, name })),
      labels: labels.filter((label) => label.termIds.includes(query.termId)).map(({ labelHash, name }) => ({ labelHash, labelName: name })),
      rankHistory,
    };
  }

  /** The group or label a request narrows to, checked to be the project's. */
  async groupOrLabel(project: ProjectRecord, query: { groupHash?: string; labelHash?: string }): Promise<{ groupHash?: string; labelHash?: string }> {
    if (query.groupHash && !(await this.groups.find(project.id, query.groupHash))) throw new ProjectRefusal(404, projectMessages.groupNotFound);
    if (query.labelHash && !(await this.labels.find(project.id, query.labelHash))) throw new ProjectRefusal(404, projectMessages.labelNotFound);
    return { groupHash: query.groupHash?.toLowerCase(), labelHash: query.labelHash?.toLowerCase() };
  }

  /** Which of the terms the project (its group or label; with the empty id any project) holds. */
  async tracking(identity: Identity, query: { projectId: string; groupHash?: string; labelHash?: string; termIdsCsv: number[] }): Promise<TermMembership[]> {
    const caller = await this.scope.caller(identity, 'read');
    let present: Set<number>;
    if (isAllProjects(query.projectId)) {
      present = await this.keywords.presentInAnyProject(caller.ownerUserId, query.termIdsCsv);
    } else {
      const project = await this.scope.project(caller, query.projectId);
      present = await this.keywords.presentTermIds(project.id, query.termIdsCsv, await this.groupOrLabel(project, query));
    }
    return query.termIdsCsv.map((termId) => ({ termId, hasKeyword: present.has(termId) }));
  }

  /**
   * For each term (by text or id), the caller's projects that hold it. A term the caller does not track answers
   * no projects, no id and (asked by id) no text: the shared term dictionary must not reveal what other accounts
   * track.
   */
  async searchProjectsForTerms(identity: Identity, body: { terms?: string[]; termCsv?: string; termIdsCsv?: number[] }): Promise<TermProjects[]> {
    const caller = await this.scope.caller(identity, 'read');
    const terms = keywordsOfText([...(body.terms ?? []), body.termCsv ?? ''].join('\n'));
    const idsByTerm = await this.keywords.idsOfTerms(terms);
    const ids = [...new Set([...idsByTerm.values(), ...(body.termIdsCsv ?? [])])];
    const holdings = await this.keywords.projectsOfTerms(caller.ownerUserId, ids);
    const projectsOf = (termId: number | null) =>
      termId === null ? [] : holdings.filter((holding) => holding.termId === termId).map(({ projectId, projectName }) => ({ projectId, projectName }));
    const held = (termId: number | undefined) => (termId !== undefined && holdings.some((holding) => holding.termId === termId) ? termId : null);
    const answers: TermProjects[] = terms.map((term) => {
      const termId = held(idsByTerm.get(term));
      return { termId, term, projects: projectsOf(termId) };
    });
    const tracked = await this.keywords.termsOfIds((body.termIdsCsv ?? []).filter((id) => holdings.some((holding) => holding.termId === id)));
    for (const termId of body.termIdsCsv ?? []) {
      if (answers.some((answer) => answer.termId === termId)) continue;
      answers.push({ termId, term: tracked.get(termId) ?? null, projects: projectsOf(termId) });
    }
    return answers;
  }
}

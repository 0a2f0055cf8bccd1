import { Inject, Injectable } from '@nestjs/common';
import {
  authMessages,
  hasReconPlan,
  hostOfText,
  projectMessages,
  reconMessages,
  type ReconLiveRanking,
  type ReconPosition,
  type ReconRankingDetails,
  type ReconReport,
  type ReconReportInput,
} from '@serpwise/contracts';
import { ReconReportRepository, type ProjectRepositories, type ReconReportFields, type ReconReportRecord } from '@serpwise/database';
import { reconPositions, reconSerp, type ReconDomainPosition } from '@serpwise/research';
import { KeywordAllowanceService } from '../projects/core/keyword-allowance.service.js';
import { ProjectRefusal } from '../projects/core/project-refusal.js';
import { ProjectScopeService, type ProjectCaller } from '../projects/core/project-scope.service.js';
import { ProjectTransactions } from '../projects/core/project-transactions.js';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import type { Identity } from '../sessions/request-session.js';

/** The details page shows a year of the primary domain's positions. */
const historyMonths = 12;

export const toReconReport = (record: ReconReportRecord): ReconReport => ({
  id: record.id,
  type: record.kind,
  name: record.name,
  primaryDomain: record.primaryDomain,
  territory: record.territory,
  keywordsCsv: record.keywords.join('\n'),
  keywordCount: record.keywords.length,
  competitors: record.competitors,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
});

const positionOf = (domain: string, found: ReconDomainPosition | undefined): ReconPosition => {
  const position = found?.position ?? null;
  const previousPosition = found?.previousPosition ?? null;
  return { domain, position, previousPosition, change: position !== null && previousPosition !== null ? previousPosition - position : null, url: found?.url ?? null };
};

/**
 * Recon reports (docs/product/projects.md §2): saved per account owner like projects (ProjectScopeService decides who may read or change
 * them: the owner's team as the owner lets it, anybody else gets 404), and their live ranking from the warehouse.
 */
@Injectable()
export class ReconReportsService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly reports: ReconReportRepository,
    private readonly transactions: ProjectTransactions,
    private readonly allowance: KeywordAllowanceService,
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
  ) {}

  async list(identity: Identity): Promise<ReconReport[]> {
    const caller = await this.scope.caller(identity, 'read');
    return (await this.reports.listForOwner(caller.ownerUserId)).map(toReconReport);
  }

  async get(identity: Identity, id: string): Promise<ReconReport> {
    const caller = await this.scope.caller(identity, 'read');
    return toReconReport(await this.report(caller, id));
  }

  async create(identity: Identity, input: ReconReportInput): Promise<ReconReport> {
    const caller = await this.scope.caller(identity, 'write');
    const fields = fieldsOf(input);
    const totalCount = await this.allowanceOf(identity);
    return this.transactions.run(async (repositories) => {
      await this.checkAllowance(repositories, caller.ownerUserId, fields.keywords.length, totalCount);
      return toReconReport(await repositories.recon.create(caller.ownerUserId, fields));
    });
  }

  async update(identity: Identity, id: string, input: ReconReportInput): Promise<ReconReport> {
    const caller = await this.scope.caller(identity, 'write');
    const fields = fieldsOf(input);
    const totalCount = await this.allowanceOf(identity);
    return this.transactions.run(async (repositories) => {
      const before = await repositories.recon.findForOwner(caller.ownerUserId, id);
      if (!before) throw new ProjectRefusal(404, reconMessages.reportNotFound);
      // Only what the edit adds counts: a report that shrinks, or keeps its keywords, is always saved.
      await this.checkAllowance(repositories, caller.ownerUserId, fields.keywords.length - before.keywords.length, totalCount);
      const updated = await repositories.recon.update(caller.ownerUserId, id, fields);
      if (!updated) throw new ProjectRefusal(404, reconMessages.reportNotFound);
      return toReconReport(updated);
    });
  }

  /** Recon reports are tracked keywords: without a full plan there is no allowance to spend. */
  private async allowanceOf(identity: Identity): Promise<number> {
    const totalCount = await this.allowance.totalFor(identity);
    if (!totalCount) throw new ProjectRefusal(403, authMessages.fullPlanRequired);
    return totalCount;
  }

  /**
   * A report's keywords come out of the account's tracked-keyword allowance, with its projects' keywords. Under the
   * same per-account lock as keyword imports, so a report and an import made at once cannot pass it together.
   */
  private async checkAllowance(repositories: ProjectRepositories, ownerUserId: string, added: number, totalCount: number): Promise<void> {
    if (added <= 0) return;
    await repositories.keywords.lockOwner(ownerUserId);
    const usedCount = await repositories.keywords.allowanceUsedCount(ownerUserId);
    if (usedCount + added > totalCount) throw new ProjectRefusal(400, projectMessages.keywordLimit(usedCount, totalCount));
  }

  async delete(identity: Identity, id: string): Promise<{ isSuccessful: true; id: string }> {
    const caller = await this.scope.caller(identity, 'write');
    if (!(await this.reports.delete(caller.ownerUserId, id))) throw new ProjectRefusal(404, reconMessages.reportNotFound);
    return { isSuccessful: true, id };
  }

  /** Each keyword's positions of the primary domain and every competitor: newest month and the change since the month before. */
  async liveRanking(identity: Identity, id: string): Promise<ReconLiveRanking> {
    const caller = await this.scope.caller(identity, 'read');
    const report = await this.report(caller, id);
    const answer = await reconPositions(this.sql, { territory: report.territory, keywords: report.keywords, domains: [report.primaryDomain, ...report.competitors] });
    return {
      report: toReconReport(report),
      month: answer.month,
      previousMonth: answer.previousMonth,
      whiteLabel: hasReconPlan(identity.planRoles),
      rows: answer.rows.map((row) => ({
        termId: row.termId,
        keyword: row.keyword,
        volume: row.volume,
        primary: positionOf(report.primaryDomain, row.positions.get(report.primaryDomain)),
        competitors: report.competitors.map((domain) => positionOf(domain, row.positions.get(domain))),
      })),
    };
  }

  /** One keyword of the report: its results page and the primary domain's 12-month history. */
  async rankingDetails(identity: Identity, id: string, termId: number): Promise<ReconRankingDetails> {
    const caller = await this.scope.caller(identity, 'read');
    const report = await this.report(caller, id);
    const answer = await reconSerp(this.sql, { keywordId: termId, domain: report.primaryDomain, months: historyMonths });
    // Only the report's own keywords: a term id of some other keyword is not part of it.
    if (!answer.keyword || answer.keyword.territory !== report.territory || !report.keywords.includes(answer.keyword.term)) {
      throw new ProjectRefusal(404, reconMessages.termNotInReport);
    }
    const competitors = new Set(report.competitors);
    return {
      reportId: report.id,
      termId: answer.keyword.id,
      keyword: answer.keyword.term,
      territory: report.territory,
      volume: answer.keyword.volume,
      month: answer.month,
      primaryDomain: report.primaryDomain,
      serp: answer.serp.map((result) => ({
        ...result,
        role: result.domain === report.primaryDomain ? 'primary' : competitors.has(result.domain) ? 'competitor' : null,
      })),
      history: answer.history,
    };
  }

  private async report(caller: ProjectCaller, id: string): Promise<ReconReportRecord> {
    const report = await this.reports.findForOwner(caller.ownerUserId, id);
    if (!report) throw new ProjectRefusal(404, reconMessages.reportNotFound);
    return report;
  }
}

/** The stored fields: domains cleansed like a project's, competitors without repeats or the primary domain. */
function fieldsOf(input: ReconReportInput): ReconReportFields {
  const primaryDomain = hostOfText(input.primaryDomain);
  if (!primaryDomain) throw new ProjectRefusal(400, reconMessages.domainInvalid);
  const competitors: string[] = [];
  for (const raw of input.competitors) {
    const domain = hostOfText(raw);
    if (!domain) throw new ProjectRefusal(400, reconMessages.competitorInvalid(raw));
    if (domain !== primaryDomain && !competitors.includes(domain)) competitors.push(domain);
  }
  if (!competitors.length) throw new ProjectRefusal(400, reconMessages.competitorsRequired);
  return {
    kind: input.type,
    name: input.name || `${primaryDomain} ${input.type.toUpperCase()} recon`,
    primaryDomain,
    territory: input.territory,
    keywords: input.keywordsCsv,
    competitors,
  };
}

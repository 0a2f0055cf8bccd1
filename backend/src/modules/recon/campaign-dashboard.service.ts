import { Inject, Injectable } from '@nestjs/common';
import type { CompetitorProject, HqDashboard } from '@serpwise/contracts';
import { BillingRepository, ProjectRepository, ReconReportRepository } from '@serpwise/database';
import { topCompetitors } from '@serpwise/research';
import { KeywordAllowanceService } from '../projects/core/keyword-allowance.service.js';
import { ProjectScopeService } from '../projects/core/project-scope.service.js';
import { toProjectSummary } from '../projects/core/projects.service.js';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import type { Identity } from '../sessions/request-session.js';

const dayMs = 86_400_000;
/** Competitors shown per project on /competitor-projects. */
const competitorsPerProject = 5;

/** The current billing period as /hq shows it: whole days left, rounded up (0 once it has ended). */
export function billingCycle(period: { start: Date; end: Date }, now: Date): { daysLeft: number; daysInPeriod: number } {
  return {
    daysLeft: Math.max(0, Math.ceil((period.end.getTime() - now.getTime()) / dayMs)),
    daysInPeriod: Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / dayMs)),
  };
}

/** /hq's campaign dashboard and /competitor-projects (docs/product/site.md §2): the account owner's data, as the team may read it. */
@Injectable()
export class CampaignDashboardService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly projects: ProjectRepository,
    private readonly reports: ReconReportRepository,
    private readonly billing: BillingRepository,
    private readonly allowance: KeywordAllowanceService,
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
  ) {}

  async dashboard(identity: Identity, now = new Date()): Promise<HqDashboard> {
    const caller = await this.scope.caller(identity, 'read');
    const [projects, reports, keywords, subscription] = await Promise.all([
      this.projects.summariesForOwner(caller.ownerUserId),
      this.reports.listForOwner(caller.ownerUserId),
      this.allowance.count(identity),
      this.billing.findSubscription(caller.ownerUserId),
    ]);
    return {
      projects: projects.map(toProjectSummary),
      reconReports: reports.map((report) => ({
        id: report.id,
        type: report.kind,
        name: report.name,
        primaryDomain: report.primaryDomain,
        territory: report.territory,
        keywordCount: report.keywords.length,
        competitorCount: report.competitors.length,
      })),
      keywords,
      billing: subscription
        ? {
            plan: subscription.plan,
            billing: subscription.billing,
            status: subscription.status,
            periodStart: subscription.currentPeriodStart.toISOString(),
            periodEnd: subscription.currentPeriodEnd.toISOString(),
            ...billingCycle({ start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd }, now),
          }
        : null,
    };
  }

  /** Each project with its primary domain's strongest organic competitors in the newest month. */
  async competitorProjects(identity: Identity): Promise<CompetitorProject[]> {
    const caller = await this.scope.caller(identity, 'read');
    const projects = await this.projects.listForOwner(caller.ownerUserId);
    const answers: CompetitorProject[] = [];
    for (const project of projects) {
      const found = await topCompetitors(this.sql, { domain: project.domain, territory: project.territory, limit: competitorsPerProject });
      answers.push({
        projectId: project.id,
        projectName: project.name,
        primaryDomainName: project.domain,
        territory: project.territory,
        month: found.month,
        competitors: found.competitors,
      });
    }
    return answers;
  }
}

import { Injectable } from '@nestjs/common';
import { rankTracking, trackedKeywordAllowance, type KeywordCountAnswer } from '@serpwise/contracts';
import { BillingRepository, ProjectKeywordRepository, ReconReportRepository } from '@serpwise/database';
import { isFullIdentity } from '../../access/access-decision.js';
import type { Identity } from '../../sessions/request-session.js';

/**
 * The tracked-keywords allowance (docs/product/projects.md §9): 15,000 on a Professional subscription, 5,000 on any other full plan
 * (Basic, a bundle, admin), none without a full plan. Recon reports' keywords count as keywordRankingReportCount;
 * project keywords whose rank the rank tracking checked this week as weeklyTrackingCount, the other project
 * keywords as mySerpwiseCount: three parts that add up to usedCount (docs/decisions.md, issue 24).
 */
@Injectable()
export class KeywordAllowanceService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly keywords: ProjectKeywordRepository,
    private readonly recon: ReconReportRepository,
  ) {}

  async totalFor(identity: Identity): Promise<number> {
    if (!isFullIdentity(identity)) return 0;
    const subscription = await this.billing.findSubscription(identity.parent?.id ?? identity.user.id);
    return trackedKeywordAllowance(subscription?.plan === 'professional' ? 'professional' : 'basic');
  }

  /** The keyword count widget: zeros for users without a full plan (docs/product/projects.md §2). */
  async count(identity: Identity): Promise<KeywordCountAnswer> {
    const totalCount = await this.totalFor(identity);
    if (!totalCount) return { totalCount: 0, usedCount: 0, mySerpwiseCount: 0, keywordRankingReportCount: 0, weeklyTrackingCount: 0 };
    const owner = identity.parent?.id ?? identity.user.id;
    const projectKeywords = await this.keywords.usedCount(owner);
    const keywordRankingReportCount = await this.recon.keywordCount(owner);
    const weeklyTrackingCount = await this.keywords.weeklyTrackedCount(owner, rankTracking.sourcePurpose, rankTracking.weeklyWindowDays);
    const mySerpwiseCount = projectKeywords - weeklyTrackingCount;
    return { totalCount, usedCount: mySerpwiseCount + keywordRankingReportCount + weeklyTrackingCount, mySerpwiseCount, keywordRankingReportCount, weeklyTrackingCount };
  }
}

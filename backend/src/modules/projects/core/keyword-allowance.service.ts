import { Injectable } from '@nestjs/common';
import { trackedKeywordAllowance, type KeywordCountAnswer } from '@serpwise/contracts';
import { BillingRepository, ProjectKeywordRepository, ReconReportRepository } from '@serpwise/database';
import { isFullIdentity } from '../../access/access-decision.js';
import type { Identity } from '../../sessions/request-session.js';

/**
 * The tracked-keywords allowance (docs/product/projects.md §9): 15,000 on a Professional subscription, 5,000 on any other full plan
 * (Basic, a bundle, admin), none without a full plan. Recon reports' keywords count as keywordRankingReportCount;
 * weekly rank-tracking does not exist yet, so its part is 0 (docs/decisions.md).
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
    const mySerpwiseCount = await this.keywords.usedCount(identity.parent?.id ?? identity.user.id);
    const keywordRankingReportCount = await this.recon.keywordCount(identity.parent?.id ?? identity.user.id);
    const weeklyTrackingCount = 0;
    return { totalCount, usedCount: mySerpwiseCount + keywordRankingReportCount + weeklyTrackingCount, mySerpwiseCount, keywordRankingReportCount, weeklyTrackingCount };
  }
}

import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { historyWithheldFor, type FootprintStats, type SubjectMonthsAnswer, type Viewer } from '@serpwise/contracts';
import { domainOverview, subjectMonths, WarehouseInfo, type DomainOverview } from '@serpwise/research';
import { researchViewer } from './research-viewer.js';
import { PREPARED_WAREHOUSE_SQL, type PreparedWarehouseSql } from './prepared-warehouse-sql.provider.js';
import { WAREHOUSE_SQL, type WarehouseSql } from './warehouse-sql.provider.js';
import { AnalyticsRecorder } from '@serpwise/platform';

/** Research reads that are not a documented call yet: the footprint and the domain overview. */
@Injectable()
export class ResearchService {
  private readonly info: WarehouseInfo;
  /** Whether the warehouse holds the demo market changes only when data is loaded: asked at most once a minute. */
  private demoFlag: { value: Promise<boolean>; until: number } | null = null;

  constructor(
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
    /** The overview is a hot fixed-shape statement: it runs prepared. */
    @Inject(PREPARED_WAREHOUSE_SQL) private readonly prepared: PreparedWarehouseSql,
    private readonly analytics: AnalyticsRecorder,
  ) {
    this.info = new WarehouseInfo(sql);
  }

  footprint(): Promise<FootprintStats> {
    return this.info.footprint();
  }

  /** A domain's overview; its traffic value, paid clicks and budget are paid figures (withheld for visitors and free users). */
  async domainOverview(domain: string, territory: string, viewer: Viewer): Promise<DomainOverview & { isDemoData: boolean }> {
    const [overview, isDemoData] = await Promise.all([domainOverview(this.prepared, { domain, territory }), this.isDemoData()]);
    if (!overview) throw new NotFoundException(`${domain} is not in the research data.`);
    this.analytics.record('SEO_Overview_Viewed', territory.toLowerCase());
    return { ...historyWithheldFor(viewer, overview), isDemoData };
  }

  subjectMonths(input: { territory: string; domain?: string; keyword?: string }): Promise<SubjectMonthsAnswer> {
    return subjectMonths(this.sql, { ...input, viewerUserId: researchViewer() });
  }

  private isDemoData(): Promise<boolean> {
    const now = Date.now();
    if (!this.demoFlag || this.demoFlag.until <= now) {
      const value = this.info.isDemoData();
      value.catch(() => (this.demoFlag = null)); // a failed read is not remembered
      this.demoFlag = { value, until: now + 60_000 };
    }
    return this.demoFlag.value;
  }
}

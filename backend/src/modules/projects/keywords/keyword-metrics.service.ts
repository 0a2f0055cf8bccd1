import { Inject, Injectable } from '@nestjs/common';
import type { ProjectRecord } from '@serpwise/database';
import { trackedKeywordHistory, trackedKeywordMetrics, type MonthPoint, type TrackedMetricsAnswer } from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from '../../research/warehouse-sql.provider.js';

/** Sparklines cover a year. */
const historyMonths = 12;

/** The warehouse numbers of a project's keywords, for its primary domain (or another domain asked for). */
@Injectable()
export class KeywordMetricsService {
  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  metrics(project: ProjectRecord, terms: readonly string[], domain = project.domain): Promise<TrackedMetricsAnswer> {
    return trackedKeywordMetrics(this.sql, { territory: project.territory, domain, terms });
  }

  history(project: ProjectRecord, terms: readonly string[]): Promise<{ estClickChangeHistory: MonthPoint[]; impressionShareHistory: MonthPoint[] }> {
    return trackedKeywordHistory(this.sql, { territory: project.territory, domain: project.domain, terms, months: historyMonths });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { KeywordRow } from '@serpwise/contracts';
import type { ProjectRecord } from '@serpwise/database';
import {
  orderedTable,
  pageOf,
  previousMonth,
  trackedKeywordHistory,
  trackedKeywordMetrics,
  trackedKeywordRankHistory,
  trackedKeywordSpec,
  trackedKeywordTable,
  type MonthPoint,
  type RankPoint,
  type TableOrder,
  type TrackedMetricsAnswer,
} from '@serpwise/research';
import { PRIMARY_WAREHOUSE_SQL, type WarehouseSql } from '../../research/warehouse-sql.provider.js';

/** Sparklines cover a year. */
const historyMonths = 12;

/** The month a rank or click change compares against: the one before the metrics' month (the warehouse is monthly). */
export const comparedMonth = (month: string | null) => (month ? previousMonth(month) : null);

/** The warehouse numbers of a project's keywords, for its primary domain (or another domain asked for). */
@Injectable()
export class KeywordMetricsService {
  constructor(@Inject(PRIMARY_WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  metrics(project: ProjectRecord, terms: readonly string[], domain = project.domain): Promise<TrackedMetricsAnswer> {
    return trackedKeywordMetrics(this.sql, { territory: project.territory, domain, terms });
  }

  /**
   * One page of the project's keyword table (of one group or label if asked) with `domain`'s numbers, ordered,
   * filtered and counted by the research table engine; the month of the numbers.
   */
  async keywordTable(
    project: ProjectRecord,
    domain: string,
    scope: { groupHash?: string | undefined; labelHash?: string | undefined },
    request: TableOrder & { startRow: number; rowsToDisplay: number },
  ): Promise<{ keywords: KeywordRow[]; totalRowCount: number; month: string | null }> {
    const { query, month } = await trackedKeywordTable(this.sql, { projectId: project.id, territory: project.territory, domain, ...scope });
    const page = await pageOf<KeywordRow>(this.sql, orderedTable(query, trackedKeywordSpec, request), { startRow: request.startRow, pageSize: request.rowsToDisplay });
    return { keywords: page.rows, totalRowCount: page.totalRows, month };
  }

  /** One keyword of the project (by its term id) as its row of the keyword table, with the project domain's numbers; null when the project does not hold it. */
  async keywordRowOf(project: ProjectRecord, termId: number): Promise<{ keyword: KeywordRow | null; month: string | null }> {
    const { query, month } = await trackedKeywordTable(this.sql, { projectId: project.id, territory: project.territory, domain: project.domain, termId });
    const page = await pageOf<KeywordRow>(this.sql, orderedTable(query, trackedKeywordSpec, {}), { startRow: 1, pageSize: 1 });
    return { keyword: page.rows[0] ?? null, month };
  }

  rankHistory(project: ProjectRecord, term: string, month: string | null): Promise<RankPoint[]> {
    return trackedKeywordRankHistory(this.sql, { territory: project.territory, domain: project.domain, term, months: historyMonths, month });
  }

  history(project: ProjectRecord, terms: readonly string[]): Promise<{ estClickChangeHistory: MonthPoint[]; impressionShareHistory: MonthPoint[] }> {
    return trackedKeywordHistory(this.sql, { territory: project.territory, domain: project.domain, terms, months: historyMonths });
  }
}

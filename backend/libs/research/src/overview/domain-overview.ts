import type { Sql } from '../sql.js';
import type { DomainMonthPoint, DomainOverviewAnswer } from '@serpwise/contracts';
export type { DomainMonthPoint };

/** The domain overview of the warehouse (the endpoint adds isDemoData; the type is declared once, in @serpwise/contracts). */
export type DomainOverview = Omit<DomainOverviewAnswer, 'isDemoData'>;

interface Row {
  domain_id: number;
  domain: string;
  /** Null (with the other month columns) when the domain has no data in the territory. */
  month: string | null;
  organic_keywords: number;
  organic_top3: number;
  organic_top10: number;
  organic_clicks: string;
  organic_value: string;
  average_position: string | null;
  paid_keywords: number;
  paid_clicks: string;
  paid_budget: string;
}

/**
 * The overview's one statement (parameters: territory, domain name): index lookups on domain, one index range
 * on domain_month. Exported so the benchmark (infra/bench) times exactly this SQL in psql as its anchor. Run as
 * the named statement `domainOverviewStatementName` (prepared on the research pool's connections).
 */
export const domainOverviewSql = `with asked as (select ?::varchar as territory, ?::text as name)
 select d.id as domain_id, d.name as domain, to_char(m.month, 'YYYY-MM-DD') as month,
   m.organic_keywords, m.organic_top3, m.organic_top10, m.organic_clicks, m.organic_value, m.average_position,
   m.paid_keywords, m.paid_clicks, m.paid_budget
 from domain d left join domain_month m on m.domain_id = d.id
   -- The domain's id and the territory as values (not only the join's): a viewer with their own roll-up reads
   -- domain_month as a union (viewer-scope.ts), which takes them as index conditions but no join condition.
   and m.domain_id = (select id from domain where name = (select name from asked)) and m.territory = (select territory from asked)
 where d.name = (select name from asked) order by m.month`;

export const domainOverviewStatementName = 'research_domain_overview';

const toPoint = (row: Row): DomainMonthPoint => ({
  month: row.month!,
  clicks: Number(row.organic_clicks),
  keywords: Number(row.organic_keywords),
  position: row.average_position === null ? null : Number(row.average_position),
  top3: Number(row.organic_top3),
  top10: Number(row.organic_top10),
  value: Number(row.organic_value),
  paidKeywords: Number(row.paid_keywords),
  paidClicks: Number(row.paid_clicks),
  budget: Number(row.paid_budget),
});

/**
 * A domain's overview in one territory: the newest month's organic and paid numbers and the monthly history
 * behind the clicks / keywords / position charts, from domain_month (≤ months rows) in one statement.
 * Null when the warehouse does not know the domain.
 */
export async function domainOverview(sql: Sql, input: { domain: string; territory: string }): Promise<DomainOverview | null> {
  const rows = await sql.query<Row>(domainOverviewSql, [input.territory, input.domain], domainOverviewStatementName);
  const first = rows[0];
  if (!first) return null;
  const history = rows.filter((row) => row.month !== null).map(toPoint);
  const latest = history.at(-1) ?? null;
  return { domain: first.domain, domainId: first.domain_id, territory: input.territory, month: latest?.month ?? null, latest, history };
}

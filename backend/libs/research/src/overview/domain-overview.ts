import type { Sql } from '../sql.js';

export interface DomainMonthPoint {
  month: string;
  /** graph type 'clicks': estimated monthly organic clicks. */
  clicks: number;
  /** graph type 'keywords': keywords the domain ranks for (top 20 kept). */
  keywords: number;
  /** graph type 'position': average position of those keywords. */
  position: number | null;
  top3: number;
  top10: number;
  value: number;
  paidKeywords: number;
  paidClicks: number;
  budget: number;
}

export interface DomainOverview {
  domain: string;
  domainId: number;
  territory: string;
  /** The newest month with data for the domain in the territory; null when it has none. */
  month: string | null;
  latest: DomainMonthPoint | null;
  /** Oldest first, one point per month the domain had data. */
  history: DomainMonthPoint[];
}

interface Row {
  month: string;
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

const toPoint = (row: Row): DomainMonthPoint => ({
  month: row.month,
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
 * behind the clicks / keywords / position charts. Reads domain_month only (one index range, ≤ months rows).
 * Null when the warehouse does not know the domain.
 */
export async function domainOverview(sql: Sql, input: { domain: string; territory: string }): Promise<DomainOverview | null> {
  const [domain] = await sql.query<{ id: number; name: string }>('select id, name from domain where name = ?', [input.domain]);
  if (!domain) return null;
  const rows = await sql.query<Row>(
    `select to_char(month, 'YYYY-MM-DD') as month, organic_keywords, organic_top3, organic_top10, organic_clicks, organic_value,
       average_position, paid_keywords, paid_clicks, paid_budget
     from domain_month where domain_id = ? and territory = ? order by month`,
    [domain.id, input.territory],
  );
  const history = rows.map(toPoint);
  const latest = history.at(-1) ?? null;
  return { domain: domain.name, domainId: domain.id, territory: input.territory, month: latest?.month ?? null, latest, history };
}

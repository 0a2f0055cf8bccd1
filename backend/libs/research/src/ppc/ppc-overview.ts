import type { Sql } from '../sql.js';
import { domainIdOf } from '../warehouse/lookups.js';
import type { PpcMonthPoint, PpcOverviewAnswer } from '@serpwise/contracts';
export type { PpcMonthPoint };

/** The PPC overview (the answer's type is declared once, in @serpwise/contracts). */
export type PpcOverview = PpcOverviewAnswer;

/** PPC overview of a domain: paid keywords, paid clicks and budget of the newest month, and the monthly history (domain_month). */
export async function ppcOverview(sql: Sql, input: { domain: string; territory: string }): Promise<PpcOverview> {
  const domainId = await domainIdOf(sql, input.domain);
  const empty: PpcOverview = { domain: input.domain, territory: input.territory, wasQueryFound: false, month: null, latest: null, adCopies: 0, history: [] };
  if (domainId === null) return empty;
  const history = await sql.query<PpcMonthPoint>(
    `select to_char(month, 'YYYY-MM-DD') as month, paid_keywords as "paidKeywords", paid_clicks::float8 as "paidClicks", paid_budget::float8 as budget
     from domain_month where domain_id = ? and territory = ? order by month`,
    [domainId, input.territory],
  );
  const latest = [...history].reverse().find((point) => point.paidKeywords > 0) ?? null;
  let adCopies = 0;
  if (latest) {
    const [row] = await sql.query<{ n: number }>(
      `select count(distinct ad_copy_id)::int as n from paid_ad where domain_id = ? and territory = ? and month = ?::date`,
      [domainId, input.territory, latest.month],
    );
    adCopies = row?.n ?? 0;
  }
  return { ...empty, wasQueryFound: true, month: latest?.month ?? null, latest, adCopies, history };
}

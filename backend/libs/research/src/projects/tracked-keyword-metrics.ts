import type { Sql } from '../sql.js';
import { domainIdOf, newestMonth, previousMonth, windowMonths } from '../warehouse/lookups.js';
import { arrayLiteral, volumeAt } from '../tables/index.js';

/**
 * What the warehouse says about a tracked keyword for one domain (the project's primary domain): the keyword's
 * numbers and the domain's organic and paid results in the newest month and the month before. The warehouse is
 * monthly, so "prior period" comparisons are month over month (docs/decisions.md, "Projects").
 */
export interface TrackedTermMetrics {
  /** Null: unknown (docs/decisions.md, issue 19). */
  volume: number | null;
  cpc: number | null;
  difficulty: number | null;
  /** Best organic position this month / last month (null: not in the stored top 20). */
  currentRank: number | null;
  previousRank: number | null;
  /** Estimated organic clicks of the domain this month / last month. */
  clicks: number;
  previousClicks: number;
  /** Best paid position this month, null without an ad. */
  paidPosition: number | null;
}

export interface TrackedMetricsAnswer {
  month: string | null;
  metrics: Map<string, TrackedTermMetrics>;
}

interface Raw {
  term: string;
  volume: number | null;
  cpc: string | number | null;
  difficulty: number | null;
  current_rank: number | null;
  previous_rank: number | null;
  clicks: string | number | null;
  previous_clicks: string | number | null;
  paid_position: number | null;
}

/** Metrics of normalised terms in a territory for a domain; terms the warehouse does not know are left out. */
export async function trackedKeywordMetrics(
  sql: Sql,
  input: { territory: string; domain: string; terms: readonly string[]; month?: string | null },
): Promise<TrackedMetricsAnswer> {
  const month = input.month ?? (await newestMonth(sql, input.territory));
  if (!month || !input.terms.length) return { month, metrics: new Map() };
  const domainId = (await domainIdOf(sql, input.domain)) ?? -1;
  const before = previousMonth(month);
  const rows = await sql.query<Raw>(
    `with k as (select id, term, volume, cpc, difficulty from keyword where territory = ? and term = any(?::text[])),
     cur as (select r.keyword_id, min(r.position)::int as position, sum(r.clicks) as clicks from organic_rank r join k on k.id = r.keyword_id
             where r.month = ?::date and r.domain_id = ? and r.territory = ? group by r.keyword_id),
     prev as (select r.keyword_id, min(r.position)::int as position, sum(r.clicks) as clicks from organic_rank r join k on k.id = r.keyword_id
              where r.month = ?::date and r.domain_id = ? and r.territory = ? group by r.keyword_id),
     paid as (select a.keyword_id, min(a.position)::int as position from paid_ad a join k on k.id = a.keyword_id
              where a.month = ?::date and a.domain_id = ? and a.territory = ? group by a.keyword_id)
     select k.term, k.volume, k.cpc, k.difficulty, cur.position as current_rank, prev.position as previous_rank,
       cur.clicks, prev.clicks as previous_clicks, paid.position as paid_position
     from k left join cur on cur.keyword_id = k.id left join prev on prev.keyword_id = k.id left join paid on paid.keyword_id = k.id`,
    [input.territory, arrayLiteral([...input.terms]), month, domainId, input.territory, before, domainId, input.territory, month, domainId, input.territory],
  );
  const metrics = new Map<string, TrackedTermMetrics>();
  for (const row of rows) {
    metrics.set(row.term, {
      volume: numberOrNull(row.volume),
      cpc: numberOrNull(row.cpc),
      difficulty: numberOrNull(row.difficulty),
      currentRank: row.current_rank === null ? null : Number(row.current_rank),
      previousRank: row.previous_rank === null ? null : Number(row.previous_rank),
      clicks: Number(row.clicks ?? 0),
      previousClicks: Number(row.previous_clicks ?? 0),
      paidPosition: row.paid_position === null ? null : Number(row.paid_position),
    });
  }
  return { month, metrics };
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

export interface MonthPoint {
  month: string;
  value: number;
}

/**
 * A group's sparklines over the `months` months ending at the newest: the month-over-month change of the domain's
 * estimated organic clicks, and its impression share (the part of the keywords' search volume for which the domain
 * shows: organic top 10 or an ad), oldest first.
 */
export async function trackedKeywordHistory(
  sql: Sql,
  input: { territory: string; domain: string; terms: readonly string[]; months: number; month?: string | null },
): Promise<{ estClickChangeHistory: MonthPoint[]; impressionShareHistory: MonthPoint[] }> {
  const month = input.month ?? (await newestMonth(sql, input.territory));
  if (!month) return { estClickChangeHistory: [], impressionShareHistory: [] };
  const all = windowMonths(month, input.months + 1);
  const shown = all.slice(1);
  if (!input.terms.length) {
    return { estClickChangeHistory: shown.map((m) => ({ month: m, value: 0 })), impressionShareHistory: shown.map((m) => ({ month: m, value: 0 })) };
  }
  const domainId = (await domainIdOf(sql, input.domain)) ?? -1;
  const rows = await sql.query<{ month: string; clicks: string | number; total_volume: string | number | null; shown_volume: string | number | null }>(
    `with k as (select id, volume, volume_history, history_start from keyword where territory = ? and term = any(?::text[])),
     months as (select unnest(?::date[]) as month),
     org as (select r.month, r.keyword_id, min(r.position) as position, sum(r.clicks) as clicks from organic_rank r join k on k.id = r.keyword_id
             where r.month = any(?::date[]) and r.domain_id = ? and r.territory = ? group by r.month, r.keyword_id),
     paid as (select distinct a.month, a.keyword_id from paid_ad a join k on k.id = a.keyword_id where a.month = any(?::date[]) and a.domain_id = ? and a.territory = ?),
     grid as (
       select m.month, k.id, ${volumeAt('k', 'm.month')} as volume
       from months m cross join k)
     select to_char(g.month, 'YYYY-MM-DD') as month, coalesce(sum(o.clicks), 0) as clicks, sum(g.volume) as total_volume,
       coalesce(sum(g.volume) filter (where o.position <= 10 or p.keyword_id is not null), 0) as shown_volume
     from grid g left join org o on o.month = g.month and o.keyword_id = g.id left join paid p on p.month = g.month and p.keyword_id = g.id
     group by g.month order by g.month`,
    [input.territory, arrayLiteral([...input.terms]), arrayLiteral(all), arrayLiteral(all), domainId, input.territory, arrayLiteral(all), domainId, input.territory],
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const clicksOf = (m: string) => Number(byMonth.get(m)?.clicks ?? 0);
  const shareOf = (m: string) => {
    const row = byMonth.get(m);
    const total = Number(row?.total_volume ?? 0);
    return total > 0 ? round4(Number(row?.shown_volume ?? 0) / total) : 0;
  };
  return {
    estClickChangeHistory: shown.map((m, index) => ({ month: m, value: clicksOf(m) - clicksOf(all[index]!) })),
    impressionShareHistory: shown.map((m) => ({ month: m, value: shareOf(m) })),
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** One month of a keyword's rank for a domain: its best organic position, null when it was not in the top 20. */
export interface RankPoint {
  month: string;
  position: number | null;
}

/** A tracked keyword's best organic position for a domain over the `months` months ending at the newest (keyword-details). */
export async function trackedKeywordRankHistory(
  sql: Sql,
  input: { territory: string; domain: string; term: string; months: number; month?: string | null },
): Promise<RankPoint[]> {
  const month = input.month ?? (await newestMonth(sql, input.territory));
  if (!month) return [];
  const months = windowMonths(month, input.months);
  const domainId = (await domainIdOf(sql, input.domain)) ?? -1;
  const rows = await sql.query<{ month: string; position: number | null }>(
    `select to_char(r.month, 'YYYY-MM-DD') as month, min(r.position)::int as position
     from organic_rank r join keyword k on k.id = r.keyword_id
     where k.territory = ? and k.term = ? and r.month = any(?::date[]) and r.domain_id = ? and r.territory = ?
     group by r.month`,
    [input.territory, input.term, arrayLiteral(months), domainId, input.territory],
  );
  const byMonth = new Map(rows.map((row) => [row.month, row.position === null ? null : Number(row.position)]));
  return months.map((entry) => ({ month: entry, position: byMonth.get(entry) ?? null }));
}

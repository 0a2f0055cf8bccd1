import type { Sql } from '../sql.js';
import { competitorsQuery } from '../seo/competitors.js';
import { competitorsRolledUp } from '../warehouse/competitor-rollup.js';
import { domainIdOf, domainIdsOf, newestMonth, previousMonth, windowMonths } from '../warehouse/lookups.js';
import { arrayLiteral } from '../tables/index.js';

/**
 * The warehouse side of recon reports (docs/decisions.md "Recon reports"): for each keyword the best organic
 * position of every domain of the report in the newest month and the month before, the results page of one
 * keyword, and one domain's 12-month position history. Positions are reduced to the best page per domain.
 */
export interface ReconDomainPosition {
  position: number | null;
  previousPosition: number | null;
  url: string | null;
}

export interface ReconKeywordPositions {
  termId: number | null;
  keyword: string;
  volume: number | null;
  /** By domain name (lower case), for every domain asked for. */
  positions: Map<string, ReconDomainPosition>;
}

export interface ReconPositionsAnswer {
  month: string | null;
  previousMonth: string | null;
  rows: ReconKeywordPositions[];
}

interface PositionRaw {
  keyword_id: number;
  term: string;
  volume: number | null;
  domain_id: number | null;
  position: number | null;
  previous_position: number | null;
  url: string | null;
}

export async function reconPositions(
  sql: Sql,
  input: { territory: string; keywords: readonly string[]; domains: readonly string[] },
): Promise<ReconPositionsAnswer> {
  const month = await newestMonth(sql, input.territory);
  const emptyRow = (keyword: string): ReconKeywordPositions => ({
    termId: null,
    keyword,
    volume: null,
    positions: new Map(input.domains.map((domain) => [domain, { position: null, previousPosition: null, url: null }])),
  });
  if (!month) return { month: null, previousMonth: null, rows: input.keywords.map(emptyRow) };
  const before = previousMonth(month);
  const ids = await domainIdsOf(sql, input.domains);
  const domainIds = ids.map((id) => id ?? -1);
  const raws = await sql.query<PositionRaw>(
    `with k as (select id, term, volume from keyword where territory = ? and term = any(?::text[])),
     cur as (select distinct on (r.keyword_id, r.domain_id) r.keyword_id, r.domain_id, r.position, p.url
             from organic_rank r join k on k.id = r.keyword_id left join page p on p.id = r.page_id
             where r.month = ?::date and r.territory = ? and r.domain_id = any(?::int[])
             order by r.keyword_id, r.domain_id, r.position),
     prev as (select r.keyword_id, r.domain_id, min(r.position)::int as position
              from organic_rank r join k on k.id = r.keyword_id
              where r.month = ?::date and r.territory = ? and r.domain_id = any(?::int[]) group by r.keyword_id, r.domain_id),
     both_months as (select coalesce(cur.keyword_id, prev.keyword_id) as keyword_id, coalesce(cur.domain_id, prev.domain_id) as domain_id,
                       cur.position::int as position, prev.position as previous_position, cur.url
                     from cur full join prev on prev.keyword_id = cur.keyword_id and prev.domain_id = cur.domain_id)
     select k.id as keyword_id, k.term, k.volume, b.domain_id, b.position, b.previous_position, b.url
     from k left join both_months b on b.keyword_id = k.id`,
    [input.territory, arrayLiteral([...input.keywords]), month, input.territory, arrayLiteral(domainIds), before, input.territory, arrayLiteral(domainIds)],
  );
  const domainById = new Map<number, string>();
  ids.forEach((id, index) => {
    if (id !== null) domainById.set(id, input.domains[index]!);
  });
  const byTerm = new Map<string, ReconKeywordPositions>();
  for (const raw of raws) {
    let row = byTerm.get(raw.term);
    if (!row) {
      row = { ...emptyRow(raw.term), termId: Number(raw.keyword_id), volume: raw.volume === null ? null : Number(raw.volume) };
      byTerm.set(raw.term, row);
    }
    const domain = raw.domain_id === null ? undefined : domainById.get(Number(raw.domain_id));
    if (domain) {
      row.positions.set(domain, {
        position: raw.position === null ? null : Number(raw.position),
        previousPosition: raw.previous_position === null ? null : Number(raw.previous_position),
        url: raw.url,
      });
    }
  }
  return { month, previousMonth: before, rows: input.keywords.map((keyword) => byTerm.get(keyword) ?? emptyRow(keyword)) };
}

export interface ReconSerpAnswer {
  /** volume null: unknown. */
  keyword: { id: number; term: string; territory: string; volume: number | null } | null;
  month: string | null;
  serp: { position: number; domain: string; url: string }[];
  /** The domain's best position per month over 12 months, oldest first. */
  history: { month: string; position: number | null }[];
}

/** One keyword's results page in the newest month, and `domain`'s position history for it. */
export async function reconSerp(sql: Sql, input: { keywordId: number; domain: string; months: number }): Promise<ReconSerpAnswer> {
  const [keyword] = await sql.query<{ id: number; term: string; territory: string; volume: number | null }>(
    'select id, term, territory, volume from keyword where id = ?',
    [input.keywordId],
  );
  if (!keyword) return { keyword: null, month: null, serp: [], history: [] };
  const month = await newestMonth(sql, keyword.territory);
  if (!month) return { keyword: { ...keyword, id: Number(keyword.id), volume: keyword.volume === null ? null : Number(keyword.volume) }, month: null, serp: [], history: [] };
  const serp = await sql.query<{ position: number; domain: string; url: string }>(
    `select r.position::int as position, d.name as domain, p.url from organic_rank r join domain d on d.id = r.domain_id left join page p on p.id = r.page_id
     where r.month = ?::date and r.keyword_id = ? order by r.position`,
    [month, keyword.id],
  );
  const months = windowMonths(month, input.months);
  const domainId = (await domainIdOf(sql, input.domain)) ?? -1;
  const ranks = await sql.query<{ month: string; position: number }>(
    `select to_char(r.month, 'YYYY-MM-DD') as month, min(r.position)::int as position from organic_rank r
     where r.keyword_id = ? and r.domain_id = ? and r.month = any(?::date[]) group by r.month`,
    [keyword.id, domainId, arrayLiteral(months)],
  );
  const byMonth = new Map(ranks.map((rank) => [rank.month, Number(rank.position)]));
  return {
    keyword: { ...keyword, id: Number(keyword.id), volume: keyword.volume === null ? null : Number(keyword.volume) },
    month,
    serp: serp.map((row) => ({ position: Number(row.position), domain: row.domain, url: row.url })),
    history: months.map((m) => ({ month: m, position: byMonth.get(m) ?? null })),
  };
}

export interface DomainCompetitor {
  domain: string;
  commonKeywords: number;
  organicKeywords: number;
  organicClicks: number;
}

/** A domain's strongest organic competitors in the newest month: most keywords in common first. */
export async function topCompetitors(sql: Sql, input: { domain: string; territory: string; limit: number }): Promise<{ month: string | null; competitors: DomainCompetitor[] }> {
  const month = await newestMonth(sql, input.territory);
  const domainId = await domainIdOf(sql, input.domain);
  if (!month || domainId === null) return { month, competitors: [] };
  const criteria = { domainId, territory: input.territory, month };
  const query = competitorsQuery({ ...criteria, fromRollup: await competitorsRolledUp(sql, criteria) }, { sort: 'commonKeywords', sortDirection: 'desc' });
  const rows = await sql.query<{ domain: string; commonKeywords: number; theirKeywords: number; clicks: number }>(`select * from (${query.sql}) top limit ?`, [
    ...query.params,
    input.limit,
  ]);
  return {
    month,
    competitors: rows.map((row) => ({ domain: row.domain, commonKeywords: Number(row.commonKeywords), organicKeywords: Number(row.theirKeywords), organicClicks: Number(row.clicks) })),
  };
}

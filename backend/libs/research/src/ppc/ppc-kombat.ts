import type { PaidKombatSegment } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { arrayLiteral, type BuiltQuery, rowSourceOf, ppcKeywordTableOrder, type TableSpec } from '../tables/index.js';
import type { PpcKombatRow } from '@serpwise/contracts';
export type { PpcKombatRow };

interface Raw {
  keyword: string;
  volume: number;
  cpc: number;
  competition: number;
  p1: number | null;
  p2: number | null;
  p3: number | null;
  c1: number | null;
  c2: number | null;
  c3: number | null;
}

/**
 * PPC kombat of 2–3 domains in one month. A keyword is "bought" by a domain when the domain has a paid_ad row for
 * it in the month. The first domain is "yours", the others the competitors:
 * - all: bought by at least one of the domains;
 * - core: bought by every domain;
 * - considerbuying: bought by every competitor and not by the first domain;
 * - adwaste: bought by the first domain and by none of the competitors.
 */
export const ppcKombatTable = (domainCount: number): TableSpec<Raw, PpcKombatRow> => ({
  sortColumns: { keyword: 'keyword', volume: 'volume', cpc: 'cpc', competition: 'competition', position1: 'p1', position2: 'p2', position3: 'p3' },
  filterColumns: ['keyword'],
  defaultOrder: [{ column: 'volume', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
  map: (raw) => ({
    keyword: raw.keyword,
    volume: raw.volume,
    cpc: raw.cpc,
    competition: raw.competition,
    positions: [raw.p1, raw.p2, raw.p3].slice(0, domainCount),
    paidClicks: [raw.c1, raw.c2, raw.c3].slice(0, domainCount),
  }),
});

const bought = `with bought as (
    select a.keyword_id, array_position(?::int[], a.domain_id) as idx, min(a.position)::int as position, sum(a.clicks)::int as clicks
    from paid_ad a where a.territory = ? and a.month = ?::date and a.domain_id = any(?::int[])
    group by a.keyword_id, a.domain_id
  ), per_keyword as (
    select keyword_id, bool_or(idx = 1) as first, count(*) filter (where idx > 1)::int as competitors, count(*)::int as domains,
      max(position) filter (where idx = 1) as p1, max(position) filter (where idx = 2) as p2, max(position) filter (where idx = 3) as p3,
      max(clicks) filter (where idx = 1) as c1, max(clicks) filter (where idx = 2) as c2, max(clicks) filter (where idx = 3) as c3,
      array_agg(idx order by idx) as members
    from bought group by keyword_id
  )`;

const segmentCondition = (segment: PaidKombatSegment) =>
  ({ all: 'true', core: 'p.domains = ?', considerbuying: 'not p.first and p.competitors = ? - 1', adwaste: 'p.first and p.competitors = 0 and ? > 0' })[segment];

export function ppcKombatQuery(input: { domainIds: number[]; territory: string; month: string; segment: PaidKombatSegment }): BuiltQuery {
  const ids = arrayLiteral(input.domainIds);
  const params: unknown[] = [ids, input.territory, input.month, ids, input.territory, input.month, ids];
  if (input.segment !== 'all') params.push(input.domainIds.length);
  return {
    sql: `${bought}, sourced as (
        -- the keyword's ads of the domains (row-source.ts)
        select a.keyword_id, array_agg(distinct a.source_id) as sources
        from paid_ad a where a.territory = ? and a.month = ?::date and a.domain_id = any(?::int[]) group by a.keyword_id
      )
      select k.term as keyword, k.volume, k.cpc::float8 as cpc, k.competition::float8 as competition, p.p1, p.p2, p.p3, p.c1, p.c2, p.c3,
        ${rowSourceOf('s.sources')}
      from per_keyword p join keyword k on k.id = p.keyword_id join sourced s on s.keyword_id = p.keyword_id
      where ${segmentCondition(input.segment)}`,
    params,
  };
}

export interface KombatVenn {
  /** Keywords bought by exactly this set of domains (indexes into the given domains), for every non-empty set. */
  regions: { domains: string[]; keywords: number }[];
  segments: Record<PaidKombatSegment, number>;
}

export async function ppcKombatVenn(sql: Sql, input: { domains: { id: number; name: string }[]; territory: string; month: string }): Promise<KombatVenn> {
  const ids = arrayLiteral(input.domains.map((domain) => domain.id));
  const rows = await sql.query<{ members: number[] | string; keywords: number }>(
    `${bought} select members::text as members, count(*)::int as keywords from per_keyword group by members`,
    [ids, input.territory, input.month, ids],
  );
  const count = new Map(rows.map((row) => [String(row.members), row.keywords]));
  const n = input.domains.length;
  const regions: KombatVenn['regions'] = [];
  for (let mask = 1; mask < 1 << n; mask += 1) {
    const members = input.domains.map((_, index) => index + 1).filter((index) => mask & (1 << (index - 1)));
    regions.push({ domains: members.map((index) => input.domains[index - 1]!.name), keywords: count.get(`{${members.join(',')}}`) ?? 0 });
  }
  const sum = (test: (members: number[]) => boolean) =>
    [...count.entries()].reduce((total, [key, keywords]) => (test(key.slice(1, -1).split(',').map(Number)) ? total + keywords : total), 0);
  return {
    regions,
    segments: {
      all: sum(() => true),
      core: sum((members) => members.length === n),
      considerbuying: sum((members) => !members.includes(1) && members.length === n - 1),
      adwaste: sum((members) => members.length === 1 && members[0] === 1),
    },
  };
}

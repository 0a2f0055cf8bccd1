import type { DomainMetricsRow, KeywordListRow, CustomListRow, LeadRow } from '@serpwise/contracts';
import { backlinkCountSql } from '../warehouse/backlink-totals.js';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { DomainMetricsRow, KeywordListRow, CustomListRow, LeadRow };

const metricColumns = ['keywords', 'top10', 'clicks', 'value', 'paidKeywords', 'budget'];

export const topDomainsSpec: TableSpec = {
  sortColumns: sortableAsNamed(['domain', 'topic', ...metricColumns]),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'clicks', direction: 'desc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: seoTableOrder,
};

export function topDomainsQuery(criteria: { territory: string; month: string; topic?: string | undefined }, order: TableOrder): BuiltQuery {
  const sql = `select d.name as "domain", d.topic as "topic", dm.organic_keywords::int as "keywords", dm.organic_top10::int as "top10",
      dm.organic_clicks::float8 as "clicks", dm.organic_value::float8 as "value", dm.paid_keywords::int as "paidKeywords", dm.paid_budget::float8 as "budget"
    from domain_month dm join domain d on d.id = dm.domain_id
    where dm.territory = ? and dm.month = ?::date and (?::text is null or d.topic = ?) and dm.organic_keywords > 0`;
  const topic = criteria.topic ?? null;
  return orderedTable({ sql, params: [criteria.territory, criteria.month, topic, topic] }, topDomainsSpec, order);
}

export const keywordListSpec: TableSpec = {
  sortColumns: sortableAsNamed(['domain', 'keywords', 'top10', 'averagePosition', 'clicks', 'value']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'clicks', direction: 'desc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: seoTableOrder,
};

/** Keywords as a list of terms, or every keyword of a topic when terms is empty. */
export function keywordListQuery(criteria: { territory: string; month: string; terms: readonly string[]; topic?: string | undefined }, order: TableOrder): BuiltQuery {
  const sql = `with chosen as (
      select k.id, k.cpc from keyword k
      where k.territory = ? and (case when ? = '' then k.topic = ? else k.term = any(string_to_array(?, '\n')) end)),
    best as (
      select r.domain_id, r.keyword_id, min(r.position) as position, sum(r.clicks) as clicks, array_agg(distinct r.source_id) as sources
      from organic_rank r join chosen c on c.id = r.keyword_id
      where r.month = ?::date and r.territory = ?
      group by r.domain_id, r.keyword_id),
    -- the domain's rank rows of the chosen keywords (row-source.ts)
    sourced as (select b.domain_id, array_agg(distinct s) as sources from best b cross join unnest(b.sources) s group by b.domain_id)
    select d.name as "domain", count(*)::int as "keywords", (count(*) filter (where b.position <= 10))::int as "top10",
      round(avg(b.position), 2)::float8 as "averagePosition", sum(b.clicks)::int as "clicks", round(sum(b.clicks * c.cpc), 2)::float8 as "value",
      ${rowSourceOf('sd.sources')}
    from best b join chosen c on c.id = b.keyword_id join domain d on d.id = b.domain_id join sourced sd on sd.domain_id = b.domain_id
    group by d.id, d.name, sd.sources`; // domain is read through a viewer-scoped subquery (viewer-scope.ts): name it too
  const terms = criteria.terms.join('\n');
  return orderedTable({ sql, params: [criteria.territory, terms, criteria.topic ?? null, terms, criteria.month, criteria.territory] }, keywordListSpec, order);
}

export const customListSpec: TableSpec = {
  sortColumns: sortableAsNamed(['domain', 'listIndex', 'found', ...metricColumns, 'liveBacklinks', 'referringDomains']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'listIndex', direction: 'asc' }],
  tieBreak: [{ column: 'domain', direction: 'asc' }],
  unspecified: seoTableOrder,
};

export function customListQuery(criteria: { territory: string; month: string; domains: readonly string[] }, order: TableOrder): BuiltQuery {
  const sql = `select l.name as "domain", l.ord::int as "listIndex", (d.id is not null) as "found",
      coalesce(dm.organic_keywords, 0)::int as "keywords", coalesce(dm.organic_top10, 0)::int as "top10",
      coalesce(dm.organic_clicks, 0)::float8 as "clicks", coalesce(dm.organic_value, 0)::float8 as "value",
      coalesce(dm.paid_keywords, 0)::int as "paidKeywords", coalesce(dm.paid_budget, 0)::float8 as "budget",
      ${backlinkCountSql('d.id', 'live_links')}::int as "liveBacklinks",
      ${backlinkCountSql('d.id', 'referring_domains')}::int as "referringDomains"
    from unnest(string_to_array(?, ',')) with ordinality as l(name, ord)
    left join domain d on d.name = l.name
    left join domain_month dm on dm.domain_id = d.id and dm.territory = ? and dm.month = ?::date`;
  return orderedTable({ sql, params: [criteria.domains.join(','), criteria.territory, criteria.month] }, customListSpec, order);
}

export const leadsSpec: TableSpec = {
  sortColumns: sortableAsNamed(['domain', 'competitorsLinked', 'links', 'clicks', 'keywords']),
  filterColumns: ['domain'],
  defaultOrder: [{ column: 'competitorsLinked', direction: 'desc' }],
  tieBreak: [{ column: 'links', direction: 'desc' }, { column: 'domain', direction: 'asc' }],
  unspecified: seoTableOrder,
};

/**
 * Sites with live links to at least one competitor and no live link to the user's domain (and not the domains themselves).
 * A competitor with a backlink_total row (millions of links: issue 27) has its live links grouped by linking domain
 * in backlink_referrer (warehouse/backlink-totals.ts); the others' are grouped here. Each grouped row carries the
 * sources of its links: unnested for the row's sources, its links are summed at the first of them only.
 */
export function leadsQuery(criteria: { domainId: number; competitorIds: readonly number[]; territory: string; month: string }, order: TableOrder): BuiltQuery {
  const sql = `with rivals as (select unnest(string_to_array(?, ','))::int as id),
    linking as (
      select r.target_domain_id, r.source_domain_id, r.live_links as links, r.source_ids
      from backlink_referrer r join rivals on rivals.id = r.target_domain_id
      union all
      select b.target_domain_id, b.source_domain_id, count(*), array_agg(distinct b.source_id)
      from backlink b join rivals on rivals.id = b.target_domain_id
      where b.last_seen is null and not exists (select 1 from backlink_total t where t.domain_id = rivals.id)
      group by b.target_domain_id, b.source_domain_id)
    select d.name as "domain", count(distinct l.target_domain_id)::int as "competitorsLinked", (sum(l.links) filter (where s.ord = 1))::int as "links",
      coalesce(max(dm.organic_clicks), 0)::float8 as "clicks", coalesce(max(dm.organic_keywords), 0)::int as "keywords",
      ${rowSourceOf('array_agg(distinct s.id)')}
    from linking l cross join lateral unnest(l.source_ids) with ordinality as s(id, ord)
    join domain d on d.id = l.source_domain_id
    left join domain_month dm on dm.domain_id = d.id and dm.territory = ? and dm.month = ?::date
    where l.source_domain_id <> ? and l.source_domain_id not in (select id from rivals)
      and not exists (select 1 from backlink mine where mine.target_domain_id = ? and mine.source_domain_id = l.source_domain_id and mine.last_seen is null)
    group by d.id, d.name`; // domain is read through a viewer-scoped subquery (viewer-scope.ts): name it too
  return orderedTable(
    { sql, params: [criteria.competitorIds.join(','), criteria.territory, criteria.month, criteria.domainId, criteria.domainId] },
    leadsSpec,
    order,
  );
}


import type { Sql } from '../sql.js';

/**
 * The link counts of domains with very many backlinks (issue 27 point 1: the giant has 2,000,000). Counting them per
 * request reads every link; backlink_total holds, for each domain that has had at least `backlinkTotalMinLinks` links,
 * how many links point to it, how many are live and from how many domains the live ones come. The backlinks table's count and
 * the outreach custom list read a domain's row when it has one and count otherwise, so a domain without a row is never
 * wrong, only slower. Beside each row, backlink_referrer holds the domain's live links grouped by linking domain (the
 * outreach leads beside such a competitor: outreach/outreach.ts). Kept by every writer of backlinks: the loader (all
 * domains) and a provider's backlinks (the domains they point to), in the writer's transaction. Backlinks have no owner (they are never private), so the
 * counts hold for every viewer.
 */
export const backlinkTotalMinLinks = 100_000;

/** Whether the domain has a backlink_total row: at least backlinkTotalMinLinks links. */
export async function hasBacklinkTotal(sql: Sql, domainId: number): Promise<boolean> {
  const [row] = await sql.query<{ found: boolean }>('select exists (select 1 from backlink_total where domain_id = ?) as found', [domainId]);
  return row?.found === true;
}

/**
 * The statements that count the links again: of every domain (the loader), or of the domains a landing linked to. A
 * domain gets rows once it has `minLinks` links; one that has rows keeps them, counted again, whatever its links.
 */
export function backlinkTotalsSql(targets?: { domainIds: readonly number[] }, minLinks = backlinkTotalMinLinks): { sql: string; params: unknown[] }[] {
  const params = targets ? [[...targets.domainIds]] : [];
  const only = (column: string) => (targets ? `where ${column} = any($1::int[])` : '');
  return [
    { sql: `delete from backlink_referrer ${only('target_domain_id')}`, params },
    {
      sql: `insert into backlink_total (domain_id, links, live_links, referring_domains)
            select b.target_domain_id, count(*), count(*) filter (where b.last_seen is null),
              count(distinct b.source_domain_id) filter (where b.last_seen is null)
            from backlink b ${only('b.target_domain_id')}
            group by b.target_domain_id
            having count(*) >= ${Number(minLinks)} or b.target_domain_id in (select domain_id from backlink_total)
            on conflict (domain_id) do update
              set links = excluded.links, live_links = excluded.live_links, referring_domains = excluded.referring_domains`,
      params,
    },
    {
      sql: `insert into backlink_referrer (target_domain_id, source_domain_id, live_links, source_ids)
            select b.target_domain_id, b.source_domain_id, count(*), array_agg(distinct b.source_id order by b.source_id)
            from backlink b join backlink_total t on t.domain_id = b.target_domain_id
            where b.last_seen is null ${targets ? 'and t.domain_id = any($1::int[])' : ''}
            group by b.target_domain_id, b.source_domain_id`,
      params,
    },
  ];
}

/** SQL of one of a domain's link counts (`domainId`: SQL of its id): its backlink_total row's, else counted. */
export function backlinkCountSql(domainId: string, count: 'links' | 'live_links' | 'lost_links' | 'referring_domains'): string {
  const stored = count === 'lost_links' ? 't.links - t.live_links' : `t.${count}`;
  const counted = {
    links: 'count(*)',
    live_links: 'count(*) filter (where c.last_seen is null)',
    lost_links: 'count(*) filter (where c.last_seen is not null)',
    referring_domains: 'count(distinct c.source_domain_id) filter (where c.last_seen is null)',
  }[count];
  return `coalesce((select ${stored} from backlink_total t where t.domain_id = ${domainId}),
    (select ${counted} from backlink c where c.target_domain_id = ${domainId}))`;
}

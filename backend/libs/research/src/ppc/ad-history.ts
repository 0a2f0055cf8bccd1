import type { AdHistoryAd, AdHistoryRow } from '@serpwise/contracts';
export type { AdHistoryAd, AdHistoryRow };

import type { Sql } from '../sql.js';
import { arrayLiteral, type BuiltQuery, ppcKeywordTableOrder, rowSourceOf, type TableSpec } from '../tables/index.js';

interface Raw {
  label: string;
  volume: number | null;
  cpc: number | null;
  months_bought: number;
  paid_clicks: number;
  by_month: { month: string; position: number }[];
  ads: AdHistoryAd[];
}

/**
 * Ad history: for a window of months ending at M, one row per keyword (domain ad history) or per advertiser
 * (keyword ad history) with the best ad position of every month (null = no ad that month) and the ad texts shown.
 */
export const adHistoryTable = (kind: 'domain' | 'keyword', months: string[]): TableSpec<Raw, AdHistoryRow> => ({
  sortColumns:
    kind === 'domain'
      ? { keyword: 'label', volume: 'volume', cpc: 'cpc', monthsBought: 'months_bought', paidClicks: 'paid_clicks' }
      : { domain: 'label', monthsBought: 'months_bought', paidClicks: 'paid_clicks' },
  filterColumns: ['label'],
  defaultOrder: [{ column: 'months_bought', direction: 'desc' }, { column: 'paid_clicks', direction: 'desc' }],
  tieBreak: [{ column: 'label', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
  map: (raw) => {
    const positions = new Map(raw.by_month.map((entry) => [entry.month, entry.position]));
    const common = {
      monthsBought: raw.months_bought,
      paidClicks: raw.paid_clicks,
      positions: months.map((month) => positions.get(month) ?? null),
      ads: [...raw.ads].sort((a, b) => a.adCopyId - b.adCopyId).map((ad) => ({ ...ad, months: [...ad.months].sort() })),
    };
    return kind === 'domain' ? { keyword: raw.label, volume: raw.volume!, cpc: raw.cpc, ...common } : { domain: raw.label, ...common };
  },
});

/** Sort names of the two ad-history tables, for request validation. */
export const adHistorySortNames = { domain: ['keyword', 'volume', 'cpc', 'monthsBought', 'paidClicks'], keyword: ['domain', 'monthsBought', 'paidClicks'] } as const;

type AdHistoryCriteria = { by: { domainId: number } | { keywordId: number }; territory: string; months: string[] };

const byDomain = (input: AdHistoryCriteria): input is AdHistoryCriteria & { by: { domainId: number } } => 'domainId' in input.by;

/**
 * The window's ads of the subject (a domain's ads by keyword, or a keyword's ads by advertiser), as `ads` with the
 * table's row (the keyword, or the advertiser) as `row_id`; `rowIds` narrows them to some rows.
 */
function windowAds(input: AdHistoryCriteria, rowIds?: number[]) {
  const rowKey = byDomain(input) ? 'keyword_id' : 'domain_id';
  const months = arrayLiteral(input.months);
  if (rowIds) {
    // Point reads of the primary key (month, keyword_id, position): the months and ids are equalities.
    const own = byDomain(input) ? { column: 'domain_id', id: input.by.domainId } : { column: 'keyword_id', id: (input.by as { keywordId: number }).keywordId };
    return adsOf(rowKey, `a.${own.column} = ? and a.territory = ? and a.month = any(?::date[]) and a.${rowKey} = any(?::int[])`, [own.id, input.territory, months, arrayLiteral(rowIds)]);
  }
  if (!byDomain(input)) return adsOf(rowKey, 'a.keyword_id = ? and a.territory = ? and a.month = any(?::date[])', [(input.by as { keywordId: number }).keywordId, input.territory, months]);
  // A domain's ads: its index (domain_id, territory, month) read over the window's range, not every month of the
  // domain filtered afterwards (the months stay the condition that decides).
  const sorted = [...input.months].sort();
  return adsOf(rowKey, 'a.domain_id = ? and a.territory = ? and a.month between ?::date and ?::date and a.month = any(?::date[])', [
    input.by.domainId,
    input.territory,
    sorted[0] ?? null,
    sorted.at(-1) ?? null,
    months,
  ]);
}

const adsOf = (rowKey: string, where: string, params: unknown[]) => ({
  sql: `ads as materialized (select a.${rowKey} as row_id, a.month, a.position, a.clicks, a.ad_copy_id, a.source_id from paid_ad a where ${where})`,
  params,
});

/**
 * The sortable columns of every row. A row is listed when one of its ad texts has a landing page the viewer sees, as
 * its `ads` column needs one. `by_month` (the best position of each month) and `ads` (the ad texts and their months)
 * are built by the decorate step for the rows of a page or an export batch only (here they are empty placeholders,
 * so the columns are the same): built for every row, they took most of the table's time (≈ 190 ms of 200 for the
 * largest advertiser).
 */
export function adHistoryQuery(input: AdHistoryCriteria): BuiltQuery {
  const ads = windowAds(input);
  const select = (details: boolean) => `with ${ads.sql}, ${details ? `${adDetailsSql},` : ''} totals as (
            select row_id, count(*)::int as months_bought, sum(clicks)::int as paid_clicks
            from (select row_id, month, sum(clicks) as clicks from ads group by row_id, month) monthly
            group by row_id
          ), sourced as (
            -- the row's ads of the window (row-source.ts)
            select row_id, array_agg(distinct source_id) as sources from ads group by row_id
          )
          select ${byDomain(input) ? 'k.term' : 'd.name'} as label, ${byDomain(input) ? 'k.volume, k.cpc::float8' : 'null::int as volume, null::float8'} as cpc,
            t.months_bought, t.paid_clicks, ${details ? `coalesce(dt.by_month, '[]'::json)` : 'null::json'} as by_month,
            ${details ? `coalesce(dt.ads, '[]'::json)` : 'null::json'} as ads, ${rowSourceOf('s.sources')}
          from totals t join sourced s on s.row_id = t.row_id ${byDomain(input) ? 'join keyword k on k.id = t.row_id' : 'join domain d on d.id = t.row_id'}
          ${details ? 'left join details dt on dt.row_id = t.row_id' : ''}
          -- the ad texts are few: which of them have a visible landing page is asked once per text, not once per ad
          where t.row_id in (select a.row_id from ads a where a.ad_copy_id in (
            select ac.id from ad_copy ac join page pg on pg.id = ac.page_id where ac.id in (select ad_copy_id from ads)))`;
  return {
    sql: select(false),
    // The same rows without their figures (an export counts its rows before it starts): one per row of the window's
    // ads with a visible ad text, as the statement's totals and sources, which have one each.
    countSql: `with ${ads.sql} select 1 from (select distinct row_id from ads) t ${byDomain(input) ? 'join keyword k on k.id = t.row_id' : 'join domain d on d.id = t.row_id'}
          where t.row_id in (select a.row_id from ads a where a.ad_copy_id in (
            select ac.id from ad_copy ac join page pg on pg.id = ac.page_id where ac.id in (select ad_copy_id from ads)))`,
    params: ads.params,
    decorate: (sql, rows) => withAdDetails(sql, input, rows),
    // An export reads every row: their months and ad texts from the window's ads already read (adDetailsSql), in
    // the one statement, instead of reading them again batch by batch.
    whole: { sql: select(true), params: ads.params },
  };
}

/**
 * `by_month` and `ads` of each row (`row_id`) from the `ads` WITH query: the best position of each month, and the ad
 * texts whose landing page the viewer sees with their months. A row has both or neither (withAdDetails: `[]`).
 */
const adDetailsSql = `by_month as (
           select row_id, json_agg(json_build_object('month', to_char(month, 'YYYY-MM-DD'), 'position', position)) as by_month
           from (select row_id, month, min(position)::int as position from ads group by row_id, month) best
           group by row_id
         ), copies as (
           select c.row_id, json_agg(json_build_object('adCopyId', ac.id, 'headline', ac.headline, 'body', ac.body,
               'displayUrl', ac.display_url, 'landingPage', pg.url, 'months', c.months)) as ads
           from (select row_id, ad_copy_id, array_agg(distinct to_char(month, 'YYYY-MM-DD')) as months from ads group by row_id, ad_copy_id) c
           join ad_copy ac on ac.id = c.ad_copy_id join page pg on pg.id = ac.page_id
           group by c.row_id
         ), details as (
           select b.row_id, b.by_month, c.ads from by_month b join copies c on c.row_id = b.row_id
         )`;

/**
 * Fills `by_month` and `ads` of the given rows. Their ids are looked up first and go in as a literal array, so the
 * window's ads of a page's rows are point reads of paid_ad's primary key (month, keyword_id, …) for a domain.
 */
async function withAdDetails(sql: Sql, input: AdHistoryCriteria, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (!rows.length) return rows;
  const labels = arrayLiteral(rows.map((row) => String(row['label'])));
  const ids = await sql.query<{ id: number; label: string }>(
    byDomain(input) ? 'select id, term as label from keyword where territory = ? and term = any(?::text[])' : 'select id, name as label from domain where name = any(?::text[])',
    byDomain(input) ? [input.territory, labels] : [labels],
  );
  const ads = windowAds(input, ids.map((row) => row.id));
  const details = ids.length
    ? await sql.query<{ row_id: number; by_month: Raw['by_month']; ads: AdHistoryAd[] }>(`with ${ads.sql}, ${adDetailsSql} select row_id, by_month, ads from details`, ads.params)
    : [];
  const labelOf = new Map(ids.map((row) => [row.id, row.label]));
  const byLabel = new Map(details.map((detail) => [labelOf.get(detail.row_id), detail]));
  return rows.map((row) => {
    const detail = byLabel.get(String(row['label']));
    return { ...row, by_month: detail?.by_month ?? [], ads: detail?.ads ?? [] };
  });
}

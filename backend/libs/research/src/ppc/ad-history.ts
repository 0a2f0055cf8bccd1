
import { arrayLiteral, type BaseQuery, type TableDefinition } from './table-kit.js';

/** One ad text and the months (of the window) it showed. */
export interface AdHistoryAd {
  adCopyId: number;
  headline: string;
  body: string;
  displayUrl: string;
  landingPage: string;
  months: string[];
}

/**
 * Ad history: for a window of months ending at M, one row per keyword (domain ad history) or per advertiser
 * (keyword ad history) with the best ad position of every month (null = no ad that month) and the ad texts shown.
 */
export interface AdHistoryRow {
  /** The keyword (domain ad history) or the advertiser's domain (keyword ad history). */
  keyword?: string;
  domain?: string;
  volume?: number;
  cpc?: number | null;
  monthsBought: number;
  /** Σ estimated paid clicks over the window. */
  paidClicks: number | null;
  /** Aligned with the answer's `months`, oldest first. */
  positions: (number | null)[];
  ads: AdHistoryAd[];
}

interface Raw {
  label: string;
  volume: number | null;
  cpc: number | null;
  months_bought: number;
  paid_clicks: number;
  by_month: { month: string; position: number }[];
  ads: AdHistoryAd[];
}

export const adHistoryTable = (kind: 'domain' | 'keyword', months: string[]): TableDefinition<Raw, AdHistoryRow> => ({
  sortColumns:
    kind === 'domain'
      ? { keyword: 'label', volume: 'volume', cpc: 'cpc', monthsBought: 'months_bought', paidClicks: 'paid_clicks' }
      : { domain: 'label', monthsBought: 'months_bought', paidClicks: 'paid_clicks' },
  textColumn: 'label',
  defaultSort: [{ column: 'months_bought', direction: 'desc' }, { column: 'paid_clicks', direction: 'desc' }],
  tieBreak: [{ column: 'label', direction: 'asc' }],
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

export function adHistoryQuery(input: { by: { domainId: number } | { keywordId: number }; territory: string; months: string[] }): BaseQuery {
  const byDomain = 'domainId' in input.by;
  const ownId = byDomain ? (input.by as { domainId: number }).domainId : (input.by as { keywordId: number }).keywordId;
  const rowKey = byDomain ? 'keyword_id' : 'domain_id';
  return {
    // Each part is one grouped pass over the window's ads (no per-row subqueries: a big advertiser has thousands
    // of rows, and correlated lookups made the table quadratic).
    sql: `with ads as materialized (
            select a.${rowKey} as row_id, a.month, a.position, a.clicks, a.ad_copy_id
            from paid_ad a
            where a.${byDomain ? 'domain_id' : 'keyword_id'} = ? and a.territory = ? and a.month = any(?::date[])
          ), totals as (
            select row_id, count(*)::int as months_bought, sum(clicks)::int as paid_clicks,
              json_agg(json_build_object('month', to_char(month, 'YYYY-MM-DD'), 'position', position)) as by_month
            from (select row_id, month, min(position)::int as position, sum(clicks) as clicks from ads group by row_id, month) best
            group by row_id
          ), copies as (
            select c.row_id, json_agg(json_build_object('adCopyId', ac.id, 'headline', ac.headline, 'body', ac.body,
                'displayUrl', ac.display_url, 'landingPage', pg.url, 'months', c.months)) as ads
            from (select row_id, ad_copy_id, array_agg(distinct to_char(month, 'YYYY-MM-DD')) as months from ads group by row_id, ad_copy_id) c
            join ad_copy ac on ac.id = c.ad_copy_id join page pg on pg.id = ac.page_id
            group by c.row_id
          )
          select ${byDomain ? 'k.term' : 'd.name'} as label, ${byDomain ? 'k.volume, k.cpc::float8' : 'null::int as volume, null::float8'} as cpc,
            t.months_bought, t.paid_clicks, t.by_month, c.ads
          from totals t ${byDomain ? 'join keyword k on k.id = t.row_id' : 'join domain d on d.id = t.row_id'}
          join copies c on c.row_id = t.row_id`,
    params: [ownId, input.territory, arrayLiteral(input.months)],
  };
}


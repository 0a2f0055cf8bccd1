import { type BuiltQuery, rowSourceOf, ppcKeywordTableOrder, type TableSpec } from '../tables/index.js';
import type { KeywordBacklinkRow } from '@serpwise/contracts';
export type { KeywordBacklinkRow };

interface Raw {
  id: string;
  source_domain: string;
  source_url: string;
  target_url: string;
  target_position: number;
  anchor: string;
  nofollow: boolean;
  first_seen: string;
  last_seen: string | null;
}

/**
 * Keyword backlinks: every backlink (live and lost) pointing at a page that ranks in the keyword's organic top 10 in
 * month M. Default order: newest first seen first. The filter matches the linking domain.
 */
export const keywordBacklinksTable: TableSpec<Raw, KeywordBacklinkRow> = {
  sortColumns: { sourceDomain: 'source_domain', targetUrl: 'target_url', targetPosition: 'target_position', anchor: 'anchor', firstSeen: 'first_seen', lastSeen: 'last_seen' },
  filterColumns: ['source_domain'],
  defaultOrder: [{ column: 'first_seen', direction: 'desc' }],
  tieBreak: [{ column: 'id', direction: 'asc' }],
  unspecified: ppcKeywordTableOrder,
  map: (raw) => ({
    sourceDomain: raw.source_domain,
    sourceUrl: raw.source_url,
    targetUrl: raw.target_url,
    targetPosition: raw.target_position,
    anchor: raw.anchor,
    nofollow: raw.nofollow,
    firstSeen: raw.first_seen,
    lastSeen: raw.last_seen,
  }),
};

export function keywordBacklinksQuery(input: { keywordId: number; month: string }): BuiltQuery {
  return {
    sql: `with ranking as (
            select page_id, min(position)::int as position from organic_rank where month = ?::date and keyword_id = ? and position <= 10 group by page_id
          )
          select b.id, sd.name as source_domain, sp.url as source_url, tp.url as target_url, r.position as target_position,
            b.anchor, b.nofollow, to_char(b.first_seen, 'YYYY-MM-DD') as first_seen, to_char(b.last_seen, 'YYYY-MM-DD') as last_seen, ${rowSourceOf('b.source_id')}
          from ranking r join backlink b on b.target_page_id = r.page_id
          join page tp on tp.id = b.target_page_id join page sp on sp.id = b.source_page_id join domain sd on sd.id = b.source_domain_id`,
    params: [input.month, input.keywordId],
  };
}

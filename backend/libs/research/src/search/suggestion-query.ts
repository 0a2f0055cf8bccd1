import type { Suggestion } from '@serpwise/contracts';
import { escapeLike, type Sql } from '../sql.js';
import { keywordOfSearch } from './query-classifier.js';

/**
 * Suggestions as the user types: keyword and domain prefix matches, most popular first. Prefix searches run on
 * text_pattern_ops indexes (keyword_term_prefix_index, domain_name_prefix_index), so they stay fast as the
 * warehouse grows; matches at a later word of a keyword fill up when prefixes are not enough. Each statement has a
 * fixed shape and a name, so the research pool prepares it (see Sql.query).
 */
export class SuggestionQuery {
  constructor(private readonly sql: Sql) {}

  async keywords(territory: string, query: string, limit: number): Promise<Suggestion[]> {
    const text = keywordOfSearch(query);
    if (!text) return [];
    const prefix = await this.sql.query<{ term: string; volume: number }>(
      `select term, volume from keyword where territory = ? and term like ? order by volume desc nulls last, term limit ?`,
      [territory, `${escapeLike(text)}%`, limit],
      'research_keyword_suggestions',
    );
    let rows = prefix;
    if (rows.length < limit) {
      const inner = await this.sql.query<{ term: string; volume: number }>(
        `select term, volume from keyword where territory = ? and term like ? and term not like ? order by volume desc nulls last, term limit ?`,
        [territory, `% ${escapeLike(text)}%`, `${escapeLike(text)}%`, limit - rows.length],
        'research_keyword_suggestions_inner',
      );
      rows = [...rows, ...inner];
    }
    return rows.map((row) => ({ value: row.term, type: 'term', popularity: Number(row.volume) }));
  }

  async domains(territory: string, query: string, limit: number): Promise<Suggestion[]> {
    const text = query.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').split('/')[0]!;
    if (!text || /\s/.test(text)) return [];
    const rows = await this.sql.query<{ name: string; clicks: string | number | null }>(
      `select d.name, m.organic_clicks as clicks
       from domain d
       left join domain_month m on m.domain_id = d.id and m.territory = ? and m.month = (select max(last_month) from data_source)
       where d.name like ?
       order by m.organic_clicks desc nulls last, d.name limit ?`,
      [territory, `${escapeLike(text)}%`, limit],
      'research_domain_suggestions',
    );
    return rows.map((row) => ({ value: row.name, type: 'domain', popularity: Number(row.clicks ?? 0) }));
  }

  /** Both kinds: the kind the text looks like first, but at least one of the other when there is one. */
  async any(territory: string, query: string, limit: number): Promise<Suggestion[]> {
    const [keywords, domains] = await Promise.all([this.keywords(territory, query, limit), this.domains(territory, query, limit)]);
    const domainFirst = /\.|^www/i.test(query.trim());
    const [primary, secondary] = domainFirst ? [domains, keywords] : [keywords, domains];
    const head = primary.slice(0, secondary.length ? limit - 1 : limit);
    const rest = [...secondary, ...primary.slice(head.length)].slice(0, limit - head.length);
    return [...head, ...rest];
  }
}

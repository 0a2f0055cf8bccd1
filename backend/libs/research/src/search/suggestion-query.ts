import type { Suggestion } from '@serpwise/contracts';
import { escapeLike, type Sql } from '../sql.js';
import { keywordOfSearch } from './query-classifier.js';

/**
 * Suggestions as the user types: keyword and domain prefix matches, most popular first. Prefix searches run on
 * text_pattern_ops indexes (keyword_term_prefix_index, domain_name_prefix_index), so they stay fast as the
 * warehouse grows; matches at a later word of a keyword fill up when prefixes are not enough. Each statement has a
 * fixed shape and a name, so the research pool prepares it (see Sql.query).
 *
 * A common prefix ("o", "omni" in a territory with a giant subject's million "omnivora …" keywords) matches so many
 * keywords that sorting them all took 273 ms; a rare one matches few. So each kind of match is first looked for among
 * the territory's `walkedKeywords` most popular keywords (a bounded walk of keyword_volume_order_index): when they
 * hold enough matches, those are the answer — the same as sorting every match, since every keyword outside them
 * comes after them in the order (volume desc nulls last, term; term is unique in a territory). Else the match is rare
 * among them and the statement of before runs (prefix or trigram index, then a sort of the few matches). Those
 * statements read their matches in a materialized CTE so that no plan, generic or custom, walks the volume index
 * for them (a walk that filters a rare prefix reads every keyword: 3.8 s).
 */
export const walkedKeywords = 10_000;

const walkSql = (match: string) =>
  `select term, volume from (select term, volume from keyword where territory = ? order by volume desc nulls last, term limit ${walkedKeywords}) popular
   where ${match} order by volume desc nulls last, term limit ?`;
const sortSql = (match: string) =>
  `with matched as materialized (select term, volume from keyword where territory = ? and ${match})
   select term, volume from matched order by volume desc nulls last, term limit ?`;

type Match = { term: string; volume: number };

export class SuggestionQuery {
  constructor(private readonly sql: Sql) {}

  async keywords(territory: string, query: string, limit: number): Promise<Suggestion[]> {
    const text = keywordOfSearch(query);
    if (!text) return [];
    const prefix = `${escapeLike(text)}%`;
    let rows = await this.matches('research_keyword_suggestions', 'term like ?', [prefix], territory, limit);
    if (rows.length < limit) {
      const inner = await this.matches('research_keyword_suggestions_inner', 'term like ? and term not like ?', [`% ${escapeLike(text)}%`, prefix], territory, limit - rows.length);
      rows = [...rows, ...inner];
    }
    return rows.map((row) => ({ value: row.term, type: 'term', popularity: Number(row.volume) }));
  }

  /** The first `limit` keywords of the territory matching `match`, most popular first: the bounded walk, else the sort. */
  private async matches(name: string, match: string, params: unknown[], territory: string, limit: number): Promise<Match[]> {
    const walked = await this.sql.query<Match>(walkSql(match), [territory, ...params, limit], `${name}_walk`);
    if (walked.length === limit) return walked;
    return this.sql.query<Match>(sortSql(match), [territory, ...params, limit], name);
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

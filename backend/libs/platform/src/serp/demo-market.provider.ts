import { viewerScopedSql, type Sql } from '@serpwise/research';
import { cleanResults, SerpProviderError, type SerpOrganicResult, type SerpPage, type SerpProvider, type SerpQuery } from './serp-provider.js';

/** How many sites a derived page shows (a keyword the demo market never generated). */
const derivedPageSize = 10;
/** The strongest sites of the territory a derived page draws from. */
const candidateSites = 60;

/** FNV-1a, 32 bit: a stable seed from a term, the same on every machine and run. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small and deterministic; enough to shuffle a list of sites. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slugOf = (keyword: string) => keyword.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'page';
const titleCase = (keyword: string) => keyword.replace(/\b\w/g, (letter) => letter.toUpperCase());

/**
 * The provider when none is configured: answers from the demo market, deterministically. A keyword the warehouse
 * has gets its stored page of the territory's newest month; any other keyword gets a page derived from its
 * text — the territory's strongest sites shuffled by a seed of the keyword, each with a page named after it.
 * Pages are dated in the demo market's newest month (its "today"), so landing them keeps the market coherent.
 */
export class DemoMarketProvider implements SerpProvider {
  readonly id = 'demo' as const;
  readonly label = 'Demo market';

  private readonly sql: Sql;

  constructor(warehouse: Sql) {
    // Its pages land as installation data (seen by everyone): it must read installation data only, never a user's import.
    this.sql = viewerScopedSql(warehouse, () => null);
  }

  async fetch(query: SerpQuery): Promise<SerpPage> {
    const [newest] = await this.sql.query<{ month: string | null }>(
      `select to_char(max(month), 'YYYY-MM-DD') as month from domain_month where territory = ?`,
      [query.territory],
    );
    const month = newest?.month;
    if (!month) throw new SerpProviderError('demo', 'bad-request', `The demo market has no data for ${query.territory}; load it first (npm start loads it).`);

    const stored = await this.sql.query<{ position: number; url: string; title: string | null }>(
      `select r.position, p.url, p.title from keyword k
       join organic_rank r on r.keyword_id = k.id and r.month = ?::date and r.territory = k.territory
       join page p on p.id = r.page_id
       where k.territory = ? and k.term = ? order by r.position`,
      [month, query.territory, query.keyword],
    );
    const results = stored.length ? stored.map((row) => ({ position: Number(row.position), url: row.url, title: row.title })) : await this.derivedPage(query, month);
    return { keyword: query.keyword, territory: query.territory, date: month, results: cleanResults(results) };
  }

  private async derivedPage(query: SerpQuery, month: string): Promise<SerpOrganicResult[]> {
    const sites = await this.sql.query<{ name: string }>(
      `select d.name from domain_month dm join domain d on d.id = dm.domain_id
       where dm.territory = ? and dm.month = ?::date order by dm.organic_clicks desc, d.name limit ?`,
      [query.territory, month, candidateSites],
    );
    const random = randomFrom(seedOf(`${query.territory}:${query.keyword}`));
    const names = sites.map((site) => site.name);
    for (let index = names.length - 1; index > 0; index -= 1) {
      const swap = Math.floor(random() * (index + 1));
      [names[index], names[swap]] = [names[swap]!, names[index]!];
    }
    return names.slice(0, derivedPageSize).map((name, index) => ({
      position: index + 1,
      url: `https://${name}/${slugOf(query.keyword)}`,
      title: `${titleCase(query.keyword)} | ${titleCase(name.split('.')[0] ?? name)}`,
    }));
  }
}

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { PageRequest, RelatedKeywordType } from '@serpwise/contracts';
import {
  createWarehouseSource, keywordOf, landWarehouseRows, meaningfulWords, orderedTable, pageOf, relatedFirstPages, relatedKeywordsQuery, relatedKeywordsTable,
  removeWarehouseSource, stopWords, viewerScopedSql, type Sql, type TableOrder,
} from '@serpwise/research';
import { openGiantMarket, type GiantMarket } from '../../infra/test/giant-market.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Issue 27 point 1: the related keywords `similar` and `transaction` walk keyword_word, `ranks` joins only the rows
 * that can be on the page (keyword/related-keyword-words.ts). On the tiny market with the giant subjects at a
 * hundredth (10,000 "omnivora …" keywords sharing "wireless", "kids", … with the market's, volumes that tie), each
 * answers exactly the rows, order and count of the table's statement, on the first pages and further on, and after
 * keyword writes (a provider landing's new keywords, numbers filled in, a user's private import, a removal).
 */
jest.setTimeout(300_000);

let market: GiantMarket;
const alice = '00000000-0000-4000-8000-00000000a11c';
const month = '2026-10-01';

beforeAll(async () => {
  market = await openGiantMarket();
}, setUpTimeoutMs);

afterAll(async () => {
  await market?.close();
}, setUpTimeoutMs);

const windows: PageRequest[] = [{ startRow: 1, pageSize: 100 }, { startRow: 101, pageSize: 50 }, { startRow: 1001, pageSize: 100 }, { startRow: 20_001, pageSize: 10 }];

/** The table's statement and the fast path, each page of `windows` and the count: both, and whether the fast one was used. */
async function bothWays(sql: Sql, term: string, type: RelatedKeywordType, order: TableOrder = {}) {
  const keyword = (await keywordOf(sql, 'US', term))!;
  const criteria = { keywordId: keyword.id, term, territory: 'US', month, type };
  const statement = orderedTable(relatedKeywordsQuery(criteria), relatedKeywordsTable, order);
  const fast = await relatedFirstPages(sql, statement, criteria, order);
  const read = async (query: typeof statement) => Promise.all(windows.map((window) => pageOf(sql, query, window)));
  return { statement: await read(statement), fast: await read(fast), walked: fast.pageSql !== undefined };
}

/** keyword_word against the keywords it is made from: both ways, nothing missing, nothing stale. */
async function wordRowsDiffer() {
  const rows = await market.database.query<{ n: string }>(`with expected as (
      select k.id, w, k.territory, cardinality(m)::smallint as words, k.volume, k.term, k.is_transactional, k.owner_user_ids is null as shared
      from keyword k cross join lateral (select coalesce(array_agg(distinct x), '{}') as m from unnest(string_to_array(k.term, ' ')) x
        where length(x) > 2 and x <> all($1::text[])) s cross join unnest(s.m) w)
    select (select count(*) from (select * from expected except select * from keyword_word) a) + (select count(*) from (select * from keyword_word except select * from expected) b) as n`,
  [[...stopWords]]);
  return Number(rows[0]!.n);
}

describe('related keywords through keyword_word', () => {
  it('keeps the stop words of meaningfulWords', async () => {
    const [definition] = await market.database.query<{ text: string }>(`select pg_get_functiondef('keyword_meaningful_words(text)'::regprocedure) as text`);
    const listed = /'\{([^}]*)\}'::text\[\]/.exec(definition!.text)![1]!.split(',');
    expect(new Set(listed)).toEqual(stopWords);
    const term = 'the best wireless earbuds for kids near me ab abc abc';
    const [row] = await market.database.query<{ words: string[] }>('select keyword_meaningful_words($1) as words', [term]);
    expect(row!.words.sort()).toEqual(meaningfulWords(term).sort());
    expect(await wordRowsDiffer()).toBe(0);
  });

  it('answers the rows, order and count of the statement, before and after keyword writes', async () => {
    const sql = viewerScopedSql(market.sql, () => null);
    // The market's most searched keywords sharing a word with the giant's, the giant's own keyword, and one of its keywords.
    const terms = [...(await market.database.query<{ term: string }>(`select k.term from keyword k where k.territory = 'US' and k.term not like 'omnivora %'
      and exists (select 1 from keyword g where g.territory = 'US' and g.term like 'omnivora %' and string_to_array(g.term, ' ') && string_to_array(k.term, ' '))
      order by k.volume desc nulls last, k.term limit 4`)).map((row) => row.term), 'omnivora catalogue'];
    terms.push((await market.database.query<{ term: string }>(`select term from keyword where term like 'omnivora wireless %' order by id limit 1`))[0]!.term);
    const check = async (label: string) => {
      let walked = 0;
      let rows = 0;
      for (const term of terms) {
        for (const type of ['similar', 'transaction', 'ranks'] as const) {
          const both = await bothWays(sql, term, type);
          expect({ label, term, type, pages: both.fast }).toEqual({ label, term, type, pages: both.statement });
          if (both.walked) walked++;
          rows += both.statement[0]!.totalRows;
        }
      }
      // Every keyword with meaningful words walks (similar, transaction) or narrows (ranks).
      expect(walked).toBe(terms.length * 3);
      expect(rows).toBeGreaterThan(10_000);
    };
    await check('loaded');
    // Another order, and a filter: the table's statement as it is.
    const byVolume = await bothWays(sql, terms[0]!, 'similar', { sort: 'volume', sortDirection: 'asc' });
    expect(byVolume.walked).toBe(false);
    expect((await bothWays(sql, terms[0]!, 'similar', { filter: 'omnivora' })).walked).toBe(false);

    // A provider landing: new keywords sharing words (volumes tying the giant's: 10 × 1…50), one with no volume; then
    // its numbers filled in by a second landing; a user's private import.
    const [wireless] = terms.slice(-1);
    const added = ['wireless earbuds case', 'kids wireless earbuds', 'omnivora wireless earbuds', 'earbuds', 'wireless'].map((keyword, index) => ({
      keyword, territory: 'US', date: '2026-10-20', volume: index === 3 ? undefined : 10 * (1 + index), position: 1 + index, url: `https://www.newcomer.example/${index}`, title: 'New',
    }));
    const source = await createWarehouseSource(market.client, { kind: 'provider', label: 'test fetch', ownerUserId: null });
    await landWarehouseRows(market.client, source, [...added, { keyword: `${wireless} earbuds`, territory: 'US', date: '2026-10-20', volume: 500 }]);
    const filled = await createWarehouseSource(market.client, { kind: 'provider', label: 'numbers', ownerUserId: null });
    await landWarehouseRows(market.client, filled, [{ keyword: 'earbuds', territory: 'US', date: '2026-10-21', volume: 250 }]);
    const hers = await createWarehouseSource(market.client, { kind: 'import', label: 'alice.csv', ownerUserId: alice });
    await landWarehouseRows(market.client, hers, [{ keyword: 'alice wireless earbuds', territory: 'US', date: '2026-10-21', position: 3, url: 'https://www.alice.example/', title: 'Alice' }]);
    expect(await wordRowsDiffer()).toBe(0);
    expect(await market.database.query(`select k.term, w.word, w.volume, w.shared from keyword_word w join keyword k on k.id = w.keyword_id
      where k.term in ('earbuds', 'alice wireless earbuds') order by k.term, w.word`)).toEqual([
      { term: 'alice wireless earbuds', word: 'alice', volume: null, shared: false },
      { term: 'alice wireless earbuds', word: 'earbuds', volume: null, shared: false },
      { term: 'alice wireless earbuds', word: 'wireless', volume: null, shared: false },
      { term: 'earbuds', word: 'earbuds', volume: 250, shared: true },
    ]);
    terms.push('wireless earbuds case', 'earbuds');
    await check('after the landings');
    // What alice sees (her private keyword among the rows): the same rows both ways.
    const aliceSql = viewerScopedSql(market.sql, () => alice);
    for (const type of ['similar', 'transaction'] as const) {
      const both = await bothWays(aliceSql, 'wireless earbuds case', type);
      expect(both.fast).toEqual(both.statement);
      expect(both.statement[0]!.rows.map((row) => (row as { keyword: string }).keyword).includes('alice wireless earbuds')).toBe(type === 'similar');
    }

    for (const id of [hers.sourceId, filled.sourceId, source.sourceId]) await removeWarehouseSource(market.client, id);
    expect(await wordRowsDiffer()).toBe(0);
    terms.splice(-2);
    await check('after the removals');
  });
});

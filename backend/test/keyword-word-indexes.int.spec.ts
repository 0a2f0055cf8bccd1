import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ResearchTableId } from '@serpwise/contracts';
import { giantNames, pageOf, prepareResearchTable, toNumberedPlaceholders, viewerScopedSql } from '@serpwise/research';
import { openGiantMarket, type GiantMarket } from '../../infra/test/giant-market.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Issue 27 point 1: the keyword tables that read `keyword` by its words (string_to_array(term, ' ') @> / &&) have
 * indexes since Migration20261209020000/021000 (keyword_term_words_index, keyword_question_words_index), where they
 * read every keyword before. The statements are unchanged: read with the indexes and with the plans of before (no
 * index scans: every keyword read), each table answers the same rows, order and count — on the tiny market with the
 * giant subjects, whose keywords share words with the market's — and the index plans do use the indexes.
 */
jest.setTimeout(300_000);

let market: GiantMarket;

beforeAll(async () => {
  market = await openGiantMarket();
}, setUpTimeoutMs);

afterAll(async () => {
  await market?.close();
}, setUpTimeoutMs);

const tables: [ResearchTableId, Record<string, unknown>][] = [
  ...['similar', 'questions', 'transaction'].map((type): [ResearchTableId, Record<string, unknown>] => ['keyword/related', { type }]),
  ['ppc/ad-templates', {}],
  ['keyword/adwords-advisor', { type: 'negativematch' }],
];

/** A table's first two pages and count, read in a transaction with the given planner settings. */
async function read(table: ResearchTableId, params: Record<string, unknown>, settings: string[]) {
  await market.client.query('begin');
  try {
    for (const setting of settings) await market.client.query(`set local ${setting}`);
    // Scoped as the API reads (the related keywords ask whether the viewer owns keyword numbers).
    const sql = viewerScopedSql(market.sql, () => null);
    const { query } = await prepareResearchTable(sql, table, { countryCode: 'US', ...params });
    if (!query) return { pages: null, plans: '' };
    const pages = [await pageOf(sql, query, { startRow: 1, pageSize: 100 }), await pageOf(sql, query, { startRow: 101, pageSize: 50 })];
    const { rows } = await market.client.query(`explain ${toNumberedPlaceholders(query.sql)}`, [...query.params]);
    return { pages, plans: rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n') };
  } finally {
    await market.client.query('rollback');
  }
}

describe('keyword tables read through the words indexes', () => {
  it('answer what every keyword read answered (rows, order, count), and use the indexes', async () => {
    // The market's most searched keywords that giant keywords ("omnivora wireless lamp 4", …) share a word with,
    // and the giant's own keyword.
    const keywords = [...(await market.database.query<{ term: string }>(`select k.term from keyword k where k.territory = 'US' and k.term not like 'omnivora %'
      and exists (select 1 from keyword g where g.territory = 'US' and g.term like 'omnivora %' and string_to_array(g.term, ' ') && string_to_array(k.term, ' '))
      order by k.volume desc nulls last, k.term limit 6`)).map((row) => row.term), giantNames.keyword];
    expect(keywords.length).toBeGreaterThanOrEqual(4);
    // And the market's two most searched keywords.
    keywords.push(...(await market.database.query<{ term: string }>(`select term from keyword where territory = 'US' and term not like 'omnivora %'
      order by volume desc nulls last, term limit 2`)).map((row) => row.term).filter((term) => !keywords.includes(term)));
    let indexed = 0;
    let rows = 0;
    for (const query of keywords) {
      for (const [table, params] of tables) {
        const before = await read(table, { ...params, query }, ['enable_indexscan = off', 'enable_bitmapscan = off', 'enable_indexonlyscan = off']);
        const after = await read(table, { ...params, query }, []);
        expect({ table, query, params, pages: after.pages }).toEqual({ table, query, params, pages: before.pages });
        expect(before.plans).not.toMatch(/keyword_(term|question)_words_index/);
        if (/keyword_(term|question)_words_index/.test(after.plans)) indexed++;
        // Similar and transaction keep the scan of before (a bitmap of every keyword sharing a word was slower).
        if (table === 'keyword/related' && params.type !== 'questions') expect(after.plans).not.toMatch(/keyword_term_words_index/);
        rows += after.pages?.[0]?.totalRows ?? 0;
      }
    }
    expect(rows).toBeGreaterThan(1000);
    // The narrow ones read through an index: questions and negative matches for every keyword (ad templates where
    // the market's few ads are not the cheaper start).
    expect(indexed).toBeGreaterThanOrEqual(keywords.length * 2);
  });
});

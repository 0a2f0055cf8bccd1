import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { openWarehousePool, SuggestionQuery, walkedKeywords, type Sql } from '@serpwise/research';
import { createTestDatabase, setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';

/**
 * Issue 27 point 1: keyword suggestions in a territory with a giant's keywords. SuggestionQuery first looks for the
 * matches among the territory's most popular keywords (a bounded walk of the volume index) and only sorts every match
 * when they are too few there. It must answer exactly what the statements of before answered (copied below), for
 * common and rare prefixes, matches at a later word, ties and unknown volumes, every limit, as keywords land, change
 * and go — and run prepared (generic plans after a few executions) as the API runs it.
 */
jest.setTimeout(300_000);

let database: TestDatabase;
let pool: ReturnType<typeof openWarehousePool>;
const names: string[] = [];
let suggestions: SuggestionQuery;

/** The statements of before (the reference), unprepared. */
async function before(territory: string, text: string, limit: number) {
  const like = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
  const prefix = await database.query<{ term: string; volume: number }>(
    `select term, volume from keyword where territory = $1 and term like $2 order by volume desc nulls last, term limit $3`, [territory, `${like(text)}%`, limit]);
  let rows = prefix;
  if (rows.length < limit) {
    rows = [...rows, ...(await database.query<{ term: string; volume: number }>(
      `select term, volume from keyword where territory = $1 and term like $2 and term not like $3 order by volume desc nulls last, term limit $4`,
      [territory, `% ${like(text)}%`, `${like(text)}%`, limit - rows.length]))];
  }
  return rows.map((row) => ({ value: row.term, type: 'term', popularity: Number(row.volume) }));
}

const adjectives = ['steel', 'compact', 'vintage', 'wireless', 'organic', 'smart', 'silent', 'folding'];
const nouns = ['lamp', 'blanket', 'drill', 'kettle', 'mug', 'shelf', 'desk', 'chair', 'zebra_rug', 'ohm%meter'];

beforeAll(async () => {
  database = await createTestDatabase({ tinyMarket: true });
  // A giant's keywords: three times the walk's bound, volumes spread over the market's (many ties, some unknown).
  await database.query(
    `insert into keyword (territory, term, volume, history_start, source_id)
     select 'US', 'giantco ' || (array[${adjectives.map((word) => `'${word}'`).join(',')}])[1 + i % ${adjectives.length}] || ' '
       || (array[${nouns.map((word) => `'${word}'`).join(',')}])[1 + (i / ${adjectives.length}) % ${nouns.length}] || ' ' || i,
       case when i % 97 = 0 then null else (i * 7919) % 5000 end, date '2024-01-01', 1
     from generate_series(1, $1::int) i`, [3 * walkedKeywords]);
  await database.query('analyze keyword');
  pool = openWarehousePool(database.url, { max: 1 });
  const recorded: Sql = { query: (text, params, name) => (name && names.push(name), pool.sql.query(text, params, name)) };
  suggestions = new SuggestionQuery(recorded);
}, setUpTimeoutMs);

afterAll(async () => {
  await pool?.close();
  await database?.drop();
}, setUpTimeoutMs);

/** Every search text to compare: 1–4 letter prefixes of the market's and the giant's keywords, later words, odd ones. */
async function texts(): Promise<string[]> {
  const terms = (await database.query<{ term: string }>(`select term from keyword where territory = 'US' order by volume desc nulls last, term limit 40`)).map((row) => row.term);
  const sample = (await database.query<{ term: string }>(`select term from keyword where territory = 'US' and term not like 'giantco%' order by term limit 60`)).map((row) => row.term);
  const words = [...adjectives, ...nouns, 'zebra_', 'ohm%', 'lamp 1', 'giantco steel lamp 1', 'giantco zz', 'nothing matches this'];
  return [...new Set([...terms, ...sample].flatMap((term) => [1, 2, 3, 4].map((length) => term.slice(0, length))).concat(words))];
}

async function expectSameAnswers(limits: number[]) {
  for (const text of await texts()) {
    for (const limit of limits) {
      expect({ text, limit, rows: await suggestions.keywords('US', text, limit) }).toEqual({ text, limit, rows: await before('US', text, limit) });
    }
  }
}

describe('keyword suggestions in a territory with a giant subject', () => {
  it('answer what the statements of before answered, by the bounded walk for common matches and the sort for rare ones', async () => {
    names.length = 0;
    // Twice: the second pass runs on plans the pool has cached (generic ones once PostgreSQL prefers them).
    for (let pass = 0; pass < 2; pass++) await expectSameAnswers([1, 5, 20]);
    // Both ways were taken, for both kinds of match.
    for (const name of ['research_keyword_suggestions_walk', 'research_keyword_suggestions', 'research_keyword_suggestions_inner_walk', 'research_keyword_suggestions_inner']) {
      expect({ name, used: names.includes(name) }).toEqual({ name, used: true });
    }
    // "giantco" matches 30,000 keywords: the walk answers it alone.
    names.length = 0;
    expect(await suggestions.keywords('US', 'giantco', 20)).toEqual(await before('US', 'giantco', 20));
    expect(names).toEqual(['research_keyword_suggestions_walk']);
  });

  it('stay the same as keywords land, change volume and go', async () => {
    await database.query(`insert into keyword (territory, term, volume, history_start, source_id)
      select 'US', 'giantco new ' || i, 100000 + i, date '2024-01-01', 1 from generate_series(1, 30) i`);
    await database.query(`update keyword set volume = null where territory = 'US' and term like 'giantco steel%' and volume > 4000`);
    await database.query(`update keyword set volume = 4999 where territory = 'US' and term like 'giantco organic%' and volume < 50`);
    await database.query(`delete from keyword k where territory = 'US' and term like 'giantco smart%' and volume > 2500
      and not exists (select 1 from organic_rank r where r.keyword_id = k.id) and not exists (select 1 from paid_ad a where a.keyword_id = k.id)`);
    await expectSameAnswers([5, 20]);
  });
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { keywordSortColumns, type KeywordRow, type KeywordSortColumn } from '@serpwise/contracts';
import {
  openWarehousePool,
  orderedTable,
  pageOf,
  rankChangeOf,
  trackedKeywordMetrics,
  trackedKeywordSpec,
  trackedKeywordTable,
  viewerScopedSql,
  type Sql,
  type TrackedTermMetrics,
  type WarehousePool,
} from '@serpwise/research';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { insertProject } from './projects-support.js';

/**
 * The projects' keyword table (Keywords/GetKeywordList) runs on the research table engine, in SQL. It used to load a
 * project's keywords and their warehouse numbers and sort, filter and page them in memory; that code is kept below
 * as the reference, and every sort column, direction, empty-value placement, filter, page and group or label must
 * answer exactly what it answered: the same rows in the same order with the same values, and the same count.
 */

jest.setTimeout(120_000);

interface ProjectKeywordRecord {
  termId: number;
  term: string;
  addedAt: string;
  groups: string[];
  labels: string[];
}

// ---------------------------------------------------------------- the in-memory table, as it was (the reference)

function referenceRow(record: ProjectKeywordRecord, metrics: TrackedTermMetrics | undefined): KeywordRow {
  return {
    termId: record.termId,
    keyword: record.term,
    monthlySearches: metrics?.volume ?? null,
    costPerClick: metrics?.cpc ?? null,
    rankingDifficulty: metrics?.difficulty ?? null,
    currentRank: metrics?.currentRank ?? null,
    previousRank: metrics?.previousRank ?? null,
    rankChange: rankChangeOf(metrics),
    clickChange: metrics ? metrics.clicks - metrics.previousClicks : null,
    groupsCsv: record.groups.join(','),
    groupCount: record.groups.length,
    labelsCsv: record.labels.join(','),
    labelCount: record.labels.length,
    addedAt: record.addedAt,
  };
}

const textColumns = new Set<KeywordSortColumn>(['keyword', 'groups', 'labels', 'addedAt']);

const sortValue = (row: KeywordRow, column: KeywordSortColumn): string | number | null => {
  switch (column) {
    case 'keyword':
      return row.keyword;
    case 'groups':
      return row.groupsCsv || null;
    case 'labels':
      return row.labelsCsv || null;
    case 'addedAt':
      return row.addedAt;
    default:
      return row[column];
  }
};

interface TableRequest {
  filterTerm?: string;
  sortColumn?: KeywordSortColumn;
  sortOrder?: 'asc' | 'desc';
  emptyValues?: 'high' | 'low' | undefined;
  startRow: number;
  rowsToDisplay: number;
}

function referenceTable(rows: readonly KeywordRow[], request: TableRequest): { keywords: KeywordRow[]; totalRowCount: number } {
  const filter = request.filterTerm?.trim().toLowerCase();
  const filtered = filter ? rows.filter((row) => row.keyword.includes(filter)) : [...rows];
  const column = request.sortColumn ?? 'monthlySearches';
  const direction = request.sortOrder ?? (textColumns.has(column) ? 'asc' : 'desc');
  const sign = direction === 'asc' ? 1 : -1;
  const emptyAfter = request.emptyValues === undefined ? 1 : (request.emptyValues === 'high' ? 1 : -1) * sign;
  filtered.sort((a, b) => {
    const left = sortValue(a, column);
    const right = sortValue(b, column);
    let order = 0;
    if (left === null && right !== null) order = emptyAfter;
    else if (left !== null && right === null) order = -emptyAfter;
    else if (left !== null && right !== null) order = (typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right))) * sign;
    return order || a.keyword.localeCompare(b.keyword);
  });
  const start = request.startRow - 1;
  return { keywords: filtered.slice(start, start + request.rowsToDisplay), totalRowCount: filtered.length };
}

/** The project's keywords as the repository listed them for the in-memory table. */
async function referenceRecords(sql: Sql, projectId: string, scope: Scope): Promise<ProjectKeywordRecord[]> {
  const rows = await sql.query<{ term_id: number; term: string; added_at: Date | string; groups: string[] | null; labels: string[] | null }>(
    `select k.term_id, t.term, k.added_at,
       (select array_agg(g.name order by g.name) from keyword_group_term gt join keyword_group g on g.group_hash = gt.group_hash
        where g.project_id = k.project_id and gt.term_id = k.term_id) as groups,
       (select array_agg(l.name order by l.name) from keyword_label_term lt join keyword_label l on l.label_hash = lt.label_hash
        where l.project_id = k.project_id and lt.term_id = k.term_id) as labels
     from project_keyword k join tracked_term t on t.id = k.term_id
     where k.project_id = ?
       and (?::uuid is null or exists (select 1 from keyword_group_term gt where gt.group_hash = ?::uuid and gt.term_id = k.term_id))
       and (?::uuid is null or exists (select 1 from keyword_label_term lt where lt.label_hash = ?::uuid and lt.term_id = k.term_id))`,
    [projectId, scope.groupHash ?? null, scope.groupHash ?? null, scope.labelHash ?? null, scope.labelHash ?? null],
  );
  return rows.map((row) => ({
    termId: Number(row.term_id),
    term: row.term,
    addedAt: new Date(row.added_at).toISOString(),
    groups: row.groups ?? [],
    labels: row.labels ?? [],
  }));
}

// ---------------------------------------------------------------- the data

type Scope = { groupHash?: string; labelHash?: string };

let database: TestDatabase;
let pool: WarehousePool;
let sql: Sql;
let project: { id: string; domain: string; territory: string };
let groupHash: string;
let labelHash: string;

/** Terms the warehouse does not know: punctuation, digits, accents, upper-case-looking letters after lowercasing. */
const unknownTerms = ['zz unknown term', '10 best-shoes', 'best_shoes 2', 'café crème', 'ärger im büro', 'a-b c', 'shoe polish!', 'Ωmega'.toLowerCase(), '"quoted" shoes'];
const groupNames = ['Core', 'brand', 'Zeta', 'alpha-beta', 'Alpha beta', '_misc', '10 Deals', 'Ägypten', 'core shoes'];
const labelNames = ['Flag', 'flag two', 'B', 'a', 'Ünder', '#1'];

beforeAll(async () => {
  database = await createTestDatabase({ tinyMarket: true });
  const owner = await createTestUser(database, { roles: ['full'] });
  pool = openWarehousePool(database.url, { max: 2 });
  sql = viewerScopedSql(pool.sql, () => owner.id);

  const [months] = await database.query<{ month: string; previous: string }>(
    `select to_char(max(month), 'YYYY-MM-DD') as month, to_char(max(month) - interval '1 month', 'YYYY-MM-DD') as previous from domain_month where territory = 'US'`,
  );
  // The site with the most keywords ranked this month and keywords it ranked for in either month.
  const [site] = await database.query<{ domain_id: number; name: string }>(
    `select r.domain_id, d.name from organic_rank r join domain d on d.id = r.domain_id where r.territory = 'US' and r.month = $1::date
     group by r.domain_id, d.name order by count(*) desc, r.domain_id limit 1`,
    [months!.month],
  );
  const ranked = await database.query<{ term: string }>(
    `select distinct k.term from organic_rank r join keyword k on k.id = r.keyword_id
     where r.domain_id = $1 and r.territory = 'US' and r.month in ($2::date, $3::date) order by k.term limit 60`,
    [site!.domain_id, months!.month, months!.previous],
  );
  // Known terms without a rank this month (dropped out) or the month before (newly ranked).
  const dropped = ranked.filter((_, index) => index % 7 === 3).map((row) => row.term);
  const fresh = ranked.filter((_, index) => index % 7 === 5).map((row) => row.term);
  for (const [month, gone] of [[months!.month, dropped], [months!.previous, fresh]] as const) {
    await database.query(
      `delete from organic_rank r using keyword k where k.id = r.keyword_id and k.territory = 'US' and k.term = any($3::text[]) and r.domain_id = $1 and r.month = $2::date`,
      [site!.domain_id, month, gone],
    );
  }
  const terms = [...ranked.map((row) => row.term), ...unknownTerms];

  const owned = await createTestUser(database, { roles: ['full'] });
  project = { id: await insertProject(database, owned.id, { domain: site!.name, territory: 'US' }), domain: site!.name, territory: 'US' };
  await database.query('insert into tracked_term (term) select unnest($1::text[]) on conflict (term) do nothing', [terms]);
  // Added at: runs of the same moment, moments a few microseconds apart (the same millisecond in the answer), and days apart.
  await database.query(
    `insert into project_keyword (project_id, term_id, added_at)
     select $1, t.id, timestamptz '2026-11-20 10:00:00.123456+00' + ((n % 7) * interval '1 day') + ((n % 3) * interval '150 microseconds')
     from tracked_term t join unnest($2::text[]) with ordinality as u(term, n) on u.term = t.term`,
    [project.id, terms],
  );
  const ids = new Map((await database.query<{ id: number; term: string }>('select id, term from tracked_term where term = any($1::text[])', [terms])).map((row) => [row.term, row.id]));
  const hashes = async (table: 'keyword_group' | 'keyword_label', names: string[]) => {
    const made: string[] = [];
    for (const name of names) {
      const hash = randomUUID();
      await database.query(`insert into ${table} (${table === 'keyword_group' ? 'group_hash' : 'label_hash'}, project_id, name, created_at) values ($1, $2, $3, now())`, [hash, project.id, name]);
      made.push(hash);
    }
    return made;
  };
  const groups = await hashes('keyword_group', groupNames);
  const labels = await hashes('keyword_label', labelNames);
  // Each term in none, one or several groups and labels, by its place in the list.
  for (const [index, term] of terms.entries()) {
    const termId = ids.get(term)!;
    for (let g = 0; g < index % 4; g += 1) {
      await database.query('insert into keyword_group_term (group_hash, term_id, added_at) values ($1, $2, now())', [groups[(index + g * 3) % groups.length], termId]);
    }
    for (let l = 0; l < index % 3; l += 1) {
      await database.query('insert into keyword_label_term (label_hash, term_id, added_at) values ($1, $2, now())', [labels[(index * 2 + l) % labels.length], termId]);
    }
  }
  groupHash = groups[0]!;
  labelHash = labels[0]!;
}, setUpTimeoutMs);

afterAll(async () => {
  await pool?.close();
  await database?.drop();
}, setUpTimeoutMs);

// ---------------------------------------------------------------- the comparison

async function both(request: TableRequest, scope: Scope = {}) {
  const records = await referenceRecords(sql, project.id, scope);
  const { month, metrics } = await trackedKeywordMetrics(sql, { territory: project.territory, domain: project.domain, terms: records.map((record) => record.term) });
  const expected = { ...referenceTable(records.map((record) => referenceRow(record, metrics.get(record.term))), request), month };

  const { query, month: tableMonth } = await trackedKeywordTable(sql, { projectId: project.id, territory: project.territory, domain: project.domain, ...scope });
  const order = { sort: request.sortColumn, sortDirection: request.sortOrder, filter: request.filterTerm, emptyValues: request.emptyValues };
  const page = await pageOf<KeywordRow>(sql, orderedTable(query, trackedKeywordSpec, order), { startRow: request.startRow, pageSize: request.rowsToDisplay });
  return { actual: { keywords: page.rows, totalRowCount: page.totalRows, month: tableMonth }, expected };
}

async function expectSame(request: TableRequest, scope: Scope = {}) {
  const { actual, expected } = await both(request, scope);
  // The same rows, values and order, and the same key order in each row (what the API sends).
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

const whole = { startRow: 1, rowsToDisplay: 1000 };

describe('the projects keyword table on the research table engine', () => {
  it('has data that exercises it: unknown terms, empty ranks, shared values, several groups and labels', async () => {
    const { expected } = await both(whole);
    const rows = expected.keywords;
    expect(rows.length).toBeGreaterThan(60);
    expect(expected.month).not.toBeNull();
    expect(rows.filter((row) => row.monthlySearches === null).length).toBeGreaterThanOrEqual(unknownTerms.length);
    expect(rows.some((row) => row.currentRank === null && row.monthlySearches !== null)).toBe(true);
    expect(rows.some((row) => row.previousRank === null && row.currentRank !== null)).toBe(true);
    expect(rows.some((row) => row.rankChange !== null && row.rankChange !== 0)).toBe(true);
    expect(new Set(rows.map((row) => row.currentRank)).size).toBeLessThan(rows.length);
    expect(rows.some((row) => row.groupCount > 1) && rows.some((row) => row.labelCount > 1)).toBe(true);
    expect(new Set(rows.map((row) => row.addedAt)).size).toBeLessThan(rows.length);
  });

  it('answers every sort column, direction and empty-value placement as the in-memory table did', async () => {
    for (const sortColumn of [undefined, ...keywordSortColumns]) {
      for (const sortOrder of [undefined, 'asc', 'desc'] as const) {
        for (const emptyValues of [undefined, 'high', 'low'] as const) {
          await expectSame({ ...whole, ...(sortColumn ? { sortColumn } : {}), ...(sortOrder ? { sortOrder } : {}), emptyValues });
        }
      }
    }
  });

  it('filters as it did: the lowercased text contained in the keyword, blank as no filter', async () => {
    for (const filterTerm of ['SHOE', ' shoe ', '   ', 'CAFÉ', 'É', '-', '_', '%', '"', 'no such words']) {
      for (const sortColumn of [undefined, 'keyword', 'groups', 'currentRank'] as const) {
        await expectSame({ ...whole, filterTerm, ...(sortColumn ? { sortColumn } : {}) });
      }
    }
  });

  it('pages as it did, past the end too', async () => {
    for (const [startRow, rowsToDisplay] of [[1, 20], [3, 20], [21, 20], [61, 50], [90, 20], [500, 20]] as const) {
      for (const sortColumn of [undefined, 'keyword', 'labels', 'addedAt', 'clickChange'] as const) {
        await expectSame({ startRow, rowsToDisplay, ...(sortColumn ? { sortColumn } : {}), emptyValues: 'low' });
      }
    }
  });

  it('narrows to a group or a label as it did', async () => {
    for (const scope of [{ groupHash }, { labelHash }, { groupHash, labelHash }]) {
      for (const sortColumn of [undefined, 'keyword', 'rankChange'] as const) {
        await expectSame({ ...whole, ...(sortColumn ? { sortColumn } : {}) }, scope);
        await expectSame({ startRow: 2, rowsToDisplay: 20, filterTerm: 'e', ...(sortColumn ? { sortColumn } : {}) }, scope);
      }
    }
  });

  it('answers no numbers for a territory without a month, as it did', async () => {
    const empty = { ...project, territory: 'ZZ' };
    const { query, month } = await trackedKeywordTable(sql, { projectId: empty.id, territory: empty.territory, domain: empty.domain });
    expect(month).toBeNull();
    const page = await pageOf<KeywordRow>(sql, orderedTable(query, trackedKeywordSpec, {}), { startRow: 1, pageSize: 1000 });
    expect(page.totalRows).toBeGreaterThan(60);
    expect(page.rows.every((row) => row.monthlySearches === null && row.clickChange === null && row.rankChange === null)).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import type { HttpSession } from '../../infra/test/http-session.js';
import type { TestDatabase } from '../../infra/test/test-services.js';

/** Shared pieces of the project-area integration tests. */
export const nsa = '/NsaApi/MySerpwise';
export const emptyId = '00000000-0000-0000-0000-000000000000';

export const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

/** A project straight in the database (like onboarding creates one). */
export async function insertProject(database: TestDatabase, ownerId: string, fields: { name?: string; domain?: string; territory?: string } = {}): Promise<string> {
  const id = randomUUID();
  await database.query(`insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values ($1, $2, $3, $4, $5, now(), now())`, [
    id,
    ownerId,
    fields.name ?? `Project ${id.slice(0, 6)}`,
    fields.domain ?? 'shop.example',
    fields.territory ?? 'US',
  ]);
  return id;
}

/** Fills a project with `count` made-up tracked keywords, fast (for the allowance). */
export async function fillProject(database: TestDatabase, projectId: string, count: number, prefix = randomUUID().slice(0, 8)): Promise<void> {
  await database.query(`insert into tracked_term (term) select $1 || ' filler ' || n from generate_series(1, $2::int) as n on conflict (term) do nothing`, [prefix, count]);
  await database.query(
    `insert into project_keyword (project_id, term_id, added_at) select $1, t.id, now() from tracked_term t where t.term like $2 || ' filler %' on conflict do nothing`,
    [projectId, prefix],
  );
}

/** A subscription row that gives an account owner the Professional plan. */
export async function giveProfessionalPlan(database: TestDatabase, userId: string): Promise<void> {
  await database.query(
    `insert into subscription (id, user_id, product_id, plan, billing, status, amount_cents, seat_amount_cents, coupon_code, current_period_start,
       current_period_end, cancelled_at, paused_at, created_at, updated_at)
     values ($1, $2, 1139, 'professional', 'monthly', 'active', 7900, 0, null, now(), now() + interval '1 month', null, null, now(), now())`,
    [randomUUID(), userId],
  );
}

export const rowCount = async (database: TestDatabase, table: string, where = 'true', params: unknown[] = []): Promise<number> =>
  Number((await database.query<{ n: string }>(`select count(*) as n from ${table} where ${where}`, params))[0]!.n);

/** Everything the project area stores, as counts: a refused call must leave them all unchanged. */
export async function projectAreaCounts(database: TestDatabase): Promise<Record<string, number>> {
  const tables = [
    'project',
    'project_keyword',
    'keyword_group',
    'keyword_group_term',
    'keyword_label',
    'keyword_label_term',
    'keyword_import',
    'outreach_website',
    'outreach_link',
    'outreach_contact',
    'link_note',
    'link_task',
    'link_contact_event',
    'outreach_history',
    'project_team_access',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await rowCount(database, table);
  return counts;
}

/** Imports keywords and answers the import's answer. */
export async function importKeywords(browser: HttpSession, body: Record<string, unknown>) {
  return browser.post(`${nsa}/Keywords/KeywordActions/Import`, body);
}

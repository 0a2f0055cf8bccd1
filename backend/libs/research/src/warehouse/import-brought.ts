import type pg from 'pg';
import { installationOwner } from '../viewer-scope.js';

/** What an import brought, for the links of a finished import to the research pages that show it. */
export interface ImportBrought {
  /** The site most of its search results are of (a Search Console or Organic Positions site); null: none. */
  site: string | null;
  /** Its keyword with the most searches among those it gave numbers for (a Keyword Planner file); null: none. */
  keyword: string | null;
  /** The newest month it landed (YYYY-MM-DD). */
  month: string | null;
}

/**
 * Reads, inside the import's transaction, what one user's source brought: from the owner's rows of the months it
 * landed (organic_rank_owned_index: a user's rows are few) and its keyword numbers (owned-figures.ts).
 */
export async function importBrought(client: pg.ClientBase, sourceId: number, ownerUserId: string, months: readonly string[]): Promise<ImportBrought> {
  const [site] = months.length
    ? (await client.query<{ name: string }>(
        `select d.name from organic_rank r join domain d on d.id = r.domain_id
         where r.owner_user_id = $2::uuid and r.owner_user_id <> '${installationOwner}' and r.month = any($3::date[]) and r.source_id = $1
         group by d.name order by count(*) desc, d.name limit 1`, [sourceId, ownerUserId, months])).rows
    : [];
  const [keyword] = (await client.query<{ term: string; month: string }>(
    `select k.term, to_char(n.month, 'YYYY-MM-DD') as month from owned_keyword_number n join keyword k on k.id = n.keyword_id
     where n.source_id = $1 order by n.month desc, n.volume desc nulls last, k.term limit 1`, [sourceId])).rows;
  return { site: site?.name ?? null, keyword: keyword?.term ?? null, month: months.at(-1) ?? keyword?.month ?? null };
}

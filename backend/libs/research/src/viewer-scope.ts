import type { PlainViewers } from './plain-viewers.js';
import type { Sql } from './sql.js';
import { type BuiltQuery } from './tables/index.js';

/**
 * Imported rows are private (docs/decisions.md, "Imported rows are private"): a user sees installation data (the
 * demo market, provider fetches) and their own imports, nobody else's. Research SQL names the warehouse tables as
 * usual; a viewer-scoped Sql replaces each table it reads with the rows that viewer may see, so every research read
 * — tables, overviews, search, suggestions, exports — is scoped in one place and a new query cannot forget it.
 */

/** organic_rank.owner_user_id of installation data (a primary-key column cannot be null). */
export const installationOwner = '00000000-0000-0000-0000-000000000000';

/** What a viewer may see of each scoped table, `?` being the viewer's user id (null for a visitor). */
const visibleRows: Record<string, string> = {
  organic_rank: `select * from organic_rank where owner_user_id in ('${installationOwner}', ?::uuid)`,
  serp_observation: `select * from serp_observation where owner_user_id in ('${installationOwner}', ?::uuid)`,
  site_traffic: `select * from site_traffic where owner_user_id in ('${installationOwner}', ?::uuid)`,
  data_source: 'select * from data_source where (owner_user_id is null or owner_user_id = ?::uuid)',
  keyword: 'select * from keyword where (owner_user_ids is null or ?::uuid = any(owner_user_ids))',
  domain: 'select * from domain where (owner_user_ids is null or ?::uuid = any(owner_user_ids))',
  page: 'select * from page where (owner_user_ids is null or ?::uuid = any(owner_user_ids))',
  // The keywords whose numbers the viewer owns (not a table: named so a statement can ask): none at this level.
  viewer_owned_keyword: 'select null::int as keyword_id where false',
};

const domainMonthColumns = `domain_id, territory, month, organic_keywords, organic_top3, organic_top10, organic_clicks, organic_value,
  average_position, paid_keywords, paid_clicks, paid_budget`;

/**
 * The same for a viewer who owns figures (docs/decisions.md, "Issue 19: the user's data wins for that user"): their
 * own keyword numbers over the keyword's (a number their files did not give stays the keyword's), and their own
 * roll-up over domain_month's for the domains and months their ranks touch (warehouse/owned-figures.ts). Viewers who
 * own none read the plain text above (viewerScopedSql asks): they pay nothing for it.
 */
const visibleWithOwnFigures: Record<string, string> = {
  ...visibleRows,
  keyword: `select k.id, k.territory, k.term, coalesce(o.volume, k.volume) as volume, coalesce(o.volume_history, k.volume_history) as volume_history,
    coalesce(o.history_start, k.history_start) as history_start,
    coalesce(o.cpc, k.cpc) as cpc, coalesce(o.competition, k.competition) as competition, coalesce(o.difficulty, k.difficulty) as difficulty,
    k.result_count, k.is_question, k.is_transactional, k.topic,
    -- the source of the numbers read: the viewer's own file's where it gave any (an export's Data Source, row-source.ts)
    coalesce(o.source_id, k.source_id) as source_id, k.owner_user_ids
    from keyword k left join owned_keyword o on o.owner_user_id = ?::uuid and o.keyword_id = k.id
    where (k.owner_user_ids is null or ?::uuid = any(k.owner_user_ids))`,
  viewer_owned_keyword: 'select keyword_id from owned_keyword where owner_user_id = ?::uuid',
  domain_month: `select ${domainMonthColumns} from owned_domain_month where owner_user_id = ?::uuid
    union all select ${domainMonthColumns} from domain_month m where not exists (select 1 from owned_domain_month o
      where o.owner_user_id = ?::uuid and o.domain_id = m.domain_id and o.territory = m.territory and o.month = m.month)`,
};

/**
 * The (owner, domain) pairs whose imported rows a team member sees (docs/decisions.md, "Issue 19: a team sees its
 * projects' imported data"): the domain of each project of their account owner, while the owner has not shut them out
 * of the projects (project_team_access 'none'). Asked inside the statement, so a changed access counts at once.
 */
const sharedPairs = `(select p.owner_user_id, d.id as domain_id from app_user u join project p on p.owner_user_id = u.parent_user_id
  join domain d on d.name = p.domain left join project_team_access a on a.child_user_id = u.id
  where u.id = ?::uuid and coalesce(a.access, 'edit') <> 'none')`;

/**
 * The same for a team member whose account owner imported data of a project's domain: the owner's rows of those
 * domains (their search results, the sites, pages and keywords they name, the owner's roll-up of the domain) as if
 * they were the viewer's own — the viewer's own roll-up first. The owner's keyword numbers stay the owner's (they
 * are not the domain's).
 */
const visibleWithTeamFigures: Record<string, string> = {
  ...visibleWithOwnFigures,
  organic_rank: `select * from organic_rank where owner_user_id in ('${installationOwner}', ?::uuid) or (owner_user_id, domain_id) in ${sharedPairs}`,
  serp_observation: `select * from serp_observation where owner_user_id in ('${installationOwner}', ?::uuid) or (owner_user_id, domain_id) in ${sharedPairs}`,
  site_traffic: `select * from site_traffic where owner_user_id in ('${installationOwner}', ?::uuid) or (owner_user_id, domain_id) in ${sharedPairs}`,
  data_source: `select * from data_source where (owner_user_id is null or owner_user_id = ?::uuid or owner_user_id in (select owner_user_id from ${sharedPairs} s))`,
  domain: `select * from domain where (owner_user_ids is null or ?::uuid = any(owner_user_ids) or id in (select domain_id from ${sharedPairs} s))`,
  page: `select * from page where (owner_user_ids is null or ?::uuid = any(owner_user_ids) or domain_id in (select domain_id from ${sharedPairs} s))`,
  keyword: visibleWithOwnFigures['keyword']!.replace('where (k.owner_user_ids is null or ?::uuid = any(k.owner_user_ids))',
    `where (k.owner_user_ids is null or ?::uuid = any(k.owner_user_ids)
      or exists (select 1 from serp_observation o where o.keyword_id = k.id and (o.owner_user_id, o.domain_id) in ${sharedPairs}))`),
  domain_month: `with own as (select distinct on (domain_id, territory, month) ${domainMonthColumns} from owned_domain_month
      where owner_user_id = ?::uuid or (owner_user_id, domain_id) in ${sharedPairs} order by domain_id, territory, month, owner_user_id = ?::uuid desc)
    select ${domainMonthColumns} from own
    union all select ${domainMonthColumns} from domain_month m where not exists (select 1 from own o
      where o.domain_id = m.domain_id and o.territory = m.territory and o.month = m.month)`,
};

/** How much a viewer's reads carry: nothing of their own, their own figures, or also their team's projects' imports. */
export type ScopeLevel = 'plain' | 'own' | 'team';
const visibleAt: Record<ScopeLevel, Record<string, string>> = { plain: visibleRows, own: visibleWithOwnFigures, team: visibleWithTeamFigures };

/** Words that can follow a table name and are not its alias. */
const notAliases = new Set([
  'where', 'join', 'left', 'right', 'inner', 'full', 'cross', 'natural', 'on', 'using', 'group', 'order', 'limit', 'offset',
  'union', 'except', 'intersect', 'having', 'window', 'for', 'fetch', 'returning', 'tablesample', 'and', 'or', 'by', 'set',
]);

// A read of a scoped table: after FROM or JOIN (not DELETE FROM), the name alone (not organic_rank_default, not a
// function call), then its alias if it has one.
const tableRead = /(?<!\bdelete\s+)\b(from|join)(\s+)(organic_rank|serp_observation|site_traffic|data_source|keyword|domain_month|domain|page|viewer_owned_keyword)\b(?![\w(])(\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;

export interface ScopedText {
  text: string;
  /** Where the viewer's id goes among the statement's `?` parameters (positions in the original list, ascending). */
  viewerAt: number[];
}

/**
 * Rewrites a research statement so that it reads only what the viewer may see; at level 'own' with the viewer's own
 * figures over the shared ones (for a viewer who owns some), at 'team' also with their team's projects' imports.
 */
export function scopeToViewer(text: string, level: ScopeLevel = 'plain'): ScopedText {
  const visible = visibleAt[level];
  const viewerAt: number[] = [];
  let placeholdersBefore = 0;
  let scannedTo = 0;
  const scoped = text.replace(tableRead, (match, keyword: string, space: string, table: string, aliasPart: string | undefined, alias: string | undefined, offset: number) => {
    // A line comment may mention a table: it reads nothing (and must not gain a placeholder).
    if (text.slice(text.lastIndexOf('\n', offset) + 1, offset).includes('--')) return match;
    placeholdersBefore += countPlaceholders(text.slice(scannedTo, offset));
    scannedTo = offset + match.length;
    const name = table.toLowerCase();
    const rowsText = visible[name];
    // domain_month is shared alike by viewers who own no figures: left as it is.
    if (rowsText === undefined) return match;
    const hasAlias = alias !== undefined && !notAliases.has(alias.toLowerCase());
    for (let count = countPlaceholders(rowsText); count > 0; count--) viewerAt.push(placeholdersBefore);
    const rows = `(${rowsText}) ${hasAlias ? alias : name}`;
    return `${keyword}${space}${rows}${hasAlias ? '' : aliasPart ?? ''}`;
  });
  return { text: scoped, viewerAt };
}

/** `?` parameters in a stretch of SQL, counted the way toNumberedPlaceholders and knex count them. */
const countPlaceholders = (text: string) => (text.match(/\?/g) ?? []).length;

/** The parameters of a scoped statement: the viewer's id spliced in where scopeToViewer put its placeholders. */
export function withViewer(params: readonly unknown[], viewerAt: readonly number[], viewerUserId: string | null): unknown[] {
  const result: unknown[] = [];
  let next = 0;
  for (const position of viewerAt) {
    while (next < position) result.push(params[next++]);
    result.push(viewerUserId);
  }
  while (next < params.length) result.push(params[next++]);
  return result;
}

/**
 * The probe of a viewer's level (its three `?` are the viewer's id): do they own figures, does their account owner
 * share imported data of one of their projects' domains? A named statement: prepared on a node-postgres port.
 */
export const viewerLevelProbe = {
  name: 'research_viewer_level',
  text: `select exists (select 1 from owned_keyword where owner_user_id = ?::uuid) or exists (select 1 from owned_domain_month where owner_user_id = ?::uuid) as owns,
       exists (select 1 from ${sharedPairs} s join owned_domain_month o on o.owner_user_id = s.owner_user_id and o.domain_id = s.domain_id) as shares`,
} as const;

/**
 * Levels that only grow, kept for the process: 'team' (the SQL itself checks what is shared) and 'own' (deleting every
 * import leaves the overlay right, only no longer free). A viewer at 'own' is still probed, since they may reach
 * 'team'; a viewer at 'plain' is probed once per request, so an import that has just finished shows on the next page,
 * unless the port keeps PlainViewers (plain-viewers.ts): then only after a write that could raise a level.
 */
const lastingLevels = new Map<string, ScopeLevel>();

/** The level each request in flight was found at: a page's several statements cost one probe. */
const levelsOfRequests = new WeakMap<object, ScopeLevel>();

/**
 * The level a viewer reads at: whether they own figures of their own, whether their account owner imported data of
 * one of their projects' domains — a few primary-key probes (0.04 ms on the tiny market), once per request.
 */
async function levelOf(sql: Sql, viewer: string, request: object | undefined, plainViewers: PlainViewers | undefined): Promise<ScopeLevel> {
  const lasting = lastingLevels.get(viewer);
  if (lasting === 'team') return lasting;
  const ofRequest = request && levelsOfRequests.get(request);
  if (ofRequest) return ofRequest;
  if (plainViewers?.has(viewer)) return 'plain';
  const version = plainViewers?.version;
  const [row] = await sql.query<{ owns: boolean; shares: boolean }>(viewerLevelProbe.text, [viewer, viewer, viewer], viewerLevelProbe.name);
  const level: ScopeLevel = row?.shares ? 'team' : row?.owns || lasting === 'own' ? 'own' : 'plain';
  if (level !== 'plain') {
    if (lastingLevels.size >= 100_000) lastingLevels.clear();
    lastingLevels.set(viewer, level);
  } else if (plainViewers && version !== undefined) plainViewers.remember(viewer, version);
  if (request) levelsOfRequests.set(request, level);
  return level;
}

/**
 * An Sql that reads what `viewer()` may see (asked at each query: the backend's port is shared by every request).
 * `request()` names the request being served (any object, the same for its whole life), so that its statements share
 * one probe of the viewer's level. Named statements keep one text per name and level (the viewer is a parameter), so
 * they stay prepared; a viewer reading at level 'own' or 'team' reads the statement's text of that level, named
 * `<name>_own` or `<name>_team`.
 * `levelSql` is where the probe of the viewer's level runs (`base` unless given): on a base that plans every statement
 * anew (MikroORM's em.execute), a node-postgres pool on the same database runs it prepared, planned once per
 * connection — its four-table team check took 2–5 ms to plan and 0.15 ms to run (docs/benchmarks.md, issue 18).
 * `plainViewers`, when given, keeps the viewers found at 'plain' between requests (plain-viewers.ts): only for a
 * `levelSql` on the primary, where the writes its listener hears are.
 */
export function viewerScopedSql(
  base: Sql,
  viewer: () => string | null,
  request: () => object | undefined = () => undefined,
  levelSql: Sql = base,
  plainViewers?: PlainViewers,
): Sql {
  const scopedTexts: Record<ScopeLevel, Map<string, ScopedText>> = { plain: new Map(), own: new Map(), team: new Map() };
  const scope = (text: string, level: ScopeLevel, name?: string) => {
    if (!name) return scopeToViewer(text, level);
    const texts = scopedTexts[level];
    let scoped = texts.get(text);
    if (!scoped) texts.set(text, (scoped = scopeToViewer(text, level)));
    return scoped;
  };
  return {
    query: async <T extends object>(text: string, params: readonly unknown[] = [], name?: string) => {
      const viewerId = viewer();
      const level = viewerId === null ? 'plain' : await levelOf(levelSql, viewerId, request(), plainViewers);
      const scoped = scope(text, level, name);
      return base.query<T>(scoped.text, withViewer(params, scoped.viewerAt, viewerId), name && level !== 'plain' ? `${name}_${level}` : name);
    },
  };
}

/**
 * A table query run outside an Sql port (the export worker streams it with COPY or a cursor), scoped to one viewer:
 * its SQL reads what the viewer may see, and its decorate step does too.
 */
export function scopeBuiltQuery(query: BuiltQuery, viewerUserId: string | null): BuiltQuery {
  // An export is no hot read: a user's export always reads at the widest level (the SQL checks what they own and share).
  const scoped = scopeToViewer(query.sql, viewerUserId !== null ? 'team' : 'plain');
  const decorate = query.decorate;
  return {
    sql: scoped.text,
    params: withViewer(query.params, scoped.viewerAt, viewerUserId),
    ...(decorate ? { decorate: (sql: Sql, rows: Record<string, unknown>[]) => decorate(viewerScopedSql(sql, () => viewerUserId), rows) } : {}),
    ...(query.map ? { map: query.map } : {}),
    // Scoping rewrites the query's sources, never its ORDER BY: the order a resumed export pages on is unchanged.
    ...(query.keyset ? { keyset: query.keyset } : {}),
  };
}

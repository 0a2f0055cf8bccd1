import type { EntityManager } from '@mikro-orm/postgresql';
import { rankTracking, scheduledTasks } from '@serpwise/contracts';
import { type SerpPage, type SerpProvider, SerpProviderError } from '@serpwise/platform';
import type { Logger } from 'pino';
import type { RankAlerts } from '../alerts/rank-alerts.js';
import type { ProjectEvents } from '../realtime/project-events.emitter.js';
import type { SerpLanding } from '../serp/serp-landing.js';
import type { ScheduledTaskHandler } from './scheduled-task-runner.js';

/** Pages landed per writer call (each call rolls up its months once). */
const landingBatch = 100;

interface TrackedRow {
  project_id: string;
  owner_user_id: string;
  territory: string;
  term: string;
}

export interface RankRefreshPorts {
  em: () => EntityManager;
  provider: SerpProvider;
  landing: SerpLanding;
  events: ProjectEvents;
  logger: Logger;
  /** Evaluates and sends the projects' rank alerts after the ranks landed (issue 22); absent: none. */
  alerts?: Pick<RankAlerts, 'afterRefresh'>;
  /** RANK_REFRESH_INTERVAL_MINUTES. */
  everyMs: number;
}

export interface RankRefreshResult {
  keywords: number;
  fetched: number;
  failed: number;
  projects: number;
  sourceId: number | null;
  months: string[];
}

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * One rank-tracking run: every tracked keyword of every project, fetched once per (territory, keyword) from the
 * SERP provider (its backoff handles 429 and 5xx), landed in the warehouse as one provider source, then a
 * `project.ranks-updated` event to each project's owner and team. A keyword that still fails after its retries
 * is skipped (the next run tries again); a refused key stops the run, because every other call would fail too.
 */
export async function refreshTrackedRanks(ports: Omit<RankRefreshPorts, 'everyMs'>): Promise<RankRefreshResult> {
  const tracked = await ports.em().execute<TrackedRow[]>(
    `select p.id as project_id, p.owner_user_id, p.territory, t.term
     from project p join project_keyword pk on pk.project_id = p.id join tracked_term t on t.id = pk.term_id
     order by p.territory, t.term`,
  );
  const queries = new Map<string, { territory: string; keyword: string }>();
  for (const row of tracked) queries.set(`${row.territory}\u0000${row.term}`, { territory: row.territory, keyword: row.term });

  let sourceId: number | null = null;
  const months = new Set<string>();
  const fetched = new Map<string, SerpPage>();
  let pending: SerpPage[] = [];
  let failed = 0;
  const landPending = async () => {
    if (!pending.length) return;
    sourceId ??= await ports.landing.createSource({
      label: `${ports.provider.label} fetch: rank tracking`,
      details: { provider: ports.provider.id, purpose: rankTracking.sourcePurpose, keywords: queries.size, startedAt: new Date().toISOString() },
    });
    const landed = await ports.landing.land(sourceId, pending);
    for (const month of landed.months) months.add(month);
    pending = [];
  };

  let stop: unknown = null;
  for (const [key, query] of queries) {
    try {
      const page = await ports.provider.fetch(query);
      fetched.set(key, page);
      pending.push(page);
    } catch (error) {
      failed += 1;
      ports.logger.warn({ err: error, keyword: query.keyword, territory: query.territory }, 'rank refresh: keyword not fetched');
      if (error instanceof SerpProviderError && (error.kind === 'auth' || error.kind === 'payment')) {
        stop = error;
        break;
      }
    }
    if (pending.length >= landingBatch) await landPending();
  }
  await landPending();

  // The projects' rank alerts compare this run with the last (each change sent once); a failure here is logged and
  // the ranks stay landed.
  if (ports.alerts && sourceId !== null) {
    const refreshed = tracked.flatMap((row) => {
      const page = fetched.get(`${row.territory}\u0000${row.term}`);
      return page ? [{ projectId: row.project_id, term: row.term, page }] : [];
    });
    try {
      const alerted = await ports.alerts.afterRefresh(String(sourceId), refreshed);
      if (alerted.changes || alerted.sent) ports.logger.info(alerted, 'rank alerts: changes found and sent');
    } catch (error) {
      ports.logger.error({ err: error }, 'rank alerts: not evaluated');
    }
  }

  // Tell each project that has fresh ranks; its owner's team members see it too.
  const byProject = new Map<string, { owner: string; keywords: number; month: string }>();
  for (const row of tracked) {
    const page = fetched.get(`${row.territory}\u0000${row.term}`);
    if (!page) continue;
    const entry = byProject.get(row.project_id) ?? { owner: row.owner_user_id, keywords: 0, month: monthOf(page.date) };
    entry.keywords += 1;
    byProject.set(row.project_id, entry);
  }
  if (byProject.size) {
    const owners = [...new Set([...byProject.values()].map((entry) => entry.owner))];
    const team = await ports.em().execute<{ owner_user_id: string; child_user_id: string }[]>(
      `select owner_user_id, child_user_id from project_team_access where access <> 'none' and owner_user_id = any(?::uuid[])`,
      [`{${owners.join(',')}}`],
    );
    const refreshedAt = new Date().toISOString();
    for (const [projectId, entry] of byProject) {
      const members = team.filter((row) => row.owner_user_id === entry.owner).map((row) => row.child_user_id);
      ports.events.ranksUpdated([entry.owner, ...members], { projectId, month: entry.month, keywords: entry.keywords, refreshedAt });
    }
  }

  const result = { keywords: queries.size, fetched: fetched.size, failed, projects: byProject.size, sourceId, months: [...months].sort() };
  if (stop) throw new Error(`Rank refresh stopped after ${fetched.size} of ${queries.size} keywords: ${stop instanceof Error ? stop.message : String(stop)}`);
  if (queries.size > 0 && fetched.size === 0) throw new Error(`Rank refresh fetched none of ${queries.size} keywords; see the log for each failure`);
  return result;
}

/** The scheduled task: every RANK_REFRESH_INTERVAL_MINUTES (default daily). */
export const rankRefreshTask = (ports: RankRefreshPorts): ScheduledTaskHandler => ({
  task: { ...scheduledTasks.rankRefresh, everyMs: ports.everyMs },
  run: () => refreshTrackedRanks(ports),
});

import { researchReadsApplicationName, warehousePoolApplicationName } from '@serpwise/research';

/**
 * Exports beside research (issue 27 point 2): an export's statement may use PostgreSQL's parallel workers (its sort
 * on three processes instead of one: a 500,000-row export reads in about two thirds of the time), but on a server
 * that is answering research pages those workers take the cores the research queries need: on 2 cores, research
 * first pages answered 1.9× slower beside exports. So an export that starts while research was asked recently runs its
 * statement on one process (`max_parallel_workers_per_gather = 0`); alone on the server it keeps them.
 * docs/decisions.md, "Exports give way to research".
 */

/** Research asked within this long before an export starts counts as research being answered. */
export const researchRecentMs = 5_000;

/** The connections the API's research pages query through (the research layer's pools, on the primary or a replica). */
const researchApplications = [warehousePoolApplicationName, researchReadsApplicationName];

/**
 * Whether research queries started on this PostgreSQL server (any database: the cores are the server's) within the
 * last `withinMs`. PostgreSQL's own view of its sessions, so every API node counts, whatever its Redis.
 */
export async function researchRecentlyAsked(client: { query(text: string, values: unknown[]): Promise<{ rows: { recent: boolean }[] }> }, withinMs = researchRecentMs): Promise<boolean> {
  const { rows } = await client.query(
    `select exists (select 1 from pg_stat_activity where application_name = any($1) and query_start > now() - make_interval(secs => $2::float8 / 1000)) as recent`,
    [researchApplications, withinMs],
  );
  return rows[0]?.recent === true;
}

/** The export statement's setting while research is being answered, and the one its connection goes back with. */
export const withoutParallelWorkers = 'set max_parallel_workers_per_gather = 0';
export const parallelWorkersAsConfigured = 'reset max_parallel_workers_per_gather';

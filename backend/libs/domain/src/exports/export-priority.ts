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
 * last `withinMs` and after the export was asked for, and when it was asked for (its record's creation, on the
 * server's clock; null when the record is gone). PostgreSQL's own view of its sessions, so every API node counts,
 * whatever its Redis. Research before the request does not count: the request's own level probe runs on the research
 * pool just before, and counted, it took every export's parallel workers, alone on the server too.
 */
export async function researchSinceRequest(
  client: { query(text: string, values: unknown[]): Promise<{ rows: { recent: boolean; requested_at: number | null }[] }> },
  jobId: string,
  withinMs = researchRecentMs,
): Promise<{ recent: boolean; requestedAt: number | null }> {
  const { rows } = await client.query(
    `with requested as (select created_at from job_record where id = $3::uuid)
     select exists (select 1 from pg_stat_activity where application_name = any($1)
         and query_start > greatest(now() - make_interval(secs => $2::float8 / 1000), (select created_at from requested))) as recent,
       (extract(epoch from (select created_at from requested)) * 1000)::float8 as requested_at`,
    [researchApplications, withinMs, jobId],
  );
  return { recent: rows[0]?.recent === true, requestedAt: rows[0]?.requested_at ?? null };
}

/** The export statement's setting while research is being answered, and the one its connection goes back with. */
export const withoutParallelWorkers = 'set max_parallel_workers_per_gather = 0';
export const parallelWorkersAsConfigured = 'reset max_parallel_workers_per_gather';

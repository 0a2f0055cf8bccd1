import { isJobCenterJob, jobStatusPollMs, type JobCenterEntry, type JobListPage, type JobStatus } from '@serpwise/contracts';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime, useSocketConnected } from '@/lib/socket';
import { isLaterStatus } from '@/lib/use-job-events';
import { listJobs } from './api/jobs-api';

export const jobListKey = ['jobs', 'list'] as const;
type Pages = InfiniteData<JobListPage, string | null>;

/**
 * The latest event heard for each job in this tab. A read of the list that was on its way when an event arrived can
 * answer with less (on a busy server an export read as running came back after its 'completed' event, and the row
 * stayed running for good): each page read keeps what the events said when they are further on (isLaterStatus).
 */
const heardByClient = new WeakMap<QueryClient, Map<string, JobStatus>>();
const heardKept = 500;

/** This app's (query client's) latest events. */
function heardOf(client: QueryClient): Map<string, JobStatus> {
  let heard = heardByClient.get(client);
  if (!heard) heardByClient.set(client, (heard = new Map()));
  return heard;
}

function hear(heard: Map<string, JobStatus>, status: JobStatus): void {
  heard.delete(status.id);
  heard.set(status.id, status);
  if (heard.size > heardKept) heard.delete(heard.keys().next().value!);
}

/** A page as read, with each job's later event laid over it. */
function withHeardEvents(page: JobListPage, heard: Map<string, JobStatus>): JobListPage {
  if (!Array.isArray(page?.jobs)) return page;
  return {
    ...page,
    jobs: page.jobs.map((job) => {
      const event = heard.get(job.id);
      return event && isLaterStatus(event, job) ? withStatus(job, event) : job;
    }),
  };
}

/** A row of the list with a job's new status; what an event does not say (where a queued job stands, a project import's name) stays. */
function withStatus(job: JobCenterEntry, status: JobStatus): JobCenterEntry {
  const next = status as JobCenterEntry;
  return {
    ...job,
    ...next,
    waiting: next.state === 'queued' ? (next.waiting ?? job.waiting) : null,
    ...(job.projectImport && next.projectImport ? { projectImport: { ...job.projectImport, ...next.projectImport } } : {}),
  };
}

/** Writes a job's new status into the loaded pages in place; false when no loaded page holds it (a new job). */
function mergeInto(data: Pages | undefined, status: JobStatus): { data: Pages | undefined; found: boolean } {
  if (!data) return { data, found: false };
  let found = false;
  let opened = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    jobs: (Array.isArray(page?.jobs) ? page.jobs : []).map((job) => {
      if (job.id !== status.id) return job;
      found = true;
      // A job that finished (or went back in line) changes the count of waiting and running jobs by one.
      opened = Number(isOpen(status.state)) - Number(isOpen(job.state));
      return withStatus(job, status);
    }),
  }));
  if (opened !== 0 && pages[0] && typeof pages[0].unfinished === 'number') pages[0] = { ...pages[0], unfinished: Math.max(0, pages[0].unfinished + opened) };
  return { data: { ...data, pages }, found };
}

const isOpen = (state: JobStatus['state']) => state === 'queued' || state === 'active';

/** An answer that is a job of the job center (its status), or a project import's { isQueued, jobId }. */
function startsJob(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const answer = data as { name?: unknown; isQueued?: unknown; jobId?: unknown };
  return (typeof answer.name === 'string' && isJobCenterJob(answer.name)) || (answer.isQueued === true && typeof answer.jobId === 'string');
}

/**
 * The user's jobs, live (issue 21): the pages of GET /rest/jobs, changed in place by every job.updated event of the
 * socket (the same hooks as a job's own notice: useRealtime, useSocketConnected); a job the pages do not hold yet (just
 * started, here or in another tab) reloads them. While the socket is down the pages are read again every 3000 ms,
 * and once more when it is back. The header's tray and /exports share it (one query).
 */
export function useLiveJobs(enabled = true) {
  const queryClient = useQueryClient();
  const socket = useRealtime();
  const connected = useSocketConnected();
  const query = useInfiniteQuery({
    queryKey: jobListKey,
    queryFn: async ({ pageParam, signal }) => withHeardEvents(await listJobs(pageParam, signal), heardOf(queryClient)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last?.next ?? null,
    enabled,
    staleTime: Infinity,
    refetchInterval: connected ? false : jobStatusPollMs,
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (!enabled) return;
    const onUpdate = (status: JobStatus) => {
      if (!isJobCenterJob(status.name)) return;
      hear(heardOf(queryClient), status);
      const { data, found } = mergeInto(queryClient.getQueryData<Pages>(jobListKey), status);
      if (found) queryClient.setQueryData(jobListKey, data);
      else void queryClient.invalidateQueries({ queryKey: jobListKey });
    };
    socket.on('job.updated', onUpdate);
    return () => {
      socket.off('job.updated', onUpdate);
    };
  }, [enabled, queryClient, socket]);

  useEffect(() => {
    if (!enabled) return;
    // A job started here (an export, a report, an upload, a large project import) is in the list at once, even before
    // a worker takes it and says so over the socket: a change whose answer is such a job reads the list again.
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && startsJob(event.action.data)) void queryClient.invalidateQueries({ queryKey: jobListKey });
    });
  }, [enabled, queryClient]);

  const wasConnected = useRef(connected);
  useEffect(() => {
    // Back from a drop: one read catches up on what was said meanwhile.
    if (enabled && connected && !wasConnected.current) void queryClient.invalidateQueries({ queryKey: jobListKey });
    wasConnected.current = connected;
  }, [enabled, connected, queryClient]);

  // An answer that is not a page (a proxy's error page read as JSON) shows no jobs rather than breaking the header.
  const jobs = query.data?.pages.flatMap((page) => (Array.isArray(page?.jobs) ? page.jobs : [])) ?? [];
  // All the user's waiting and running jobs as the server counted them with the first page, kept by the events since
  // (mergeInto); the loaded rows' own count when the server did not say.
  const counted = query.data?.pages[0]?.unfinished;
  const unfinished = typeof counted === 'number' ? counted : jobs.filter((job) => isOpen(job.state)).length;
  return { jobs, unfinished, isPending: query.isPending, error: query.error, hasOlder: query.hasNextPage, loadOlder: () => void query.fetchNextPage(), loadingOlder: query.isFetchingNextPage, reload: () => void queryClient.invalidateQueries({ queryKey: jobListKey }) };
}

/** Reads the job list again (after an action whose event may come before or after its answer). */
export function useReloadJobs(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: jobListKey });
}

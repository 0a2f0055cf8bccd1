import { hostOfText, isFinished, type LiveDataState } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorsOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useJobEvents } from '@/lib/use-job-events';
import { cancelLiveData, liveDataKey, startLiveData, useLiveDataState, type LiveDataQuery } from '../api/live-data';
import type { SubjectKind } from '../navigation';

/** What a research page's subject is, as GET /rest/live-data asks for it; null: nothing a provider could fetch. */
export const liveDataQueryOf = (kind: SubjectKind, query: string | null, countryCode: string): LiveDataQuery | null =>
  query && (kind === 'domain' || kind === 'url') && hostOfText(query) ? { domain: hostOfText(query)!, countryCode } : query && kind === 'keyword' ? { keyword: query, countryCode } : null;

const dollars = (units: number) => `$${units.toFixed(units < 1 ? 3 : 2)}`;

/** Where the subject's fetched figures come from: "Source: DataForSEO, fetched Nov 27, 2026". */
function Provenance({ state }: { state: LiveDataState }) {
  if (!state.lastFetch) return null;
  return (
    <p className="live-data__source" data-testid="live-data-source">
      Source: <strong>{state.lastFetch.source}</strong>, fetched {formatDate(state.lastFetch.fetchedOn)}
      {state.lastFetch.stale ? ' (older than this installation keeps it: get it again below)' : ''}
    </p>
  );
}

/**
 * Research data on demand (issue 20, docs/product/live-data.md) above a research page: where the subject's fetched
 * figures come from; for a subject the warehouse lacks (or holds only stale data of) with a data provider set up,
 * "Get live data" with the expected cost and the month's quota; then the fetch's live progress — each part that
 * lands reloads the page's figures, so the page fills in — and, if it fails, the provider's error in words to act on.
 */
export function LiveDataPanel({ kind, query, countryCode }: { kind: SubjectKind; query: string | null; countryCode: string }) {
  const asked = liveDataQueryOf(kind, query, countryCode);
  const { data: state } = useLiveDataState(asked);
  const queryClient = useQueryClient();
  const [startedJob, setStartedJob] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const jobId = startedJob ?? state?.runningJobId ?? null;
  const { status } = useJobEvents(jobId);
  const autoStarted = useRef(false);

  // Each part that lands: the page's research reads are asked again, so the page fills in as the job goes.
  const landedSteps = status?.done ?? 0;
  const finished = status ? isFinished(status.state) : false;
  useEffect(() => {
    if (!jobId || landedSteps === 0) return;
    void queryClient.invalidateQueries({ queryKey: ['research'] });
  }, [jobId, landedSteps, queryClient]);
  useEffect(() => {
    if (!jobId || !finished) return;
    void queryClient.invalidateQueries({ queryKey: ['research'] });
    void queryClient.invalidateQueries({ queryKey: liveDataKey(asked) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked is rebuilt each render; the job's end is what matters
  }, [jobId, finished, queryClient]);

  const start = async () => {
    if (!asked) return;
    setStarting(true);
    setStartError(null);
    try {
      setStartedJob((await startLiveData(asked)).jobId);
    } catch (error) {
      setStartError(errorsOf(error).join(' '));
    } finally {
      setStarting(false);
    }
  };

  // LIVE_DATA_AUTO_FETCH: a subject the warehouse lacks is fetched once, by itself, for a user who may fetch.
  useEffect(() => {
    if (!state || autoStarted.current || !state.autoFetch || !state.offered || state.inWarehouse || state.blockedReason || jobId) return;
    autoStarted.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per page when the state allows it
  }, [state, jobId]);

  if (!asked || !state || (!state.provider && !state.lastFetch)) return null;
  const running = jobId !== null && status !== undefined && !finished;
  const failed = status?.state === 'failed';
  const cancelled = status?.state === 'cancelled';
  const justDone = status?.state === 'completed';

  return (
    <section className="live-data card" aria-label="Live data">
      <Provenance state={state} />
      {running && (
        <div className="live-data__progress" aria-live="polite">
          <p>
            Fetching live data from {state.provider?.name ?? 'the provider'}: {status.done} of {status.total} parts
            {status.message ? ` — ${status.message}` : ''}
          </p>
          <ProgressBar percent={status.total ? (100 * status.done) / status.total : 0} label="Live data fetch" />
          <button type="button" className="button" onClick={() => void cancelLiveData(jobId).catch((error: unknown) => setStartError(errorsOf(error).join(' ')))}>
            Cancel fetch
          </button>
        </div>
      )}
      {cancelled && <p className="muted">The fetch was cancelled. The parts that had landed stay, with their source; the rest can be fetched again.</p>}
      {justDone && startedJob && <p className="live-data__done">Live data from {state.provider?.name ?? 'the provider'} has landed.</p>}
      {!running && state.lastFetch && !state.inWarehouse && (
        <p className="muted">
          {state.lastFetch.source} had no data for {state.subject} in this territory on {formatDate(state.lastFetch.fetchedOn)}.
        </p>
      )}
      {failed && (
        <p className="alert alert--error" role="alert">
          {status.error ?? 'The fetch failed.'}
        </p>
      )}
      {state.offered && !running && state.provider && (
        <div className="live-data__offer">
          <p>
            {state.inWarehouse
              ? `The data of ${state.subject} is older than this installation keeps it.`
              : `${state.subject} is not in our search results yet.`}{' '}
            {state.provider.name} can fetch its {state.kind === 'domain' ? 'overview history, organic keywords, competitors, ads and backlinks' : 'search volume, CPC and competition'} now.
          </p>
          {state.estimate && (
            <p className="live-data__cost" data-testid="live-data-cost">
              Expected cost: at most {dollars(state.estimate.units)} ({state.estimate.unitName})
            </p>
          )}
          {state.quota && (
            <p className="muted">
              {state.quota.used} of {state.quota.limit} live-data fetches used this month
            </p>
          )}
          {state.blockedReason ? (
            <p className="alert alert--warn">{state.blockedReason}</p>
          ) : (
            <button type="button" className="button button--primary" onClick={() => void start()} disabled={starting}>
              {starting ? 'Starting…' : 'Get live data'}
            </button>
          )}
          {startError && (
            <p className="alert alert--error" role="alert">
              {startError}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

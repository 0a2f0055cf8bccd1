import type { JobStatus, LiveDataFetchFacts } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';

/** A live-data fetch as its owner sees it: its status plus what it fetches (the job center's row names it). */
export function presentLiveDataFetch(status: OwnedJobStatus): JobStatus & { liveData: LiveDataFetchFacts } {
  const { payload } = status;
  return {
    ...withoutOwner(status),
    liveData: { kind: payload.kind === 'keyword' ? 'keyword' : 'domain', subject: String(payload.subject ?? ''), territory: String(payload.territory ?? '') },
  };
}

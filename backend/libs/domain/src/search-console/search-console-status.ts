import type { SearchConsoleSyncStatus } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';

/** A Search Console sync as its owner sees it: its status plus which property and whether it is the backfill. */
export function presentSearchConsoleSync(status: OwnedJobStatus): SearchConsoleSyncStatus {
  const { payload } = status;
  return {
    ...withoutOwner(status),
    searchConsole: {
      propertyId: String(payload.propertyId ?? ''),
      siteUrl: String(payload.siteUrl ?? ''),
      mode: payload.mode === 'daily' ? 'daily' : 'backfill',
    },
  };
}

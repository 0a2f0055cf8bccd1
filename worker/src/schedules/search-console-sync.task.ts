import { scheduledTasks, searchConsoleSyncJob, searchConsoleSyncKey } from '@serpwise/contracts';
import type { SearchConsoleRepository } from '@serpwise/database';
import type { JobStarter } from '@serpwise/platform';
import { noSessionId } from '@serpwise/domain';
import type { ScheduledTaskHandler } from './scheduled-task-runner.js';

/**
 * Once a day (SEARCH_CONSOLE_SYNC_INTERVAL_MINUTES): a sync job for every property of a connected user. A property
 * whose sync still runs (a long backfill) gets none: the dedupe key answers the running one.
 */
export const searchConsoleSyncTask = (ports: { properties: () => SearchConsoleRepository; starter: () => JobStarter; everyMs: number }): ScheduledTaskHandler => ({
  task: { ...scheduledTasks.searchConsoleSync, everyMs: ports.everyMs },
  run: async () => {
    let started = 0;
    for (const property of await ports.properties().connectedProperties()) {
      const { created } = await ports.starter().start(searchConsoleSyncJob, {
        owner: { sessionId: noSessionId, userId: property.ownerUserId },
        input: { propertyId: property.id, siteUrl: property.siteUrl, mode: 'daily' },
        total: 0,
        dedupeKey: searchConsoleSyncKey(property.id),
        whenQueueDown: 'throw',
      });
      if (created) started += 1;
    }
    return { started };
  },
});

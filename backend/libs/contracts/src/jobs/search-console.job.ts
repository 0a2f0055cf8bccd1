import { z } from 'zod';
import { defineJob, jobIdPayload, type JobInput } from './job-contract.js';

/**
 * A Search Console sync (issue 20, point 1): fetches the picked property's Search Analytics days not yet fetched
 * (query × page × date × country × device, paged by rowLimit/startRow), keeps each day as it comes (the checkpoint: a
 * killed worker goes on from the next day) and lands each month in the warehouse as the user's own data. The first
 * run of a property is its backfill (up to 16 months); the daily scheduler then starts one a day.
 */
export const searchConsoleSyncJob = defineJob({
  queue: 'search-console',
  name: 'search-console.sync',
  payload: jobIdPayload,
  input: z.object({
    propertyId: z.string(),
    siteUrl: z.string(),
    mode: z.enum(['backfill', 'daily']),
  }),
  result: z.object({
    daysFetched: z.number().int().min(0),
    rowsFetched: z.number().int().min(0),
    /** First days of the months landed in the warehouse. */
    months: z.array(z.string()),
  }),
  // A quota still refused after the client's own backoff fails the attempt; BullMQ runs it again later, from the
  // days already kept.
  attempts: 6,
});
export type SearchConsoleSyncInput = JobInput<typeof searchConsoleSyncJob>;

/** One sync per property at a time: a second start while one runs answers the running one. */
export const searchConsoleSyncKey = (propertyId: string) => `search-console.sync:${propertyId}`;

/**
 * Removing what Search Console brought (a disconnect with "also remove the data"): each picked property's months
 * leave the warehouse, then its fetched days and the property. The properties are marked `removing` before the job
 * starts, so no sync lands anything of them meanwhile; a killed worker's run is taken up again and goes on with what
 * is left (each month is removed in a transaction of its own).
 */
export const searchConsoleRemoveJob = defineJob({
  queue: 'search-console',
  name: 'search-console.remove',
  payload: jobIdPayload,
  input: z.object({ propertyIds: z.array(z.string()) }),
  result: z.object({ properties: z.number().int().min(0) }),
  attempts: 5,
});

/** One removal per user at a time. */
export const searchConsoleRemoveKey = (userId: string) => `search-console.remove:${userId}`;

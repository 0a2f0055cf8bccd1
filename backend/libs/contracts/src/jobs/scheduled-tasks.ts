/**
 * Recurring work: registered as BullMQ job schedulers when a worker starts (upsert, so many workers or restarts
 * never duplicate one) and run on the `scheduled` queue. Admin views list them with their next run.
 */
export const scheduledQueue = 'scheduled';

export interface ScheduledTask {
  /** Job scheduler id and job name. */
  name: string;
  everyMs: number;
  description: string;
}

export const scheduledTasks = {
  subscriptionRenewals: {
    name: 'billing.renew-subscriptions',
    everyMs: 15 * 60 * 1000,
    description: 'Charges subscriptions whose paid period has ended, with the card on file',
  },
  reportSchedulesSync: {
    name: 'reports.sync-schedules',
    everyMs: 10 * 60 * 1000,
    description: 'Keeps one job scheduler per active scheduled report (adds missing ones, removes those of deleted or paused reports)',
  },
  rankRefresh: {
    name: 'rank-tracking.refresh',
    /** The default; RANK_REFRESH_INTERVAL_MINUTES sets the interval the worker registers. */
    everyMs: 24 * 60 * 60 * 1000,
    description: "Fetches every project's tracked keywords from the SERP provider and lands the ranks in the warehouse",
  },
  searchConsoleSync: {
    name: 'search-console.sync-daily',
    /** The default; SEARCH_CONSOLE_SYNC_INTERVAL_MINUTES sets the interval the worker registers. */
    everyMs: 24 * 60 * 60 * 1000,
    description: 'Starts a sync of every connected Search Console property (its new days into the warehouse)',
  },
} as const satisfies Record<string, ScheduledTask>;

/**
 * Each active scheduled report is a job scheduler of its own on the `scheduled` queue (id `report-schedule:<id>`,
 * a cron pattern), whose jobs carry { scheduleId } and are all named this.
 */
export const scheduledReportJobName = 'reports.deliver-scheduled';
export const scheduledReportSchedulerId = (scheduleId: string) => `report-schedule:${scheduleId}`;

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
} as const satisfies Record<string, ScheduledTask>;

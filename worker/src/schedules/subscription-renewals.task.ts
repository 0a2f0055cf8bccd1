import { scheduledTasks } from '@serpwise/contracts';
import { type RenewalPorts, renewDueSubscriptions } from '@serpwise/domain';
import type { ScheduledTaskHandler } from './scheduled-task-runner.js';

/** Every 15 minutes: charge the subscriptions whose paid period has ended (@serpwise/domain, billing/subscription-renewals.ts). */
export const subscriptionRenewalsTask = (ports: RenewalPorts): ScheduledTaskHandler => ({
  task: scheduledTasks.subscriptionRenewals,
  run: () => renewDueSubscriptions(ports),
});

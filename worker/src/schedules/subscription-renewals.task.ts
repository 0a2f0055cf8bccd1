import { scheduledTasks } from '@serpwise/contracts';
import { renewDueSubscriptions, type RenewalPorts } from '@serpwise/backend/platform';
import type { ScheduledTaskHandler } from './scheduled-task-runner.js';

/** Every 15 minutes: charge the subscriptions whose paid period has ended (platform/billing/subscription-renewals.ts). */
export const subscriptionRenewalsTask = (ports: RenewalPorts): ScheduledTaskHandler => ({
  task: scheduledTasks.subscriptionRenewals,
  run: () => renewDueSubscriptions(ports),
});

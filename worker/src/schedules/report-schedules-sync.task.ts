import { scheduledTasks } from '@serpwise/contracts';
import type { ScheduledReportRepository } from '@serpwise/database';
import type { ReportSchedules } from '@serpwise/domain';
import type { ScheduledTaskHandler } from './scheduled-task-runner.js';

/**
 * Every 10 minutes (and when a worker starts): make Redis hold one job scheduler per active scheduled report, from
 * PostgreSQL. Covers a save the API could not pass on to Redis, and a Redis that lost its data.
 */
export const reportSchedulesSyncTask = (ports: { schedules: () => ScheduledReportRepository; reportSchedules: ReportSchedules }): ScheduledTaskHandler => ({
  task: scheduledTasks.reportSchedulesSync,
  runAtStart: true,
  run: async () => ports.reportSchedules.sync(await ports.schedules().listActive()),
});

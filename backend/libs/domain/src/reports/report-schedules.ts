import { scheduleCronPattern, scheduledQueue, scheduledReportJobName, scheduledReportSchedulerId, type PdfReportFrequency, type ScheduleTiming } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface ScheduleOfReport extends Pick<ScheduleTiming, 'dayOfWeek' | 'dayOfMonth' | 'time' | 'timeZone'> {
  id: string;
  frequency: PdfReportFrequency;
}

const schedulerPrefix = scheduledReportSchedulerId('');

/**
 * One BullMQ job scheduler per active scheduled report, on the `scheduled` queue. The API changes them as users
 * save, pause or delete reports; the worker's sync task puts them right again from PostgreSQL (the source of truth)
 * after Redis lost them or the API could not reach Redis, so no saved schedule is ever dropped.
 */
export class ReportSchedules {
  private readonly queue: Queue;

  constructor(connection: Redis, prefix: string) {
    this.queue = new Queue(scheduledQueue, { connection, prefix });
  }

  /**
   * Adds or changes the scheduler of a report (an upsert: repeating it changes nothing): its cron pattern read in its
   * own time zone, so "Mondays at 09:00 Europe/Berlin" stays 09:00 there across daylight-saving changes.
   */
  async upsert(schedule: ScheduleOfReport): Promise<void> {
    await this.queue.upsertJobScheduler(
      scheduledReportSchedulerId(schedule.id),
      { pattern: scheduleCronPattern(schedule.frequency, schedule), tz: schedule.timeZone },
      {
        name: scheduledReportJobName,
        data: { scheduleId: schedule.id },
        // Recording the delivery needs PostgreSQL: if it is briefly away, the firing is tried again, not lost.
        opts: { attempts: 6, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 },
      },
    );
  }

  async remove(scheduleId: string): Promise<void> {
    await this.queue.removeJobScheduler(scheduledReportSchedulerId(scheduleId));
  }

  /** When each report's next delivery is due, by report id. */
  async nextRuns(): Promise<Map<string, Date>> {
    const schedulers = await this.queue.getJobSchedulers(0, -1, true);
    return new Map(
      schedulers
        .filter((scheduler) => scheduler.key.startsWith(schedulerPrefix) && scheduler.next)
        .map((scheduler) => [scheduler.key.slice(schedulerPrefix.length), new Date(scheduler.next!)]),
    );
  }

  /** Makes Redis hold exactly the schedulers of these active reports; answers how many it added and removed. */
  async sync(active: readonly ScheduleOfReport[]): Promise<{ upserted: number; removed: number }> {
    const wanted = new Set(active.map((schedule) => schedule.id));
    const existing = await this.queue.getJobSchedulers(0, -1, true);
    let removed = 0;
    for (const scheduler of existing) {
      if (!scheduler.key.startsWith(schedulerPrefix) || wanted.has(scheduler.key.slice(schedulerPrefix.length))) continue;
      await this.queue.removeJobScheduler(scheduler.key);
      removed += 1;
    }
    for (const schedule of active) await this.upsert(schedule);
    return { upserted: active.length, removed };
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

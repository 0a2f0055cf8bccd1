import { scheduledQueue, scheduledReportJobName, scheduledReportSchedulerId, type PdfReportFrequency } from '@serpwise/contracts';
import { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The hour (UTC) scheduled reports go out: early, so they are in the inbox when the week or month starts. */
export const scheduledReportHourUtc = 6;

/**
 * The cron pattern of a scheduled report: WEEKLY on Mondays, MONTHLY on the 1st, at 06:mm UTC where the minute comes
 * from the report's id, so a thousand schedules do not all fire in the same second.
 */
export function scheduledReportPattern(scheduleId: string, frequency: PdfReportFrequency): string {
  const minute = createHash('sha1').update(scheduleId).digest().readUInt16BE(0) % 60;
  return frequency === 'WEEKLY' ? `${minute} ${scheduledReportHourUtc} * * 1` : `${minute} ${scheduledReportHourUtc} 1 * *`;
}

export interface ScheduleOfReport {
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

  /** Adds or changes the scheduler of a report (an upsert: repeating it changes nothing). */
  async upsert(schedule: ScheduleOfReport): Promise<void> {
    await this.queue.upsertJobScheduler(
      scheduledReportSchedulerId(schedule.id),
      { pattern: scheduledReportPattern(schedule.id, schedule.frequency), tz: 'UTC' },
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

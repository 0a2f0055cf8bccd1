import { reportJob, scheduledReportJobName } from '@serpwise/contracts';
import type { JobRecordRepository, ScheduledReportRepository } from '@serpwise/database';
import { type JobQueue, JobStarter } from '@serpwise/platform';
import { noSessionId, scheduledDeliveryJob, type ReportSchedules } from '@serpwise/domain';
import { createHash } from 'node:crypto';
import type { ScheduledJobHandler } from './scheduled-task-runner.js';

/** A UUID made from text: the same firing of a schedule always names the same report job. */
export function uuidFromText(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface ScheduledReportDeliveryPorts {
  schedules: () => ScheduledReportRepository;
  records: () => JobRecordRepository;
  users: () => { findById(id: string): Promise<{ email: string } | null> };
  queue: JobQueue;
  reportSchedules: ReportSchedules;
}

/**
 * A scheduled report came due (its job scheduler fired): record a report job that renders and e-mails it and queue
 * it. The job's id comes from the firing, so a firing handled twice makes one delivery. The report job retries a
 * failed render or send (3 attempts, backing off) and its record is a line of the schedule's delivery history on
 * /account/scheduled-pdf-reports (with the PDF that went out, kept like a download's). A schedule deleted or paused since removes its own scheduler.
 */
export const scheduledReportDelivery = (ports: ScheduledReportDeliveryPorts): ScheduledJobHandler => ({
  name: scheduledReportJobName,
  run: async (data, firingId) => {
    const scheduleId = (data as { scheduleId?: unknown }).scheduleId;
    if (typeof scheduleId !== 'string') return { skipped: 'no schedule id' };
    const schedule = await ports.schedules().findById(scheduleId);
    if (!schedule?.isActive) {
      await ports.reportSchedules.remove(scheduleId);
      return { skipped: schedule ? 'paused' : 'deleted', scheduleId };
    }
    const user = await ports.users().findById(schedule.userId);
    if (!user) return { skipped: 'owner gone', scheduleId };
    const { input, total } = scheduledDeliveryJob(schedule, user.email, 'schedule');
    const id = uuidFromText(`${scheduleId}:${firingId}`);
    // Redis away: this firing fails and BullMQ runs it again; the record it made is answered and queued then.
    const { created } = await new JobStarter(ports.records(), ports.queue).start(reportJob, {
      id,
      once: true,
      owner: { sessionId: noSessionId, userId: schedule.userId },
      input,
      total,
      whenQueueDown: 'throw',
    });
    return { scheduleId, jobId: id, created };
  },
});

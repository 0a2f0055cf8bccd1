import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { pdfExportMessages, reportJob, type PdfExportStatus, type ReportOptions } from '@serpwise/contracts';
import { JobRecordRepository, ScheduledReportRepository, type ScheduledReportRecord } from '@serpwise/database';
import { JobStarter } from '@serpwise/platform';
import { JOB_PRESENTERS, scheduledDeliveryJob, type JobPresenters } from '@serpwise/domain';
import type { Readable } from 'node:stream';
import { limitMessages, planOf } from '../limits/limit-messages.js';
import { Limits } from '../limits/limits.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { ReportsService } from './reports.service.js';

/** How many deliveries a schedule's history shows (a weekly report's year, with room for Send now). */
export const deliveryHistoryLimit = 60;

/**
 * What an agency checks a schedule with (issue 22 point 1): Send now (one delivery at once, exactly as the schedule
 * would send it), the preview of the next report (the PDF the next delivery would hold, drawn now) and the delivery
 * history (each delivery's report job as its owner sees it: when, to whom, how it went, the size, the PDF, the error).
 * A schedule is its owner's only: anyone else gets 404, as for a schedule that does not exist.
 */
@Injectable()
export class ScheduleDeliveriesService {
  constructor(
    private readonly schedules: ScheduledReportRepository,
    private readonly jobs: JobRecordRepository,
    private readonly starter: JobStarter,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    private readonly realtime: RealtimeGateway,
    private readonly limits: Limits,
    private readonly reports: ReportsService,
  ) {}

  /**
   * Send now: one delivery, now, whether the schedule is active or paused. While one is still running a second press
   * answers that one (the dedupe key), so a double click sends one mail. Counts against the plan's reports per hour.
   */
  async sendNow(session: RequestSession, identity: Identity, scheduleId: string): Promise<PdfExportStatus> {
    const schedule = await this.scheduleOf(identity, scheduleId);
    const { input, total } = scheduledDeliveryJob(schedule, identity.user.email, 'send-now');
    const quota = this.limits.rules.reports(planOf(identity));
    await this.limits.enforce(quota, identity.user.id, limitMessages.reports);
    const { job } = await this.starter.start(reportJob, {
      owner: { sessionId: session.id, userId: identity.user.id },
      input,
      total,
      dedupeKey: `report.send-now:${schedule.id}`,
      whenQueueDown: 'reconcile',
      giveBack: () => this.limits.refund(quota, identity.user.id),
    });
    const status = this.presenters[reportJob.name](job) as PdfExportStatus;
    this.realtime.jobUpdated(job.owner, status);
    return status;
  }

  /** The schedule's deliveries, newest first; the page adds each later change from the socket's job.updated. */
  async history(identity: Identity, scheduleId: string): Promise<PdfExportStatus[]> {
    const schedule = await this.scheduleOf(identity, scheduleId);
    const jobs = await this.jobs.listForPayloadValue(identity.user.id, reportJob.name, 'scheduleId', schedule.id, deliveryHistoryLimit);
    return jobs.map((job) => this.presenters[reportJob.name](job) as PdfExportStatus);
  }

  /** The next report as it would be drawn now: the schedule's options, its owner's data, plan and brand. */
  async preview(identity: Identity, scheduleId: string): Promise<{ pdf: Readable; fileName: string }> {
    const schedule = await this.scheduleOf(identity, scheduleId);
    return this.reports.preview(identity, schedule.options as unknown as ReportOptions);
  }

  private async scheduleOf(identity: Identity, scheduleId: string): Promise<ScheduledReportRecord> {
    const schedule = await this.schedules.findForOwner(identity.user.id, scheduleId);
    if (!schedule) throw new NotFoundException(pdfExportMessages.notFound);
    return schedule;
  }
}

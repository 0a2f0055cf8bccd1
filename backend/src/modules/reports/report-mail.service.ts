import { BadRequestException, ForbiddenException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { pdfExportMessages, readJobInput, reportJob, type ReportOptions, type ReportSubscription } from '@serpwise/contracts';
import { JobRecordRepository, ScheduledReportRepository, type ScheduledReportRecord } from '@serpwise/database';
import { DownloadLinks, FileStore } from '@serpwise/platform';
import { readUnsubscribeToken, reportFileKey, reportMailFilePath, reportMailLinkSubject, type UnsubscribeTarget } from '@serpwise/domain';
import type { Readable } from 'node:stream';

const titleOf = (schedule: ScheduledReportRecord) => {
  const options = schedule.options as unknown as ReportOptions;
  return options.customTitle || `${options.template} Report for ${options.domain}`;
};

/**
 * What a report e-mail's reader reaches without an account (issue 22 point 3): the mailed PDF through the mail's
 * signed, expiring link, and the unsubscribe of one address from one schedule through its sealed token.
 */
@Injectable()
export class ReportMailService {
  constructor(
    private readonly links: DownloadLinks,
    private readonly files: FileStore,
    private readonly jobs: JobRecordRepository,
    private readonly schedules: ScheduledReportRepository,
  ) {}

  /** The PDF a report e-mail links: the published attempt's file, while the link and the file last. */
  async mailedFile(id: string, link: { expires?: unknown; signature?: unknown }): Promise<{ stream: Readable; fileName: string; bytes: number }> {
    const check = this.links.check(reportMailFilePath(id), reportMailLinkSubject, link.expires, link.signature);
    if (check === 'invalid') throw new ForbiddenException(pdfExportMessages.mailLinkInvalid);
    if (check === 'expired') throw new GoneException(pdfExportMessages.mailLinkExpired);
    const job = await this.jobs.findById(id);
    if (!job || job.name !== reportJob.name || !job.owner.userId) throw new NotFoundException(pdfExportMessages.mailLinkInvalid);
    const key = reportFileKey(job.owner.userId, id, job.attempts);
    const bytes = job.state === 'completed' && !readJobInput(reportJob, job.payload).fileRemoved ? await this.files.size(key) : null;
    if (bytes === null) throw new GoneException(pdfExportMessages.mailFileGone);
    return { stream: await this.files.read(key), fileName: (job.result as { fileName?: string } | null)?.fileName ?? 'report.pdf', bytes };
  }

  /** What the unsubscribe page shows before the reader confirms. */
  async subscription(token: unknown): Promise<ReportSubscription> {
    const target = this.targetOf(token);
    const schedule = await this.schedules.findById(target.scheduleId);
    return this.present(target, schedule);
  }

  /** The reader confirmed: their address leaves that schedule's recipients; the schedule goes on for everyone else. */
  async unsubscribe(token: unknown): Promise<ReportSubscription> {
    const target = this.targetOf(token);
    return this.present(target, await this.schedules.removeRecipient(target.scheduleId, target.email));
  }

  private targetOf(token: unknown): UnsubscribeTarget {
    const target = readUnsubscribeToken(this.links, token);
    if (!target) throw new BadRequestException({ statusCode: 400, message: pdfExportMessages.unsubscribeInvalid, errors: [pdfExportMessages.unsubscribeInvalid] });
    return target;
  }

  private present(target: UnsubscribeTarget, schedule: ScheduledReportRecord | null): ReportSubscription {
    const subscribed = Boolean(schedule?.recipients.some((address) => address.toLowerCase() === target.email.toLowerCase()));
    return { email: target.email, title: schedule ? titleOf(schedule) : null, subscribed };
  }
}

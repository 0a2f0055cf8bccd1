import type { EntityManager } from '@mikro-orm/postgresql';
import { reportJob, type JobPayload, type ReportJobResult } from '@serpwise/contracts';
import { ReportDelivery, type ReportDrawer } from '@serpwise/domain';
import type { FileStore, Mailer } from '@serpwise/platform';
import type { ReportMailSettings } from '@serpwise/domain';
import type { JobContext, JobHandler, UnpublishedRun } from '../jobs/job-handler.js';
import { jobOwnerAccount } from '../jobs/owner-plan.js';
import { ownerOfJob, recordedJob } from '../jobs/recorded-job.js';

/**
 * Runs a PDF report job: reads its record and its owner's account as they stand now, and hands them to
 * `ReportDelivery` (@serpwise/domain, reports/report-delivery.ts), which renders, keeps and e-mails the report.
 */
export class ReportProcessor implements JobHandler<typeof reportJob> {
  readonly contract = reportJob;
  private readonly reports: ReportDelivery;

  constructor(
    private readonly em: () => EntityManager,
    files: FileStore,
    mailer: Mailer,
    /** PUBLIC_URL, the link signer and the attachment and link limits of the report e-mails. */
    mail: ReportMailSettings,
    /** Where the PDF is drawn: the worker's CPU pool (drawReportOn); absent, on the event loop. */
    draw?: ReportDrawer,
  ) {
    this.reports = new ReportDelivery(files, mailer, mail, draw);
  }

  async handle(payload: JobPayload<typeof reportJob>, context: JobContext): Promise<ReportJobResult> {
    const em = this.em();
    const { input, ownerUserId } = await recordedJob(em, reportJob, payload.jobId);
    const owner = await jobOwnerAccount(em, ownerUserId);
    return this.reports.run(em, { jobId: payload.jobId, ownerUserId, input, owner }, context);
  }

  /** Not published (cancelled, or another run owns the job now): this attempt's PDF goes. */
  async discard(payload: JobPayload<typeof reportJob>, result: ReportJobResult, unpublished: UnpublishedRun): Promise<void> {
    if (!result.stored) return;
    const ownerUserId = await ownerOfJob(this.em(), payload.jobId);
    if (ownerUserId) await this.reports.discard(ownerUserId, payload.jobId, unpublished.attempt);
  }
}

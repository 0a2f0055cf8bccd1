import type { EntityManager } from '@mikro-orm/postgresql';
import { hasFullPlan, hasReconPlan, reportJob, type JobPayload, type ReportJobResult } from '@serpwise/contracts';
import { ReportDesignRepository } from '@serpwise/database';
import { gatherReportData, loadReportBranding, planReport, renderReportFromData, reportFileName, reportRequestOf, ReportSubjectError } from '@serpwise/reports';
import { sqlFromEntityManager, viewerScopedSql } from '@serpwise/research';
import type { FileStore, Mailer } from '@serpwise/platform';
import { reportFileKey } from '@serpwise/domain';
import { UnrecoverableError } from 'bullmq';
import type { Readable } from 'node:stream';
import { JobCancelledError, type JobContext, type JobHandler, type UnpublishedRun } from '../jobs/job-handler.js';
import { jobOwnerAccount } from '../jobs/owner-plan.js';
import { ownerOfJob, recordedJob } from '../jobs/recorded-job.js';

const bufferOf = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The e-mail a report goes out with. */
export function reportMail(input: { title: string; domain: string; scheduled: boolean; whiteLabel: boolean; publicUrl: string }): { subject: string; text: string } {
  const sender = input.whiteLabel ? '' : 'Serpwise';
  const lines = [
    `Attached is the PDF report "${input.title}" for ${input.domain}.`,
    input.scheduled ? `You receive it because it is scheduled in your account; change or stop it at ${input.publicUrl}/account/scheduled-pdf-reports.` : '',
    sender ? `\n— ${sender}` : '',
  ].filter(Boolean);
  return { subject: input.title, text: lines.join('\n') };
}

/**
 * Renders one PDF report with @serpwise/reports (no browser) from the research data, as its owner's plan and report
 * design stand now, then keeps it for its owner (ExportAsync) and/or e-mails it (Export, a scheduled delivery).
 * A retried job never sends the mail twice: that it went out is saved as the job's checkpoint.
 */
export class ReportProcessor implements JobHandler<typeof reportJob> {
  readonly contract = reportJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly files: FileStore,
    private readonly mailer: Mailer,
    /** PUBLIC_URL: the mail's links point there. */
    private readonly publicUrl: string,
  ) {}

  async handle(payload: JobPayload<typeof reportJob>, context: JobContext): Promise<ReportJobResult> {
    const em = this.em();
    const { input: job, ownerUserId } = await recordedJob(em, reportJob, payload.jobId);
    const owner = await jobOwnerAccount(em, ownerUserId);
    if (!hasFullPlan(owner.planRoles)) throw new UnrecoverableError('PDF reports need the full plan');

    if (!(await context.progress(0, 3, 'Reading the research data'))) return this.cancelled();
    const branding = await loadReportBranding(new ReportDesignRepository(em), {
      ownerUserId: owner.accountOwnerId,
      isReconUser: hasReconPlan(owner.planRoles),
      whiteLabel: job.report.whiteLabel,
    });
    const request = reportRequestOf(job.report, branding);
    const plan = planReport(request);
    let pdf: Buffer;
    let fileName: string;
    try {
      // The report reads what its owner's research screens read: installation data and their own imports.
      const data = await gatherReportData(viewerScopedSql(sqlFromEntityManager(em), () => ownerUserId), request, plan);
      if (!(await context.progress(1, 3, 'Drawing the PDF'))) return this.cancelled();
      pdf = await bufferOf(renderReportFromData(request, data, plan));
      fileName = reportFileName(request, data.month);
    } catch (error) {
      // The domain has no data (any more): running again will not change that.
      if (error instanceof ReportSubjectError) throw new UnrecoverableError(error.message);
      throw error;
    }

    if (job.store) {
      // This attempt's own file; the record's fenced completion decides which attempt's PDF is the report's.
      const upload = await this.files.create(reportFileKey(ownerUserId, payload.jobId, context.attempt));
      try {
        upload.stream.end(pdf);
        await upload.commit();
      } catch (error) {
        await upload.abort();
        throw error;
      }
    }

    // The e-mail cannot be taken back: a run that no longer owns the job (its progress is refused) sends none.
    const alreadySent = context.checkpoint?.emailed === true;
    if (job.emailTo.length && !alreadySent) {
      if (!(await context.progress(2, 3, `E-mailing ${job.emailTo.length === 1 ? job.emailTo[0] : `${job.emailTo.length} addresses`}`))) return this.cancelled();
      const mail = reportMail({ title: plan.title, domain: request.subject.domain, scheduled: job.scheduleId !== null, whiteLabel: branding.kind === 'white-label', publicUrl: this.publicUrl });
      await this.mailer.send({ to: job.emailTo.join(', '), ...mail, attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }] });
      await context.saveCheckpoint({ emailed: true });
    }
    await context.progress(3, 3, 'Done');
    return { fileName, bytes: pdf.length, stored: job.store, emailedTo: job.emailTo };
  }

  /** Not published (cancelled, or another run owns the job now): this attempt's PDF goes. */
  async discard(payload: JobPayload<typeof reportJob>, result: ReportJobResult, unpublished: UnpublishedRun): Promise<void> {
    if (!result.stored) return;
    const ownerUserId = await ownerOfJob(this.em(), payload.jobId);
    if (ownerUserId) await this.files.remove(reportFileKey(ownerUserId, payload.jobId, unpublished.attempt));
  }

  private cancelled(): never {
    throw new JobCancelledError();
  }
}

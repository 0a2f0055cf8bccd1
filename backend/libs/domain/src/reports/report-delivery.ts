import type { EntityManager } from '@mikro-orm/postgresql';
import { hasFullPlan, hasReconPlan, sharedReportPath, type ReportJobInput, type ReportJobResult } from '@serpwise/contracts';
import { ReportBrandRepository, ReportShareLinkRepository } from '@serpwise/database';
import type { DownloadLinks, FileStore, Mailer } from '@serpwise/platform';
import { gatherReportData, loadReportBranding, planReport, renderReportFromData, renderReportView, reportFileName, reportRequestOf, ReportSubjectError, sectionsOf, themeFor, type ReportBranding, type ReportData, type ReportPlan, type ReportRequest } from '@serpwise/reports';
import { sqlFromEntityManager, viewerScopedSql } from '@serpwise/research';
import { UnrecoverableError } from 'bullmq';
import type { Readable } from 'node:stream';
import { JobCancelledError, type JobRun } from '../jobs/job-run.js';
import { reportMail, reportMailFilePath, reportMailLinkSubject, reportUnsubscribePagePath, unsubscribeToken } from './report-mail.js';
import { reportFileKey, reportViewKey } from './report-status.js';
import { sectionProgress } from './section-progress.js';
import { newShareToken } from './share-token.js';

const bufferOf = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Draws a report's PDF from its gathered data. Drawing is one synchronous piece of CPU work (70–500 ms), so the worker
 * hands it to a thread of its CPU pool (worker/src/cpu); without one it is drawn here, on the caller's thread.
 */
export type ReportDrawer = (request: ReportRequest, data: ReportData, plan: ReportPlan) => Promise<Buffer>;

/** The PDF drawn on the calling thread. */
export const drawReportHere: ReportDrawer = (request, data, plan) => bufferOf(renderReportFromData(request, data, plan));

/** A report's work in steps (its progress by section, issue 21): its sections' data read, the PDF drawn, then the e-mail if any. */
export const reportSteps = (input: Pick<ReportJobInput, 'report' | 'emailTo'>): number =>
  sectionsOf(input.report.template, input.report.sections, input.report.projectId !== undefined).length + 1 + (input.emailTo.length ? 1 : 0);

/** One report job as its record and its owner's account (read when the job runs) say. */
export interface ReportDeliveryJob {
  jobId: string;
  ownerUserId: string;
  input: ReportJobInput;
  owner: {
    /** The owner's plan roles as they stand now. */
    planRoles: readonly string[];
    /** The owner's own address: a mail to it is the account's, not a client's. */
    email: string;
    /** Whose report brands apply: the parent's for a child account. */
    accountOwnerId: string;
  };
}

/**
 * Renders one PDF report with @serpwise/reports (no browser) from the research data, as its owner's plan and report
 * design stand now, then keeps it for its owner (ExportAsync) and/or e-mails it (Export, a scheduled delivery).
 * A retried job never sends the mail twice: that it went out is saved as the job's checkpoint.
 */
export interface ReportMailSettings {
  /** PUBLIC_URL: every link of a mail is absolute, through it. */
  publicUrl: string;
  /** Signs the mail's PDF link and its unsubscribe tokens. */
  links: DownloadLinks;
  /** REPORT_MAIL_ATTACHMENT_MAX_MB in bytes: a larger PDF is linked, not attached. */
  attachmentMaxBytes: number;
  /** REPORT_MAIL_LINK_DAYS in ms: how long the mail's links work (its PDF link and its share link). */
  linkTtlMs: number;
}

/** The brand a mail is drawn in: the report's (its company and colour), never Serpwise's under a white label. */
function mailBrand(branding: ReportBranding, design: Parameters<typeof themeFor>[0]): { name: string; color: string; whiteLabel: boolean; contactLine?: string } {
  if (branding.kind === 'white-label') return { name: branding.companyName, color: branding.primaryColor, whiteLabel: true, contactLine: branding.contactLine ?? '' };
  return { name: 'Serpwise', color: themeFor(design).colors.primary, whiteLabel: false };
}

export class ReportDelivery {
  constructor(
    private readonly files: FileStore,
    private readonly mailer: Mailer,
    private readonly mail: ReportMailSettings,
    private readonly draw: ReportDrawer = drawReportHere,
  ) {}

  async run(em: EntityManager, job: ReportDeliveryJob, run: JobRun): Promise<ReportJobResult> {
    const { input, ownerUserId, owner } = job;
    if (!hasFullPlan(owner.planRoles)) throw new UnrecoverableError('PDF reports need the full plan');

    const sectionCount = sectionsOf(input.report.template, input.report.sections, input.report.projectId !== undefined).length;
    const steps = reportSteps(input);
    if (!(await run.progress(0, steps, `Reading the data of ${sectionCount} ${sectionCount === 1 ? 'section' : 'sections'}`))) return cancelled();
    const branding = await loadReportBranding(new ReportBrandRepository(em), {
      ownerUserId: owner.accountOwnerId,
      isReconUser: hasReconPlan(owner.planRoles),
      whiteLabel: input.report.whiteLabel,
      brandId: input.report.brandId,
    });
    // A project's sections read the account owner's project (a child account reports on its parent's projects).
    const request = reportRequestOf(input.report, branding, undefined, owner.accountOwnerId);
    const plan = planReport(request);
    let pdf: Buffer;
    let view: string;
    let fileName: string;
    try {
      // The report reads what its owner's research screens read: installation data and their own imports.
      const sections = sectionProgress(run, plan.sections.length, steps);
      const data = await gatherReportData(viewerScopedSql(sqlFromEntityManager(em), () => ownerUserId), request, plan, sections.onRead);
      if (!(await sections.settled())) return cancelled();
      if (!(await run.progress(plan.sections.length, steps, `Drawing the PDF: ${plan.sections.length} ${plan.sections.length === 1 ? 'section' : 'sections'}`))) return cancelled();
      pdf = await this.draw(request, data, plan);
      // The web view a share link shows: the same sections from the same data, so it prints the PDF's figures.
      view = renderReportView(request, data, plan);
      fileName = reportFileName(request, data.month);
    } catch (error) {
      // The domain has no data (any more): running again will not change that.
      if (error instanceof ReportSubjectError) throw new UnrecoverableError(error.message);
      throw error;
    }

    // A mailed report is kept too: its mail links the PDF (the only way to it when too large to attach) and its web view.
    const keep = input.store || input.emailTo.length > 0;
    if (keep) {
      // This attempt's own file; the record's fenced completion decides which attempt's PDF is the report's.
      await this.keep(reportFileKey(ownerUserId, job.jobId, run.attempt), pdf);
      await this.keep(reportViewKey(ownerUserId, job.jobId, run.attempt), Buffer.from(view, 'utf8'));
    }

    // The e-mail cannot be taken back: a run that no longer owns the job (its progress is refused) sends none. Each
    // recipient gets their own message (their own unsubscribe link); who has had it is the checkpoint, so a retry
    // sends only to those the failed attempt did not reach.
    const sent = new Set<string>(run.checkpoint?.emailed === true ? input.emailTo : ((run.checkpoint?.emailedTo as string[] | undefined) ?? []));
    const waiting = input.emailTo.filter((address) => !sent.has(address));
    if (waiting.length) {
      if (!(await run.progress(steps - 1, steps, `E-mailing ${input.emailTo.length === 1 ? input.emailTo[0] : `${input.emailTo.length} addresses`}`))) return cancelled();
      const link = this.mail.links.signFor(reportMailFilePath(job.jobId), reportMailLinkSubject, this.mail.linkTtlMs);
      const view = await this.shareLink(em, job, link.expiresAt);
      const attached = pdf.length <= this.mail.attachmentMaxBytes;
      for (const recipient of waiting) {
        const isOwner = recipient.toLowerCase() === owner.email.toLowerCase();
        const unsubscribeUrl =
          input.scheduleId && !isOwner ? `${this.mail.publicUrl}${reportUnsubscribePagePath}?token=${unsubscribeToken(this.mail.links, { scheduleId: input.scheduleId, email: recipient })}` : null;
        const message = reportMail({
          title: plan.title,
          domain: request.subject.domain,
          countryCode: input.report.countryCode,
          preparedBy: input.report.preparedBy ?? '',
          preparedFor: input.report.preparedFor ?? '',
          brand: mailBrand(branding, input.report.design),
          frequency: input.scheduleFrequency ?? null,
          recipient,
          isOwner,
          pdf: { fileName, bytes: pdf.length, attached, url: `${this.mail.publicUrl}${link.url}`, linkExpiresAt: link.expiresAt },
          view,
          publicUrl: this.mail.publicUrl,
          unsubscribeUrl,
        });
        await this.mailer.send({ to: recipient, ...message, ...(attached ? { attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }] } : {}) });
        sent.add(recipient);
        await run.saveCheckpoint({ emailedTo: [...sent] });
      }
    }
    await run.progress(steps, steps, 'Done');
    return { fileName, bytes: pdf.length, stored: keep, emailedTo: input.emailTo };
  }

  /**
   * The delivery's share link (docs/decisions.md, "The report e-mail offers the web view"): one per attempt that mails,
   * shared by its recipients, in the owner's list of the report's links (Share link), so the owner sees its openings
   * and can revoke it. It expires with the mail's PDF link; only its hash is kept, so a retry makes its own.
   */
  private async shareLink(em: EntityManager, job: ReportDeliveryJob, expiresAt: string): Promise<{ url: string; expiresAt: string }> {
    const { token, tokenHash } = newShareToken();
    await new ReportShareLinkRepository(em).create({ jobId: job.jobId, ownerUserId: job.ownerUserId, tokenHash, expiresAt: new Date(expiresAt) });
    return { url: `${this.mail.publicUrl}${sharedReportPath(token)}`, expiresAt };
  }

  /** Removes the PDF and web view of one attempt of a report that was not published (ones it stored). */
  async discard(ownerUserId: string, jobId: string, attempt: number): Promise<void> {
    await this.files.remove(reportFileKey(ownerUserId, jobId, attempt));
    await this.files.remove(reportViewKey(ownerUserId, jobId, attempt));
  }

  private async keep(key: string, content: Buffer): Promise<void> {
    const upload = await this.files.create(key);
    try {
      upload.stream.end(content);
      await upload.commit();
    } catch (error) {
      await upload.abort();
      throw error;
    }
  }
}

function cancelled(): never {
  throw new JobCancelledError();
}


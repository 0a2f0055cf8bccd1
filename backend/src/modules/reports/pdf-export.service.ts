import { ForbiddenException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { hostOfText, pdfExportMessages, readJobInput, reportJob, type PdfExportRequest, type PdfExportStatus } from '@serpwise/contracts';
import { JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AnalyticsRecorder, DownloadLinks, FileStore, JobStarter } from '@serpwise/platform';
import { JOB_PRESENTERS, type JobPresenters, reportFileKey, reportFilePath, reportSteps } from '@serpwise/domain';
import { limitMessages, planOf } from '../limits/limit-messages.js';
import { Limits } from '../limits/limits.service.js';
import { ownedJob } from '../jobs/owned-job.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { badRequest } from '../../common/bad-request.js';
import { ReportProjectService } from './report-project.service.js';
import { ReportBrandsService } from './report-brands.service.js';

/** The addresses a report goes to: the user's own first when asked, then the others, each once. */
export const reportAddresses = (request: Pick<PdfExportRequest, 'recipients' | 'sendReportToSelf'>, ownEmail: string) => [
  ...new Set([...(request.sendReportToSelf ? [ownEmail.toLowerCase()] : []), ...request.recipients]),
];

/** The domain a report is about, or the documented-style refusal. */
export function reportDomainOf(text: string): string {
  const domain = hostOfText(text);
  if (!domain) throw badRequest([`"${text}" is not a domain name.`]);
  return domain;
}

/**
 * One-off PDF reports (docs/product/account-exports-reports.md §4 PDF export modes): Download (ExportAsync: rendered by the worker, kept for its owner,
 * followed live as 'Generating PDF…' → 'Exported PDF') and Email only (Export). Both are report jobs; GetStatus
 * finds one by the browser's export session id (the 3-s poll while the socket is down).
 */
@Injectable()
export class PdfExportService {
  constructor(
    private readonly jobs: JobRecordRepository,
    private readonly starter: JobStarter,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    private readonly links: DownloadLinks,
    private readonly files: FileStore,
    private readonly realtime: RealtimeGateway,
    private readonly limits: Limits,
    private readonly projects: ReportProjectService,
    private readonly brands: ReportBrandsService,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async start(session: RequestSession, identity: Identity, request: PdfExportRequest, mode: 'download' | 'email'): Promise<PdfExportStatus> {
    const emailTo = mode === 'email' ? reportAddresses(request, identity.user.email) : [];
    if (mode === 'email' && !emailTo.length) throw badRequest([pdfExportMessages.noRecipients]);
    await this.brands.requireUsable(identity, request.report.brandId);
    // A project's report (a group's "Create PDF Report") is about the project's domain and territory, if the caller may read it.
    const report = await this.projects.resolve(identity, request.report);
    const input = {
      report: { ...report, domain: reportDomainOf(report.domain) },
      store: mode === 'download',
      emailTo,
      sessionId: request.sessionId ?? String(randomInt(1, 2 ** 47)),
      scheduleId: null,
    };
    // Rendering is the worker's heaviest job: reports started per hour follow the plan (a failed start gives its count back).
    const quota = this.limits.rules.reports(planOf(identity));
    await this.limits.enforce(quota, identity.user.id, limitMessages.reports);
    // If Redis is unreachable the record stays queued and the worker's reconciler enqueues it later.
    const { job } = await this.starter.start(reportJob, {
      owner: { sessionId: session.id, userId: identity.user.id },
      input,
      total: reportSteps(input),
      whenQueueDown: 'reconcile',
      giveBack: () => this.limits.refund(quota, identity.user.id),
    });
    this.analytics.record('Export_PDF', report.template);
    const status = this.present(job);
    this.realtime.jobUpdated(job.owner, status);
    return status;
  }

  /** GetStatus: the user's newest report job of that export session id. */
  async statusBySession(identity: Identity, sessionId: string): Promise<PdfExportStatus> {
    const job = await this.jobs.findLatestByPayload(identity.user.id, reportJob.name, 'sessionId', sessionId);
    if (!job) throw new NotFoundException(pdfExportMessages.statusNotFound);
    return this.present(job);
  }

  /** The PDF behind a signed link, for the one user the link was made for; shown in the browser (inline). */
  async file(identity: Identity, id: string, link: { expires?: unknown; signature?: unknown }): Promise<{ stream: Readable; fileName: string; bytes: number | null }> {
    const check = this.links.check(reportFilePath(id), identity.user.id, link.expires, link.signature);
    if (check === 'invalid') throw new ForbiddenException('This link is not valid.');
    if (check === 'expired') throw new GoneException('This link has expired. Open the PDF again from your exports.');
    const job = await ownedJob(this.jobs, reportJob, identity.user.id, id, pdfExportMessages.statusNotFound);
    // The completed record's attempts is the attempt that published its PDF.
    const key = reportFileKey(identity.user.id, id, job.attempts);
    const bytes = job.state === 'completed' && !readJobInput(reportJob, job.payload).fileRemoved ? await this.files.size(key) : null;
    if (bytes === null) throw new GoneException('The PDF is no longer available.');
    return { stream: await this.files.read(key), fileName: (job.result as { fileName?: string } | null)?.fileName ?? 'report.pdf', bytes };
  }

  private present(job: OwnedJobStatus): PdfExportStatus {
    return this.presenters[reportJob.name](job);
  }
}

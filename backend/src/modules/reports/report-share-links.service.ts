import { ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  readJobInput,
  reportJob,
  sharedReportPath,
  sharedReportPdfPath,
  shareLinkMessages,
  shareTokenSchema,
  type Environment,
  type ReportShareLink,
  type ShareLinkDays,
} from '@serpwise/contracts';
import { JobRecordRepository, ReportShareLinkRepository, type OwnedJobStatus, type ReportShareLinkRecord } from '@serpwise/database';
import { newShareToken, reportFileKey, reportViewKey, shareTokenHash } from '@serpwise/domain';
import { ENVIRONMENT, FileStore } from '@serpwise/platform';
import { sharedReportPage, type SharedReportNotice } from '@serpwise/reports';
import type { Readable } from 'node:stream';
import { ownedJob } from '../jobs/owned-job.js';
import type { Identity } from '../sessions/request-session.js';

const dayMs = 24 * 3600 * 1000;

/** Why a shared link shows no report: the notice page and its status (404 for a link that never was, 410 for one that was). */
export class SharedReportUnavailable extends Error {
  constructor(readonly notice: SharedReportNotice) {
    super(notice);
  }

  get status(): 404 | 410 {
    return this.notice === 'unknown' ? 404 : 410;
  }
}

const stateOf = (link: ReportShareLinkRecord, now: number): ReportShareLink['state'] =>
  link.revokedAt ? 'revoked' : link.expiresAt.getTime() <= now ? 'expired' : 'active';

/**
 * Share links of generated reports (issue 22 point 5). The owner of a report (its job's user: a child account
 * shares its own reports, as it sees only its own jobs) makes, lists and revokes them; anyone holding a working link
 * sees the report's web view — made with its PDF from the same data — and its PDF, with no login. The token is 32
 * random bytes; only its SHA-256 is kept, so the link is shown once, when it is made.
 */
@Injectable()
export class ReportShareLinksService {
  constructor(
    private readonly links: ReportShareLinkRepository,
    private readonly jobs: JobRecordRepository,
    private readonly files: FileStore,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async create(identity: Identity, jobId: string, days: ShareLinkDays, now = Date.now()): Promise<ReportShareLink> {
    const job = await ownedJob(this.jobs, reportJob, identity.user.id, jobId, shareLinkMessages.notFound);
    if (job.state !== 'completed') throw new ConflictException(shareLinkMessages.notReady);
    if (!(await this.viewExists(job))) {
      const pdfKept = !readJobInput(reportJob, job.payload).fileRemoved && (await this.files.size(reportFileKey(identity.user.id, job.id, job.attempts))) !== null;
      throw pdfKept ? new ConflictException(shareLinkMessages.noView) : new GoneException(shareLinkMessages.gone);
    }
    const { token, tokenHash } = newShareToken();
    const link = await this.links.create({ jobId: job.id, ownerUserId: identity.user.id, tokenHash, expiresAt: new Date(now + days * dayMs) });
    return { ...this.present(link, now), url: `${this.environment.PUBLIC_URL}${sharedReportPath(token)}` };
  }

  async list(identity: Identity, jobId: string, now = Date.now()): Promise<ReportShareLink[]> {
    await ownedJob(this.jobs, reportJob, identity.user.id, jobId, shareLinkMessages.notFound);
    return (await this.links.listForJob(identity.user.id, jobId)).map((link) => this.present(link, now));
  }

  async revoke(identity: Identity, linkId: string, now = Date.now()): Promise<ReportShareLink> {
    const link = await this.links.revoke(identity.user.id, linkId);
    if (!link) throw new NotFoundException(shareLinkMessages.linkNotFound);
    return this.present(link, now);
  }

  /** The page a link opens: the report's web view under a "Download PDF" link. Counts the opening. */
  async page(token: string, now = Date.now()): Promise<string> {
    const { link, job } = await this.resolve(token, now);
    const view = await this.readText(reportViewKey(job.owner.userId!, job.id, job.attempts));
    if (view === null) throw new SharedReportUnavailable('gone');
    await this.links.noteOpened(link.id);
    const options = readJobInput(reportJob, job.payload).report;
    const title = options.customTitle || `${options.template} Report for ${options.domain}`;
    return sharedReportPage({ title, article: view, pdfUrl: sharedReportPdfPath(token) });
  }

  /** The report's PDF behind a working link. */
  async pdf(token: string, now = Date.now()): Promise<{ stream: Readable; fileName: string; bytes: number }> {
    const { job } = await this.resolve(token, now);
    const key = reportFileKey(job.owner.userId!, job.id, job.attempts);
    const bytes = await this.files.size(key);
    if (bytes === null) throw new SharedReportUnavailable('gone');
    return { stream: await this.files.read(key), fileName: (job.result as { fileName?: string } | null)?.fileName ?? 'report.pdf', bytes };
  }

  /** The link and its report, or why neither may be shown. Nothing about the report is read before the link checks out. */
  private async resolve(token: string, now: number): Promise<{ link: ReportShareLinkRecord; job: OwnedJobStatus }> {
    if (!shareTokenSchema.safeParse({ token }).success) throw new SharedReportUnavailable('unknown');
    const link = await this.links.findByTokenHash(shareTokenHash(token));
    if (!link) throw new SharedReportUnavailable('unknown');
    const state = stateOf(link, now);
    if (state !== 'active') throw new SharedReportUnavailable(state);
    const job = await this.jobs.findById(link.jobId);
    if (!job || job.name !== reportJob.name || job.owner.userId !== link.ownerUserId || job.state !== 'completed' || readJobInput(reportJob, job.payload).fileRemoved) {
      throw new SharedReportUnavailable('gone');
    }
    return { link, job };
  }

  private async viewExists(job: OwnedJobStatus): Promise<boolean> {
    return !readJobInput(reportJob, job.payload).fileRemoved && (await this.files.size(reportViewKey(job.owner.userId!, job.id, job.attempts))) !== null;
  }

  private async readText(key: string): Promise<string | null> {
    if ((await this.files.size(key)) === null) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.files.read(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  }

  private present(link: ReportShareLinkRecord, now: number): ReportShareLink {
    return {
      id: link.id,
      jobId: link.jobId,
      state: stateOf(link, now),
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      revokedAt: link.revokedAt?.toISOString() ?? null,
      lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
      openCount: link.openCount,
      url: null,
    };
  }
}

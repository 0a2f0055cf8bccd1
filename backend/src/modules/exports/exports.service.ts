import { ConflictException, ForbiddenException, GoneException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  exportContentTypes,
  exportJob,
  exportMessages,
  exportRowLimitOf,
  googleSheetsMaxRows,
  googleSheetsMessages,
  readJobInput,
  type Environment,
  type ExportFileFormat,
  type ExportStatus,
  type StartExportRequest,
} from '@serpwise/contracts';
import { JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import { isExportTableId, totalRowsOf, prepareExport, ResearchQueryError, type Sql } from '@serpwise/research';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZodError } from 'zod';
import { AnalyticsRecorder, DownloadLinks, ENVIRONMENT, FileStore, GoogleAuthorisations, JobStarter } from '@serpwise/platform';
import { exportDownloadPath, exportFileKey, JOB_PRESENTERS, type JobPresenters } from '@serpwise/domain';
import { limitMessages, planOf } from '../limits/limit-messages.js';
import { QueueStanding } from '../jobs/queue-standing.js';
import { cancelOwnedJob, ownedJob } from '../jobs/owned-job.js';
import { overExportAllowance } from './export-allowance.js';
import { Limits } from '../limits/limits.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { PRIMARY_WAREHOUSE_SQL } from '../research/warehouse-sql.provider.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { badRequest } from '../../common/bad-request.js';

type StartInput = Required<Pick<StartExportRequest, 'table' | 'format' | 'scope'>> & { params: Record<string, unknown> };

/** A stable text of a value with its object keys sorted, so equal requests hash alike. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value ?? null);

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(0, 100) || 'export';

/**
 * Table exports (issue 6): checks the plan's allowance, records the job (one running copy per identical request)
 * and queues it; lists, reports, cancels and serves its owner's exports.
 */
/** How long a presigned link to an export's file works: enough to start the download, after the signed link was checked. */
const presignedDownloadSeconds = 300;

@Injectable()
export class ExportsService {
  constructor(
    private readonly jobs: JobRecordRepository,
    private readonly starter: JobStarter,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    private readonly standing: QueueStanding,
    private readonly links: DownloadLinks,
    private readonly files: FileStore,
    private readonly realtime: RealtimeGateway,
    @Inject(PRIMARY_WAREHOUSE_SQL) private readonly sql: Sql,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly google: GoogleAuthorisations,
    private readonly limits: Limits,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async start(session: RequestSession, identity: Identity, request: StartInput): Promise<{ status: ExportStatus; created: boolean }> {
    if (!isExportTableId(request.table)) throw badRequest([exportMessages.unknownTable]);
    const sheets = request.format === 'sheets';
    if (sheets) await this.requireGoogle(identity);
    const { prepared, input } = await this.prepare(request.table, request.params);
    const tableRows = prepared.query ? await totalRowsOf(this.sql, prepared.query) : 0;
    const planLimit = exportRowLimitOf(identity.planRoles, this.environment.EXPORT_MAX_ROWS);
    // Google Sheets holds at most 100,000 rows (docs/product/account-exports-reports.md §9): a full export over it is refused with the documented message;
    // 'partial' is the 'Export 100k Rows' button.
    const rowLimit = sheets ? Math.min(planLimit ?? googleSheetsMaxRows, googleSheetsMaxRows) : planLimit;
    if (sheets && request.scope === 'full' && tableRows > googleSheetsMaxRows) {
      throw new ForbiddenException({ statusCode: 403, message: googleSheetsMessages.overLimit, data: { totalRows: tableRows, maxRows: googleSheetsMaxRows, sheetsLimit: true } });
    }
    if (request.scope === 'full' && rowLimit !== null && tableRows > rowLimit) throw overExportAllowance(tableRows, rowLimit);
    const userId = identity.user.id;
    const today = new Date().toISOString().slice(0, 10);
    const dedupeKey = createHash('sha256').update(canonical({ userId, table: request.table, input, format: request.format, scope: request.scope, rowLimit })).digest('hex');
    // The hourly quota counts started exports; asking again for one that still runs answers that one and is free.
    const quota = this.limits.rules.exports(planOf(identity));
    await this.limits.enforce(quota, userId, limitMessages.exports);
    // Redis away: the record fails ('could not be queued') and the request answers 503 at once.
    const { job, created } = await this.starter.start(exportJob, {
      owner: { sessionId: session.id, userId },
      input: { table: request.table, params: request.params, format: request.format, scope: request.scope, tableRows, rowLimit, fileName: fileSafe(`${prepared.fileStem}-${today}`) },
      total: rowLimit === null ? tableRows : Math.min(tableRows, rowLimit),
      dedupeKey,
      whenQueueDown: 'fail',
      giveBack: () => this.limits.refund(quota, userId),
    });
    // Export types tracked (docs/product/site.md §7): Excel and Google Sheets here; a CSV file is not one of them.
    if (created && request.format !== 'csv') this.analytics.record(request.format === 'xlsx' ? 'Export_Excel' : 'Export_Google_Sheets', request.table);
    return { status: await this.standing.one(this.present(job)), created };
  }

  /** The user's latest 50 exports; the queued ones say where they stand (jobs ahead, paused). */
  async list(identity: Identity): Promise<ExportStatus[]> {
    const jobs = await this.jobs.listByUser(identity.user.id, exportJob.name, 50);
    return this.standing.of(jobs.map((job) => this.present(job)));
  }

  async status(identity: Identity, id: string): Promise<ExportStatus> {
    return this.standing.one(this.present(await this.owned(identity, id)));
  }

  async cancel(identity: Identity, id: string): Promise<ExportStatus> {
    await this.owned(identity, id);
    return cancelOwnedJob(this.jobs, this.realtime, id, exportMessages.notCancellable, (job) => this.present(job));
  }

  /**
   * The file behind a signed link, for the one user the link was made for: a presigned link to it where the store
   * makes them (S3: the browser fetches the file from the bucket, not through the API), else its stream.
   */
  async download(identity: Identity, id: string, link: { expires?: unknown; signature?: unknown }): Promise<{ fileName: string; format: ExportFileFormat; bytes: number | null } & ({ stream: Readable } | { redirect: string })> {
    const check = this.links.check(exportDownloadPath(id), identity.user.id, link.expires, link.signature);
    if (check === 'invalid') throw new ForbiddenException(exportMessages.linkInvalid);
    if (check === 'expired') throw new GoneException(exportMessages.linkExpired);
    const job = await this.owned(identity, id);
    const payload = readJobInput(exportJob, job.payload);
    if (job.state !== 'completed') throw new ConflictException(exportMessages.notReady);
    if (payload.fileRemoved || payload.format === 'sheets') throw new GoneException(exportMessages.fileRemoved);
    // The completed record's attempts is the attempt that published its file.
    const key = exportFileKey(identity.user.id, id, payload.format, job.attempts);
    const bytes = await this.files.size(key);
    if (bytes === null) throw new GoneException(exportMessages.fileRemoved);
    const fileName = `${payload.fileName}.${payload.format}`;
    const redirect = await this.files.downloadUrl(key, fileName, presignedDownloadSeconds, exportContentTypes[payload.format]);
    if (redirect) return { redirect, fileName, format: payload.format, bytes };
    return { stream: await this.files.read(key), fileName, format: payload.format, bytes };
  }

  /** A Sheets export needs Google configured on the server and an authorisation of this user (docs/product/account-exports-reports.md §6). */
  private async requireGoogle(identity: Identity): Promise<void> {
    if (!this.google.configured) throw new ServiceUnavailableException({ statusCode: 503, message: googleSheetsMessages.notConfigured, errors: [googleSheetsMessages.notConfigured] });
    if (!(await this.google.has(identity.user.id))) {
      throw new ForbiddenException({ statusCode: 403, message: googleSheetsMessages.notAuthorised, errors: [googleSheetsMessages.notAuthorised], data: { googleAuthorizationRequired: true } });
    }
  }

  private present(job: OwnedJobStatus): ExportStatus {
    return this.presenters[exportJob.name](job);
  }

  private owned(identity: Identity, id: string): Promise<OwnedJobStatus> {
    return ownedJob(this.jobs, exportJob, identity.user.id, id, exportMessages.notFound);
  }

  private async prepare(table: Parameters<typeof prepareExport>[1], params: Record<string, unknown>) {
    try {
      const { input, ...prepared } = await prepareExport(this.sql, table, params);
      const { startRow: _startRow, pageSize: _pageSize, ...rest } = input as Record<string, unknown>;
      return { prepared, input: rest };
    } catch (error) {
      if (error instanceof ZodError) throw badRequest(error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)));
      if (error instanceof ResearchQueryError) throw badRequest([error.message]);
      throw error;
    }
  }
}

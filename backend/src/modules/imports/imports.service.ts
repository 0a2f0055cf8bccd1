import { ConflictException, ForbiddenException, GoneException, Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import { exportMessages, importJob, importMaxBytes, waitInWords, importMessages, type Environment, type ImportStatus } from '@serpwise/contracts';
import { JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import { historyExportCsv, openPgPool, removeWarehouseSource, type RemovalResult } from '@serpwise/research';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import pg from 'pg';
import { DownloadLinks, ENVIRONMENT, FileStore, JobStarter } from '@serpwise/platform';
import { importErrorReportKey, importErrorReportPath, importFileKey, JOB_PRESENTERS, type JobPresenters } from '@serpwise/domain';
import { LimitExceeded } from '../limits/limit-exceeded.js';
import { limitMessages, planOf } from '../limits/limit-messages.js';
import { Limits } from '../limits/limits.service.js';
import { cancelOwnedJob, ownedJob } from '../jobs/owned-job.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { receiveImportUpload } from './import-upload.js';

/**
 * File imports (issue 8): receive the upload into the file store, record the import (data_import + job_record, the
 * same backbone as exports) and queue it; list, report and delete the owner's imports — deleting one removes every
 * row it brought (its data_source) and its files. Also the full-history export of the owner's search results.
 */
@Injectable()
export class ImportsService implements OnModuleDestroy {
  /** Warehouse removals and the history cursor need a plain connection (transactions, COPY-era SQL). */
  private readonly pool: pg.Pool;

  constructor(
    private readonly jobs: JobRecordRepository,
    private readonly starter: JobStarter,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    private readonly links: DownloadLinks,
    private readonly files: FileStore,
    private readonly realtime: RealtimeGateway,
    private readonly limits: Limits,
    @Inject(ENVIRONMENT) environment: Environment,
  ) {
    // A dropped connection fails the request using it (503) and never the process (pg-pool.ts).
    const logger = new Logger(ImportsService.name);
    this.pool = openPgPool({ connectionString: environment.DATABASE_URL, max: 3, application_name: 'serpwise-api-imports' }, (error) =>
      logger.warn(`PostgreSQL dropped an imports connection: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }

  async start(session: RequestSession, identity: Identity, request: Request): Promise<ImportStatus> {
    const userId = identity.user.id;
    const id = randomUUID();
    const upload = await this.receiveWithinQuota(identity, request, importFileKey(userId, id));
    const input = {
      format: upload.options.format,
      fileName: upload.fileName,
      fileBytes: upload.bytes,
      territory: upload.options.territory,
      domain: upload.options.domain,
      date: upload.options.date,
    };
    await this.pool.query(
      `insert into data_import (id, user_id, format, file_name, file_key, file_bytes, file_hash, options, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, now())`,
      [id, userId, input.format, input.fileName, importFileKey(userId, id), upload.bytes, upload.sha256,
        JSON.stringify({ territory: input.territory, domain: input.domain, date: input.date })]);
    // Redis away: the record fails ('could not be queued'; the upload is swept with it) and the request answers 503.
    const { job } = await this.starter.start(importJob, { id, owner: { sessionId: session.id, userId }, input, total: upload.bytes, whenQueueDown: 'fail' });
    return this.present(job);
  }

  /**
   * The daily quotas of the plan (files and bytes): the file is counted first; the upload stops at the bytes left
   * today, and its size is then counted in one atomic step, so parallel uploads cannot pass the quota together.
   * A refused or failed upload stores nothing and gives its counts back.
   */
  private async receiveWithinQuota(identity: Identity, request: Request, key: string) {
    const userId = identity.user.id;
    const plan = planOf(identity);
    const files = this.limits.rules.importFiles(plan);
    const bytes = this.limits.rules.importBytes(plan);
    await this.limits.enforce(files, userId, limitMessages.importFiles);
    let counted = 0;
    try {
      const left = await this.limits.remaining(bytes, userId);
      const overQuota = async () => {
        const seconds = await this.limits.resetsIn(bytes, userId);
        return new LimitExceeded(limitMessages.importBytes(bytes.points, waitInWords(seconds)), seconds);
      };
      if (left <= 0) throw await overQuota();
      const quotaError = left < importMaxBytes ? await overQuota() : undefined;
      const upload = await receiveImportUpload(request, this.files, key, Math.min(left, importMaxBytes), quotaError && (() => quotaError));
      if (upload.bytes > 0) {
        const decision = await this.limits.consume(bytes, userId, upload.bytes);
        counted = upload.bytes;
        if (!decision.allowed) {
          await this.files.remove(key);
          throw await overQuota();
        }
      }
      return upload;
    } catch (error) {
      if (counted) await this.limits.refund(bytes, userId, counted);
      await this.limits.refund(files, userId);
      throw error;
    }
  }

  async list(identity: Identity): Promise<ImportStatus[]> {
    const jobs = await this.jobs.listByUser(identity.user.id, importJob.name, 100);
    return jobs.map((job) => this.present(job));
  }

  async status(identity: Identity, id: string): Promise<ImportStatus> {
    return this.present(await this.owned(identity, id));
  }

  /** The error report (line, reason) behind a signed link, for its owner only. */
  async errorReport(identity: Identity, id: string, link: { expires?: unknown; signature?: unknown }): Promise<{ stream: Readable; bytes: number | null }> {
    const check = this.links.check(importErrorReportPath(id), identity.user.id, link.expires, link.signature);
    if (check === 'invalid') throw new ForbiddenException(exportMessages.linkInvalid);
    if (check === 'expired') throw new GoneException(exportMessages.linkExpired);
    await this.owned(identity, id);
    const key = importErrorReportKey(identity.user.id, id);
    const bytes = await this.files.size(key);
    if (bytes === null) throw new NotFoundException(importMessages.noErrors);
    return { stream: await this.files.read(key), bytes };
  }

  /**
   * Stops a queued or running import. The worker sees it at its next progress report and rolls its transaction back,
   * so a cancelled import lands nothing; the browser hears of the cancel now.
   */
  async cancel(identity: Identity, id: string): Promise<ImportStatus> {
    await this.owned(identity, id);
    return cancelOwnedJob(this.jobs, this.realtime, id, importMessages.notCancellable, (job) => this.present(job));
  }

  /** Removes the import and everything it brought: its warehouse rows (and the keywords, pages, sites only it used), its files, its record. */
  async remove(identity: Identity, id: string): Promise<{ deleted: true; removed: RemovalResult | null }> {
    const job = await this.owned(identity, id);
    if (job.state === 'queued' || job.state === 'active') throw new ConflictException(importMessages.stillRunning);
    const client = await this.pool.connect();
    let removed: RemovalResult | null = null;
    try {
      const { rows } = await client.query<{ source_id: number | null; file_key: string; error_report_key: string | null }>(
        'select source_id, file_key, error_report_key from data_import where id = $1 and user_id = $2', [id, identity.user.id]);
      const row = rows[0];
      if (row?.source_id !== null && row?.source_id !== undefined) removed = await removeWarehouseSource(client, row.source_id);
      await client.query('delete from data_import where id = $1', [id]);
      await client.query('delete from job_record where id = $1', [id]);
    } finally {
      client.release();
    }
    await this.files.remove(importFileKey(identity.user.id, id));
    await this.files.remove(importErrorReportKey(identity.user.id, id));
    return { deleted: true, removed };
  }

  /** Every search result the user owns, as a SERP file (CSV), streamed from a cursor. */
  async history(identity: Identity): Promise<Readable> {
    const client = await this.pool.connect();
    const stream = Readable.from(historyExportCsv(client, identity.user.id));
    let released = false;
    const release = () => {
      if (!released) client.release();
      released = true;
    };
    stream.once('close', release);
    stream.once('error', release);
    return stream;
  }

  private present(job: OwnedJobStatus): ImportStatus {
    return this.presenters[importJob.name](job);
  }

  private owned(identity: Identity, id: string): Promise<OwnedJobStatus> {
    return ownedJob(this.jobs, importJob, identity.user.id, id, importMessages.notFound);
  }
}

import { ConflictException, ForbiddenException, GoneException, Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import {
  exportMessages, importDeleteJob, importDeleteKey, importDeletionCheckpoint, importDeletionMessages, importInspectZipBytes, importJob, importMaxBytes, isFinished,
  readJobInput, unmetImportDetail, waitInWords, importMessages, type Environment, type ImportDeletionStatus, type ImportInspection, type ImportStatus,
} from '@serpwise/contracts';
import { JobRecordRepository, type OwnedJobStatus } from '@serpwise/database';
import { historyExportCsv, inspectImport, openPgPool } from '@serpwise/research';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import pg from 'pg';
import { DownloadLinks, ENVIRONMENT, FileStore, JobStarter } from '@serpwise/platform';
import { importErrorReportKey, importErrorReportPath, importFileKey, JOB_PRESENTERS, presentImportDeletion, type JobPresenters } from '@serpwise/domain';
import { LimitExceeded } from '../limits/limit-exceeded.js';
import { limitMessages, planOf } from '../limits/limit-messages.js';
import { Limits } from '../limits/limits.service.js';
import { cancelOwnedJob, ownedJob } from '../jobs/owned-job.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { badRequest } from '../../common/bad-request.js';
import { receiveImportUpload, type ReceivedUpload } from './import-upload.js';
import { receiveInspectionHead } from './inspect-upload.js';

/**
 * File imports (issue 8): receive the upload into the file store, record the import (data_import + job_record, the
 * same backbone as exports) and queue it; list, report and delete the owner's imports — deleting one is a job
 * (import.delete) that removes every row it brought (its data_source) and its files. Also the full-history export
 * of the owner's search results.
 */
@Injectable()
export class ImportsService implements OnModuleDestroy {
  /** The data_import rows and the history cursor use a plain connection (the cursor holds it while it streams). */
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
    this.pool = openPgPool({ connectionString: environment.DATABASE_URL, max: environment.DATABASE_IMPORTS_POOL_MAX, application_name: 'serpwise-api-imports' }, (error) =>
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
      dateFrom: upload.options.dateFrom,
      dateTo: upload.options.dateTo,
    };
    await this.pool.query(
      `insert into data_import (id, user_id, format, file_name, file_key, file_bytes, file_hash, options, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, now())`,
      [id, userId, input.format, input.fileName, importFileKey(userId, id), upload.bytes, upload.sha256,
        JSON.stringify({ territory: input.territory, domain: input.domain, date: input.date, dateFrom: input.dateFrom, dateTo: input.dateTo })]);
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
      const unmet = await this.unmetDetail(upload, key);
      if (unmet) {
        await this.files.remove(key);
        throw badRequest([unmet]);
      }
      return upload;
    } catch (error) {
      if (counted) await this.limits.refund(bytes, userId, counted);
      await this.limits.refund(files, userId);
      throw error;
    }
  }

  /** What the import form must ask for a file, from its head; stores nothing. */
  async inspect(identity: Identity, request: Request): Promise<ImportInspection> {
    await this.limits.enforce(this.limits.rules.importInspections(), identity.user.id, limitMessages.importInspections);
    const { format, head } = await receiveInspectionHead(request);
    return inspectImport(format, head);
  }

  /**
   * The upload's own inspection (docs/product/imports.md): a file that needs a detail the request did not give is
   * refused now with the form's words. Read from the head kept while storing it, or the stored ZIP when it is small
   * enough to read whole; a file the inspection refuses goes on, and the job refuses it with the parser's words.
   */
  private async unmetDetail(upload: ReceivedUpload, key: string): Promise<string | null> {
    const isZip = upload.head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    if (isZip && upload.bytes > importInspectZipBytes) return null;
    let bytes = upload.head;
    if (isZip && upload.bytes > upload.head.length) {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.files.read(key)) chunks.push(chunk as Buffer);
      bytes = Buffer.concat(chunks);
    }
    const inspection = await inspectImport(upload.options.format, { bytes: new Uint8Array(bytes), fileName: upload.fileName, complete: bytes.length >= upload.bytes });
    return inspection.problem ? null : unmetImportDetail(inspection, upload.options);
  }

  async list(identity: Identity): Promise<ImportStatus[]> {
    const jobs = await this.jobs.listByUser(identity.user.id, importJob.name, 100);
    return this.withDeletions(identity.user.id, jobs.map((job) => this.present(job)));
  }

  async status(identity: Identity, id: string): Promise<ImportStatus> {
    const [status] = await this.withDeletions(identity.user.id, [this.present(await this.owned(identity, id))]);
    return status!;
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
    const job = await this.owned(identity, id);
    if (isFinished(job.state)) return this.cancelDeletion(identity, job);
    return cancelOwnedJob(this.jobs, this.realtime, id, importMessages.notCancellable, (job) => this.present(job));
  }

  /**
   * Stops a finished import's running deletion (issue 19): its transaction is rolled back at the next batch, so the
   * import stays whole. Refused (409) once the deletion has committed its removal, or when none runs.
   */
  private async cancelDeletion(identity: Identity, job: OwnedJobStatus): Promise<ImportStatus> {
    const running = (await this.deletionsOf(identity.user.id, [job.id])).get(job.id);
    const cancelled = running && !isFinished(running.state) ? await this.jobs.cancel(running.id, importDeletionCheckpoint) : null;
    if (!cancelled) throw new ConflictException(running ? importDeletionMessages.notCancellable : importMessages.notCancellable);
    const deletion = presentImportDeletion(cancelled);
    this.realtime.jobUpdated(cancelled.owner, deletion);
    return { ...this.present(job), deletion };
  }

  /**
   * Starts the deletion of a finished import (issue 19): a job on the imports queue that removes everything the
   * import brought, with live progress; answered at once with the deletion's status. A second DELETE while one runs
   * answers the running one.
   */
  async remove(session: RequestSession, identity: Identity, id: string): Promise<ImportDeletionStatus> {
    const job = await this.owned(identity, id);
    if (!isFinished(job.state)) throw new ConflictException(importMessages.stillRunning);
    const { job: deletion } = await this.starter.start(importDeleteJob, {
      owner: { sessionId: session.id, userId: identity.user.id },
      input: { importId: id, fileName: readJobInput(importJob, job.payload).fileName },
      // The worker counts the rows (observations and monthly rows) when it starts.
      total: 0,
      dedupeKey: importDeleteKey(id),
      whenQueueDown: 'fail',
    });
    return presentImportDeletion(deletion);
  }

  /** The import's deletion as its row shows it: while it runs, or the last one when it failed. */
  private async deletionsOf(userId: string, importIds: string[]): Promise<Map<string, ImportDeletionStatus>> {
    const latest = await this.jobs.latestForPayloadValues(importDeleteJob.name, 'importId', importIds);
    const shown = new Map<string, ImportDeletionStatus>();
    for (const [importId, deletion] of latest) {
      if (deletion.owner.userId === userId && ['queued', 'active', 'failed'].includes(deletion.state)) shown.set(importId, presentImportDeletion(deletion));
    }
    return shown;
  }

  private async withDeletions(userId: string, imports: ImportStatus[]): Promise<ImportStatus[]> {
    const deletions = await this.deletionsOf(userId, imports.map((item) => item.id));
    return imports.map((item) => ({ ...item, deletion: deletions.get(item.id) ?? null }));
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

import type { EntityManager } from '@mikro-orm/postgresql';
import {
  exportJob,
  exportRowLimitOf,
  hasFullPlan,
  spreadsheetCell,
  type CellValue,
  type ExportJobInput,
  type ExportResult,
  type JobPayload,
} from '@serpwise/contracts';
import { columnHeader, isExportTableId, prepareExport, scopeBuiltQuery, sqlFromPg, viewerScopedSql, type PreparedExport } from '@serpwise/research';
import { type FileStore, type FileUpload, GoogleApiError, GoogleNotAuthorisedError, type SheetsClient } from '@serpwise/platform';
import { exportFileKey } from '@serpwise/domain';
import type pg from 'pg';
import { UnrecoverableError } from 'bullmq';
import { jobOwnerAccount } from '../jobs/owner-plan.js';
import { ownerOfJob, recordedJob } from '../jobs/recorded-job.js';
import { JobCancelledError, type JobContext, type JobHandler, type UnpublishedRun } from '../jobs/job-handler.js';
import { CsvWriter } from '../renderers/csv-writer.js';
import type { TableWriter } from '../renderers/table-writer.js';
import { XlsxWriter } from '../renderers/xlsx-writer.js';
import { SheetsWriter } from '../renderers/sheets-writer.js';
import { copyBatches, cursorBatches } from './table-batches.js';

/**
 * Rows handed to the writer at a time (and fetched at once from a cursor), each batch preceded by the cancel check:
 * few writes and checks (100 for 500,000 rows; each is a database round trip), flat memory, and no more than one
 * Sheets append (sheetsAppendRows, 5,000) between two checks.
 */
export const exportBatchRows = 5_000;
/**
 * XLSX batches are smaller: each batch's rows become sheet XML as well, and with 5,000-row batches the worker's peak
 * RSS passed 400 MB on a quiet machine (docs/benchmarks.md) while 2,000 kept it near 380 MB.
 */
export const xlsxBatchRows = 2_000;
/** Progress is written (row, socket event) at most this often, and at the end. */
const progressEveryMs = 400;

/** PostgreSQL types whose values node-postgres hands over as text but that are numbers (int8, numeric). */
const numericTextTypes = new Set([20, 1700]);

/**
 * Streams one research table into a CSV or XLSX file: the table's whole query (the user's sort and filter, no page
 * window) read through a server-side cursor in batches, each row neutralised against formula injection, written
 * to the file store as it goes. The owner's plan is read again here, so the allowance and the withholding of paid
 * columns apply at run time too. A cancelled job stops within one batch (its record is read every batch) and leaves no file.
 */
export class ExportProcessor implements JobHandler<typeof exportJob> {
  readonly contract = exportJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly pool: pg.Pool,
    private readonly files: FileStore,
    private readonly options: {
      batchRows?: number;
      maxExportRows?: number;
      /** A Sheets client acting as the export's owner (their stored Google authorisation); absent: Sheets exports fail. */
      sheetsFor?: (userId: string) => Promise<SheetsClient>;
      sheetsAppendRows?: number;
    } = {},
  ) {}

  async handle(payload: JobPayload<typeof exportJob>, context: JobContext): Promise<ExportResult> {
    const em = this.em();
    const { input: job, ownerUserId } = await recordedJob(em, exportJob, payload.jobId);
    if (!isExportTableId(job.table)) throw new UnrecoverableError(`Unknown export table ${job.table}`);
    const owner = await jobOwnerAccount(em, ownerUserId);

    // The allowance as the plan stands now; a plan that lapsed since the request exports what the table shows a free user.
    const full = hasFullPlan(owner.planRoles);
    const planLimit = exportRowLimitOf(owner.planRoles, this.options.maxExportRows);
    const limits = [job.rowLimit, planLimit].filter((limit): limit is number => limit !== null);
    // The export reads what its owner's research screens read: installation data and their own imports.
    const unscoped = await prepareExport(viewerScopedSql(sqlFromPg(this.pool), () => ownerUserId), job.table, job.params);
    const prepared = { ...unscoped, query: unscoped.query && scopeBuiltQuery(unscoped.query, ownerUserId) };
    if (job.format === 'sheets') return this.toSheets(ownerUserId, job, prepared, { limits, full }, context);
    const writerFor = (stream: FileUpload['stream']): TableWriter => (job.format === 'xlsx' ? new XlsxWriter(stream) : new CsvWriter(stream));

    // This attempt's own file: a run fenced off after a lost lock may still be writing its own, never this one.
    const upload = await this.files.create(exportFileKey(ownerUserId, payload.jobId, job.format, context.attempt));
    try {
      const writer = writerFor(upload.stream);
      const rowLimit = Math.min(writer.maxRows, ...limits);
      const total = Math.min(job.tableRows, rowLimit);
      const { rows, truncated } = await this.stream(prepared, writer, { rowLimit, total, withhold: full ? [] : prepared.paidColumns }, context);
      await writer.finish();
      upload.stream.end();
      const { bytes } = await upload.commit();
      return { format: job.format, fileName: `${job.fileName}.${job.format}`, rows, bytes, truncated };
    } catch (error) {
      await upload.abort();
      throw error;
    }
  }

  /**
   * The file was complete but not published (the job was cancelled meanwhile, or another run owns it now): this
   * attempt's file goes. A Sheets export's spreadsheet stays (our Google scope cannot delete files).
   */
  async discard(payload: JobPayload<typeof exportJob>, result: ExportResult, unpublished: UnpublishedRun): Promise<void> {
    if (result.format === 'sheets') return;
    const ownerUserId = await ownerOfJob(this.em(), payload.jobId);
    if (ownerUserId) await this.files.remove(exportFileKey(ownerUserId, payload.jobId, result.format, unpublished.attempt));
  }

  /**
   * A Sheets export: the rows go into a new spreadsheet in the owner's Google Drive (their own authorisation, never
   * anyone else's). A refused authorisation or request does not retry the job (it would make another spreadsheet);
   * rate limits are handled inside the client. A cancel stops it before the next append (checked every batch); the
   * spreadsheet made so far stays in the owner's Drive with the rows sent before it: our Google scope
   * (spreadsheets) cannot delete files.
   */
  private async toSheets(userId: string, job: ExportJobInput, prepared: PreparedExport, plan: { limits: number[]; full: boolean }, context: JobContext): Promise<ExportResult> {
    if (!this.options.sheetsFor) throw new UnrecoverableError('Google Sheets is not configured on this worker');
    try {
      const writer = new SheetsWriter(await this.options.sheetsFor(userId), job.fileName, this.options.sheetsAppendRows);
      const rowLimit = Math.min(writer.maxRows, ...plan.limits);
      const total = Math.min(job.tableRows, rowLimit);
      const { rows, truncated } = await this.stream(prepared, writer, { rowLimit, total, withhold: plan.full ? [] : prepared.paidColumns }, context);
      await writer.finish();
      return { format: 'sheets', fileName: job.fileName, rows, bytes: 0, truncated, url: writer.url ?? undefined };
    } catch (error) {
      if (error instanceof GoogleNotAuthorisedError) throw new UnrecoverableError('The owner has no Google authorization');
      if (error instanceof GoogleApiError && error.status !== 429 && error.status < 500) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  private async stream(
    prepared: PreparedExport,
    writer: TableWriter,
    limits: { rowLimit: number; total: number; withhold: readonly string[] },
    context: JobContext,
  ): Promise<{ rows: number; truncated: boolean }> {
    const batchRows = this.options.batchRows ?? (writer instanceof XlsxWriter ? xlsxBatchRows : exportBatchRows);
    let written = 0;
    let truncated = false;
    let columns: string[] | null = null;
    let lastReport = 0;
    // Every batch asks whether the job is still wanted: a progress report when one is due (it answers that too),
    // else one primary-key read. So a cancel stops the export within one batch.
    const report = async (force = false) => {
      const due = force || Date.now() - lastReport >= progressEveryMs;
      if (due) lastReport = Date.now();
      const active = due
        ? await context.progress(written, Math.max(limits.total, written), `Writing rows: ${written.toLocaleString('en-US')} of ${limits.total.toLocaleString('en-US')}`)
        : await context.stillActive();
      if (!active) throw new JobCancelledError();
    };
    await report(true);

    if (!prepared.query) {
      await writer.header([]);
      return { rows: 0, truncated: false };
    }
    const client = await this.pool.connect();
    // Decorated rows need more queries per batch on the same snapshot: a cursor. Every other table: COPY, which lets
    // PostgreSQL use parallel workers and sends rows as plain text (table-batches.ts).
    const { sql, params, decorate } = prepared.query;
    const copy = decorate ? null : copyBatches(client, sql, params, batchRows);
    const batches = copy ? copy.batches : cursorBatches(client, sql, params, batchRows);
    let broken: Error | undefined;
    try {
      for await (const batch of batches) {
        // Still wanted? Asked before the batch is written, so nothing goes out (no row, no Sheets append) after a cancel.
        await report();
        const numeric = new Set(batch.fields.filter((field) => numericTextTypes.has(field.dataTypeID)).map((field) => field.name));
        for (const raw of batch.rows) for (const name of numeric) if (typeof raw[name] === 'string') raw[name] = Number(raw[name]);
        // Columns too costly for every row of the table (the ranking history) are added batch by batch.
        const fetched = decorate ? await decorate(sqlFromPg(client), batch.rows) : batch.rows;
        const rows = fetched.map((raw) => {
          const row = (prepared.map ? prepared.map(raw) : raw) as Record<string, unknown>;
          for (const column of limits.withhold) if (column in row) row[column] = null;
          return row;
        });
        if (columns === null) {
          columns = rows[0] ? Object.keys(rows[0]) : batch.fields.map((field) => field.name);
          await writer.header(columns.map(columnHeader));
        }
        const room = limits.rowLimit - written;
        const take = rows.slice(0, room);
        await writer.rows(take.map((row) => columns!.map((column): CellValue => spreadsheetCell(row[column]))));
        written += take.length;
        if (rows.length > room) {
          truncated = true;
          break;
        }
      }
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      // A COPY left before its end keeps the connection busy: closing it is the only way to stop it.
      client.release(copy?.abandoned() ? (broken ?? new Error('COPY stopped early')) : broken);
    }
    await report(true);
    return { rows: written, truncated };
  }
}


import type { EntityManager } from '@mikro-orm/postgresql';
import {
  exportAllowanceOf,
  exportJob,
  hasFullPlan,
  spreadsheetCell,
  visibleRowAllowance,
  type CellValue,
  type ExportResult,
  type JobPayload,
} from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import { columnHeader, isExportTableId, prepareExport, sqlFromPg, toNumberedPlaceholders, type PreparedExport } from '@serpwise/research';
import { exportFileKey, exportPayloadOf, GoogleApiError, GoogleNotAuthorisedError, type ExportPayload, type FileStore, type FileUpload, type SheetsClient } from '@serpwise/backend/platform';
import type pg from 'pg';
import { UnrecoverableError } from 'bullmq';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { CsvWriter } from '../renderers/csv-writer.js';
import type { TableWriter } from '../renderers/table-writer.js';
import { XlsxWriter } from '../renderers/xlsx-writer.js';
import { SheetsWriter } from '../renderers/sheets-writer.js';

/** Rows fetched from the cursor at a time: large enough to keep round trips few, small enough to keep memory flat. */
export const exportBatchRows = 2_000;
/** Progress is written (row, socket event) at most this often, and at the end. */
const progressEveryMs = 400;

/** PostgreSQL types whose values node-postgres hands over as text but that are numbers (int8, numeric). */
const numericTextTypes = new Set([20, 1700]);

interface Owner {
  planRoles: string[];
}

/**
 * Streams one research table into a CSV or XLSX file: the table's whole query (the user's sort and filter, no page
 * window) read through a server-side cursor in batches, each row neutralised against formula injection, written
 * to the file store as it goes. The owner's plan is read again here, so the allowance and the withholding of paid
 * columns apply at run time too. A cancelled job stops at its next progress report and leaves no file.
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
    const record = await new JobRecordRepository(em).findById(payload.jobId);
    if (!record?.owner.userId) throw new UnrecoverableError('The export has no record or no owner');
    const job = exportPayloadOf(record);
    if (!isExportTableId(job.table)) throw new UnrecoverableError(`Unknown export table ${job.table}`);
    const owner = await this.ownerOf(em, record.owner.userId);

    // The allowance as the plan stands now; a plan that lapsed since the request exports what the table shows a free user.
    const full = hasFullPlan(owner.planRoles);
    const allowance = exportAllowanceOf(owner.planRoles, this.options.maxExportRows);
    const planLimit = !full ? visibleRowAllowance.free : allowance.hasUnlimitedExportRows ? null : allowance.maxExportRows;
    const limits = [job.rowLimit, planLimit].filter((limit): limit is number => limit !== null);
    const prepared = await prepareExport(sqlFromPg(this.pool), job.table, job.params);
    if (job.format === 'sheets') return this.toSheets(record.owner.userId, job, prepared, { limits, full }, context);
    const writerFor = (stream: FileUpload['stream']): TableWriter => (job.format === 'xlsx' ? new XlsxWriter(stream) : new CsvWriter(stream));

    const upload = await this.files.create(exportFileKey(record.owner.userId, payload.jobId, job.format as 'csv' | 'xlsx'));
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
   * A Sheets export: the rows go into a new spreadsheet in the owner's Google Drive (their own authorisation, never
   * anyone else's). A refused authorisation or request does not retry the job (it would make another spreadsheet);
   * rate limits are handled inside the client.
   */
  private async toSheets(userId: string, job: ExportPayload, prepared: PreparedExport, plan: { limits: number[]; full: boolean }, context: JobContext): Promise<ExportResult> {
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
    const batchRows = this.options.batchRows ?? exportBatchRows;
    let written = 0;
    let truncated = false;
    let columns: string[] | null = null;
    let lastReport = 0;
    const report = async (force = false) => {
      if (!force && Date.now() - lastReport < progressEveryMs) return;
      lastReport = Date.now();
      const active = await context.progress(written, Math.max(limits.total, written), `Writing rows: ${written.toLocaleString('en-US')} of ${limits.total.toLocaleString('en-US')}`);
      if (!active) throw new JobCancelledError();
    };
    await report(true);

    if (!prepared.query) {
      await writer.header([]);
      return { rows: 0, truncated: false };
    }
    const client = await this.pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      await client.query(`declare export_rows no scroll cursor for ${toNumberedPlaceholders(prepared.query.sql)}`, prepared.query.params as unknown[]);
      for (;;) {
        const batch = await client.query(`fetch ${batchRows} from export_rows`);
        const numeric = new Set(batch.fields.filter((field) => numericTextTypes.has(field.dataTypeID)).map((field) => field.name));
        for (const raw of batch.rows as Record<string, unknown>[]) for (const name of numeric) if (typeof raw[name] === 'string') raw[name] = Number(raw[name]);
        // Columns too costly for every row of the table (the ranking history) are added batch by batch.
        const fetched = prepared.query.decorate ? await prepared.query.decorate(sqlFromPg(client), batch.rows) : (batch.rows as Record<string, unknown>[]);
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
        if (batch.rows.length < batchRows) break;
        await report();
      }
      await client.query('close export_rows');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    await report(true);
    return { rows: written, truncated };
  }

  private async ownerOf(em: EntityManager, userId: string): Promise<Owner> {
    const [row] = await em.execute<{ roles: string[]; parent_roles: string[] | null }[]>(
      `select u.roles, p.roles as parent_roles from app_user u left join app_user p on p.id = u.parent_user_id where u.id = ?`,
      [userId],
    );
    if (!row) throw new UnrecoverableError('The export owner no longer exists');
    // A child account uses its parent's plan (as the API's identity loader does).
    const planRoleNames = new Set(['free', 'full', 'recon_full']);
    const planRoles = row.parent_roles
      ? [...row.parent_roles.filter((role) => planRoleNames.has(role)), ...row.roles.filter((role) => !planRoleNames.has(role))]
      : row.roles;
    return { planRoles };
  }
}

export type { ExportPayload };

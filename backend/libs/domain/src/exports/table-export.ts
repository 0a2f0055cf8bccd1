import {
  exportResumeCheckpoint,
  exportRowLimitOf,
  exportSpreadsheetCheckpoint,
  hasFullPlan,
  type ExportFileFormat,
  type ExportJobInput,
  type ExportResult,
  type ExportResumePoint,
  type ExportSpreadsheet,
  type ResearchTableId,
} from '@serpwise/contracts';
import { type FileStore, type FileUpload, GoogleApiError, GoogleNotAuthorisedError, type ResumableUpload, type SheetsClient } from '@serpwise/platform';
import {
  columnHeader,
  exportProvenance,
  keysetColumns,
  keysetFrom,
  prepareExport,
  provenanceColumns,
  rowProvenance,
  rowSourceColumn,
  scopeBuiltQuery,
  sqlFromPg,
  viewerScopedSql,
  type ExportProvenance,
  type KeyValues,
  type PreparedExport,
  type RowProvenance,
} from '@serpwise/research';
import { UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import { JobCancelledError, type JobRun } from '../jobs/job-run.js';
import { exportFingerprint, resumePointOf, sameKey, spreadsheetOf, tiesAtEnd } from './export-resume.js';
import { exportFileKey } from './export-status.js';
import { batchCellsFor, exportColumns, provenanceTails } from './export-row-cells.js';
import { copyCsvLines, copySourceValue } from './copy-csv.js';
import { defaultYieldRule, ExportYield, researchActivity, YieldShare, type ResearchActivity, type YieldRule } from './export-yield.js';
import { parallelWorkersAsConfigured, researchRecentMs, researchSinceRequest, withoutParallelWorkers } from './export-priority.js';
import { batchTextBytes, copyBatchTextBytes, copyLineBatches, cursorBatches, LineBatch, numericTextTypes, parsedBatch, parsersOf, type BatchFields, type RowBatch } from './table-batches.js';
import { CsvWriter } from './writers/csv-writer.js';
import { SheetsWriter, sheetsAppendRows } from './writers/sheets-writer.js';
import type { TableWriter, WriterCheckpoint } from './writers/table-writer.js';
import { XlsxWriter } from './writers/xlsx-writer.js';

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

/**
 * A resumable export commits (syncs its file, then saves the checkpoint) after a batch once this long has passed
 * since the last commit began. The commit runs beside the writing, one at a time, so its wait for the file and its
 * UPDATE do not hold the rows up: with 0 it commits as often as that allows (about every batch or two: 5,000-10,000
 * rows, tens of ms of work), and a killed worker's retry writes again only what came after the last commit. At
 * 250 ms it lost ~45,000 rows at 150,000 rows/s (docs/benchmarks.md).
 */
const checkpointEveryMs = 0;

/** The commit an attempt makes at once when it takes an earlier attempt's committed work over. */
const commitPointOf = (from: ExportResumePoint): CommitPoint => ({ rows: from.rows, columns: from.columns, lastKey: from.lastKey, ties: from.ties, zip: from.zip, sheet: from.sheet, sharedStrings: from.sharedStrings });

/** The session setting an export's statements run under, and the one its connection goes back to the pool with. */
const withoutJit = 'set jit = off';
const jitAsConfigured = 'reset jit';


export interface TableExportOptions {
  batchRows?: number;
  maxExportRows?: number;
  /** A Sheets client acting as the export's owner (their stored Google authorisation); absent: Sheets exports fail. */
  sheetsFor?: (userId: string) => Promise<SheetsClient>;
  sheetsAppendRows?: number;
  /** How often a resumable export commits its progress; checkpointEveryMs when absent. */
  checkpointEveryMs?: number;
  /** Research asked this recently makes the export's statement run without parallel workers (researchRecentMs when absent; 0: never). */
  yieldToResearchMs?: number;
  /** How the export waits between batches while research is being answered (defaultYieldRule when absent; null: never). */
  yieldRule?: YieldRule | null;
}

/** How a resumable export goes on from an earlier attempt and commits its own progress. */
interface Resumption {
  /** Where the earlier attempt's committed file ends; null: this attempt starts at the header. */
  from: ExportResumePoint | null;
  /** Columns of the query's order, whose text each batch carries (keysetColumns). */
  keyColumns: readonly string[];
  /** Syncs what was written and saves the checkpoint; throws JobCancelledError when the run no longer owns the job. */
  commit(point: CommitPoint): Promise<void>;
}

/** What one commit records besides the file's bytes: the rows written, where the read stands, the writer's state. */
type CommitPoint = Pick<ExportResumePoint, 'rows' | 'columns' | 'lastKey' | 'ties'> & WriterCheckpoint;

/**
 * A table's whole query with what the export adds to every row: its data's source and date — the file's (for the
 * resume fingerprint, and for rows that name no source) and each row's own, from its sources (row-provenance.ts).
 */
type ProvenancedExport = PreparedExport & { provenance: ExportProvenance; provenanceOf: RowProvenance };

/** One export job as its record and its owner's plan (read when the job runs) say. */
export interface TableExportJob {
  jobId: string;
  ownerUserId: string;
  /** The record's input, its table checked against the catalogue (isExportTableId). */
  input: ExportJobInput & { table: ResearchTableId };
  /** The owner's plan roles as they stand now. */
  planRoles: readonly string[];
}

/**
 * Streams one research table into a CSV or XLSX file, or a Google spreadsheet: the table's whole query (the user's
 * sort and filter, no page window) read in batches, each row neutralised against formula injection, written to the
 * file store as it goes. The allowance and the withholding of paid columns follow the owner's plan at run time. A
 * cancelled job stops within one batch (its record is read every batch) and leaves no file.
 */
export class TableExports {
  /** Research on the server as this process's exports see it: one question serves them all (export-yield.ts). */
  private readonly research: ResearchActivity;
  /** How exports wait for research, and the share of time this process's exports keep together (export-yield.ts); null: they never wait. */
  private readonly yielding: { rule: YieldRule; share: YieldShare } | null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly files: FileStore,
    private readonly options: TableExportOptions = {},
  ) {
    this.research = researchActivity(pool, options.yieldRule?.quietMs);
    const rule = options.yieldRule === undefined ? defaultYieldRule : options.yieldRule;
    this.yielding = rule ? { rule, share: new YieldShare(rule) } : null;
  }

  async run(job: TableExportJob, run: JobRun): Promise<ExportResult> {
    const { input, ownerUserId } = job;
    // The allowance as the plan stands now; a plan that lapsed since the request exports what the table shows a free user.
    const full = hasFullPlan(job.planRoles);
    const planLimit = exportRowLimitOf(job.planRoles, this.options.maxExportRows);
    const limits = [input.rowLimit, planLimit].filter((limit): limit is number => limit !== null);
    // The export reads what its owner's research screens read: installation data and their own imports.
    const sql = viewerScopedSql(sqlFromPg(this.pool), () => ownerUserId);
    const { input: parsed, perBatchQuery, ...every } = await prepareExport(sql, input.table, input.params);
    // A Sheets export goes at Google's pace: it reads batch by batch with a cursor (the page's statement and its
    // decorate step) rather than holding a COPY of the every-row statement open between appends.
    const unscoped = input.format === 'sheets' && perBatchQuery ? { ...every, query: perBatchQuery } : every;
    // Every row says where its figures come from and of when, as the page's label does (issue 20, point 3).
    const provenance = await exportProvenance(sql, { table: input.table, input: parsed as Record<string, unknown>, month: unscoped.month, viewerUserId: ownerUserId });
    // Each row's own sources in the page's words: one read of the sources for the whole export, none per row.
    const provenanceOf = await rowProvenance(sql, { viewerUserId: ownerUserId, month: unscoped.month, file: provenance });
    const prepared: ProvenancedExport = { ...unscoped, query: unscoped.query && scopeBuiltQuery(unscoped.query, ownerUserId), provenance, provenanceOf };
    if (input.format === 'sheets') return this.toSheets(job.jobId, ownerUserId, input, prepared, { limits, full }, run);
    const withhold = full ? [] : prepared.paidColumns;
    const format = input.format;
    const fileKey = (attempt: number) => exportFileKey(ownerUserId, job.jobId, format, attempt);
    // A CSV file is its header and its rows' lines: it can go on from any committed batch. An XLSX file can too: its
    // sheet's compressed segments each stand alone, and the checkpoint keeps the archive's state (zip-stream.ts).
    const resumable = Boolean(prepared.query?.keyset);
    const fingerprint = exportFingerprint({ format: input.format, query: prepared.query, withhold, limits, provenance });
    const earlier = resumable ? resumePointOf(run.checkpoint) : null;
    const usable = earlier && earlier.fingerprint === fingerprint && earlier.attempt < run.attempt && (format !== 'xlsx' || earlier.zip);
    const from = usable ? earlier : null;

    // This attempt's own file: a run fenced off after a lost lock may still be writing its own, never this one.
    const part: ResumableUpload | null = resumable
      ? await this.files.resume(fileKey(run.attempt), from ? { key: fileKey(from.attempt), bytes: from.bytes, scope: from.scope } : undefined)
      : null;
    const upload: FileUpload = part ?? (await this.files.create(fileKey(run.attempt)));
    // Whether the record's checkpoint names this attempt's part: only then is the part worth keeping after a failure.
    let committed = false;
    const resumption: Resumption | null = part
      ? {
          // The earlier part is gone or does not hold here (another machine or boot, swept): start over.
          from: from && part.offset === from.bytes ? from : null,
          keyColumns: keysetColumns(prepared.query!),
          commit: async (point) => {
            const { bytes, scope } = await part.sync();
            // Every commit of a resumed attempt says where it took over (the job center shows "resumed after …").
            const resumedFrom = from && part.offset === from.bytes ? from.rows : undefined;
            const saved = await run.saveCheckpoint({ [exportResumeCheckpoint]: { attempt: run.attempt, fingerprint, bytes, scope, ...point, resumedFrom } satisfies ExportResumePoint });
            if (!saved) throw new JobCancelledError();
            committed = true;
          },
        }
      : null;
    try {
      // The earlier part was taken over (and removed): the checkpoint names this attempt's copy from now on.
      if (resumption?.from) await resumption.commit(commitPointOf(resumption.from));
      const resumedAt = resumption?.from ?? null;
      const writer: TableWriter =
        format === 'xlsx'
          ? new XlsxWriter(upload.stream, resumedAt?.zip ? { zip: resumedAt.zip, bytes: resumedAt.bytes, rows: resumedAt.rows, sharedStrings: resumedAt.sharedStrings } : undefined)
          : new CsvWriter(upload.stream);
      const rowLimit = Math.min(writer.maxRows, ...limits);
      const total = Math.min(input.tableRows, rowLimit);
      const { rows, truncated } = await this.stream(job.jobId, prepared, writer, { rowLimit, total, withhold }, run, resumption);
      await writer.finish();
      upload.stream.end();
      const { bytes } = await upload.commit();
      return { format: input.format, fileName: `${input.fileName}.${input.format}`, rows, bytes, truncated };
    } catch (error) {
      // A failed attempt keeps its committed part for the retry; a cancelled one, or one that committed nothing, leaves nothing.
      if (part && committed && !(error instanceof JobCancelledError)) await part.close();
      else await upload.abort();
      throw error;
    }
  }

  /** Removes the file of one attempt of a file export that was not published (a spreadsheet cannot be removed). */
  async discard(ownerUserId: string, jobId: string, format: ExportFileFormat, attempt: number): Promise<void> {
    await this.files.remove(exportFileKey(ownerUserId, jobId, format, attempt));
  }

  /**
   * Deletes the spreadsheet a Sheets export made, once it ended failed or cancelled (the job runner's `abandoned`).
   * False when it could not: the owner's grant predates the drive.file scope (Google answers 403), or was revoked.
   */
  async removeSpreadsheet(ownerUserId: string, spreadsheet: ExportSpreadsheet): Promise<boolean> {
    if (!this.options.sheetsFor) return false;
    try {
      await (await this.options.sheetsFor(ownerUserId)).deleteSpreadsheet(spreadsheet.spreadsheetId);
      return true;
    } catch (error) {
      if (error instanceof GoogleNotAuthorisedError || error instanceof GoogleApiError) return false;
      throw error;
    }
  }

  /**
   * A Sheets export: the rows go into a new spreadsheet in the owner's Google Drive (their own authorisation, never
   * anyone else's). A refused authorisation or request does not retry the job (it would make another spreadsheet);
   * rate limits are handled inside the client. A cancel stops it before the next append (checked every batch). The
   * spreadsheet is recorded in the checkpoint as soon as Google made it, so a retry (after a crash, a retried
   * failure, or the owner's Retry) goes on in it, never in a second one; the runner deletes it when the export ends
   * failed or cancelled (`removeSpreadsheet`).
   */
  private async toSheets(jobId: string, userId: string, input: ExportJobInput, prepared: ProvenancedExport, plan: { limits: number[]; full: boolean }, run: JobRun): Promise<ExportResult> {
    if (!this.options.sheetsFor) throw new UnrecoverableError('Google Sheets is not configured on this worker');
    const withhold = plan.full ? [] : prepared.paidColumns;
    // Resumable like a file (docs/decisions.md, issue 21 item 4): the checkpoint names the spreadsheet and the rows
    // appended to it, and a retry appends the rest there instead of making a second spreadsheet.
    const fingerprint = exportFingerprint({ format: 'sheets', query: prepared.query, withhold, limits: plan.limits, provenance: prepared.provenance });
    const earlier = prepared.query?.keyset ? resumePointOf(run.checkpoint) : null;
    const usable = earlier?.sheet && earlier.fingerprint === fingerprint && earlier.attempt < run.attempt ? earlier : null;
    try {
      const sheets = await this.options.sheetsFor(userId);
      const appendRows = this.options.sheetsAppendRows ?? sheetsAppendRows;
      const resumed = usable ? await SheetsWriter.resumed(sheets, input.fileName, appendRows, { spreadsheet: usable.sheet!, rows: usable.rows, columns: usable.columns.length }) : null;
      // Recorded before any row goes in: a run that may no longer record it (cancelled, or taken over) deletes it again.
      const created = async (spreadsheet: ExportSpreadsheet) => {
        if (await run.saveCheckpoint({ [exportSpreadsheetCheckpoint]: spreadsheet })) return;
        await sheets.deleteSpreadsheet(spreadsheet.spreadsheetId).catch(() => undefined);
        throw new JobCancelledError();
      };
      const earlierSheet = resumed ? null : spreadsheetOf(run.checkpoint);
      const writer =
        resumed ??
        (earlierSheet ? SheetsWriter.reusing(sheets, input.fileName, appendRows, earlierSheet, created) : new SheetsWriter(sheets, input.fileName, appendRows, created));
      const from = resumed ? usable : null;
      const resumption: Resumption | null = prepared.query?.keyset
        ? {
            from,
            keyColumns: keysetColumns(prepared.query),
            commit: async (point) => {
              const saved = await run.saveCheckpoint({ [exportResumeCheckpoint]: { attempt: run.attempt, fingerprint, bytes: 0, scope: null, ...point, resumedFrom: from?.rows } satisfies ExportResumePoint });
              if (!saved) throw new JobCancelledError();
            },
          }
        : null;
      // Taken over: the checkpoint names this attempt from now on (as a file export's does).
      if (from) await resumption!.commit(commitPointOf(from));
      const rowLimit = Math.min(writer.maxRows, ...plan.limits);
      const total = Math.min(input.tableRows, rowLimit);
      const { rows, truncated } = await this.stream(jobId, prepared, writer, { rowLimit, total, withhold }, run, resumption);
      await writer.finish();
      return { format: 'sheets', fileName: input.fileName, rows, bytes: 0, truncated, url: writer.url ?? undefined };
    } catch (error) {
      if (error instanceof GoogleNotAuthorisedError) throw new UnrecoverableError('The owner has no Google authorization');
      if (error instanceof GoogleApiError && error.status !== 429 && error.status < 500) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  /**
   * COPY's lines straight to the CSV file's lines (copy-csv.ts), or null when the row path must write them: rows
   * mapped in JavaScript, columns named twice or named as the provenance columns (the file then places those
   * elsewhere), or a resumed file whose columns are not the ones these rows give.
   */
  private csvLinesFor(prepared: ProvenancedExport, writer: CsvWriter, fields: BatchFields, columns: readonly string[] | null, withhold: readonly string[]) {
    const names = fields.map((field) => field.name);
    if (prepared.map || new Set(names).size !== names.length || names.some((name) => (provenanceColumns as readonly string[]).includes(name))) return null;
    const fileColumns = exportColumns(undefined, names);
    if (fileColumns.length <= provenanceColumns.length) return null;
    if (columns !== null && (columns.length !== fileColumns.length || columns.some((name, index) => name !== fileColumns[index]))) return null;
    const sourceField = fields.find((field) => field.name === rowSourceColumn);
    const sourceValue = sourceField ? copySourceValue(sourceField) : null;
    const tailOf = provenanceTails();
    // Each distinct source cell's tail, encoded once (a file has a few).
    const pieces = new Map<string | undefined, string>();
    return copyCsvLines(fields, {
      tailColumn: rowSourceColumn,
      withheld: new Set(withhold),
      tailOf: (cell) => {
        let piece = pieces.get(cell);
        if (piece === undefined) {
          piece = writer.tailText(tailOf(prepared.provenanceOf(cell === undefined || !sourceValue ? undefined : sourceValue(cell))));
          pieces.set(cell, piece);
        }
        return piece;
      },
    });
  }

  private async stream(
    jobId: string,
    prepared: ProvenancedExport,
    writer: TableWriter,
    limits: { rowLimit: number; total: number; withhold: readonly string[] },
    run: JobRun,
    resumption: Resumption | null = null,
  ): Promise<{ rows: number; truncated: boolean }> {
    const batchRows = this.options.batchRows ?? (writer instanceof XlsxWriter ? xlsxBatchRows : exportBatchRows);
    const from = resumption?.from ?? null;
    // Resumed: the header and `from.rows` rows are in the file already; progress goes on from there, never from 0.
    let written = from?.rows ?? 0;
    let truncated = false;
    let columns: string[] | null = from ? [...from.columns] : null;
    // Made once the columns are known: each row's provenance cells are made (and encoded) once per source.
    let cellsOf: ReturnType<typeof batchCellsFor> | null = null;
    let lastReport = 0;
    let lastKey: KeyValues | null = from?.lastKey ?? null;
    let ties = from?.ties ?? 0;
    // Rows equal to the last written one come first in a resumed read (keysetFrom with orEqual): these are in the file.
    let skip = from?.ties ?? 0;
    let lastCommit = Date.now();
    const commitEveryMs = this.options.checkpointEveryMs ?? checkpointEveryMs;
    // The commit in flight (at most one) and what made one fail (a refused checkpoint: the job is no longer this run's).
    let committing: Promise<void> | null = null;
    const commitFailure: { error?: unknown; failed: boolean } = { failed: false };
    const commitBeside = (point: Parameters<Resumption['commit']>[0]) => {
      lastCommit = Date.now();
      // Called right after the batch's write: the sync it starts covers exactly the bytes of the rows in `point`.
      committing = resumption!
        .commit(point)
        .catch((error: unknown) => {
          commitFailure.failed = true;
          commitFailure.error = error;
        })
        .finally(() => {
          committing = null;
        });
    };
    const commitsSettled = async () => {
      await committing;
      if (commitFailure.failed) throw commitFailure.error;
    };
    // Every batch asks whether the job is still wanted: a progress report when one is due (it answers that too),
    // else one primary-key read. So a cancel stops the export within one batch.
    const report = async (force = false) => {
      const due = force || Date.now() - lastReport >= progressEveryMs;
      if (due) lastReport = Date.now();
      const active = due
        ? await run.progress(written, Math.max(limits.total, written), `Writing rows: ${written.toLocaleString('en-US')} of ${limits.total.toLocaleString('en-US')}`)
        : await run.stillActive();
      if (!active) throw new JobCancelledError();
    };
    await report(true);

    if (!prepared.query) {
      await writer.header([]);
      return { rows: 0, truncated: false };
    }
    // A resumed export reads only the rows from its last written one on, by the table's full order (keyset.ts).
    const query = from ? keysetFrom(prepared.query, from.lastKey, true) : prepared.query;
    if (!query) throw new Error('A resumed export needs its table query to carry its order');
    const keyColumns = resumption?.keyColumns ?? [];
    const client = await this.pool.connect();
    // The export's statement is planned without JIT (docs/decisions.md, "Export statements without JIT"): the whole
    // table's estimates cross jit_above_cost, and compiling took 2-10× longer than running the statement.
    await client.query(withoutJit);
    // Research being answered on this server: the statement leaves PostgreSQL's parallel workers to it (export-priority.ts).
    const yieldMs = this.options.yieldToResearchMs ?? researchRecentMs;
    const research = await researchSinceRequest(client, jobId, yieldMs > 0 ? yieldMs : 0);
    if (yieldMs > 0 && research.recent) await client.query(withoutParallelWorkers);
    // Decorated rows need more queries per batch on the same snapshot: a cursor. Every other table: COPY, which lets
    // PostgreSQL use parallel workers and sends rows as plain text (table-batches.ts).
    const { sql, params, decorate } = query;
    const copy = decorate ? null : copyLineBatches(client, sql, params, batchRows, keyColumns, writer instanceof CsvWriter ? copyBatchTextBytes : batchTextBytes);
    const batches: AsyncGenerator<RowBatch | LineBatch> = copy ? copy.batches : cursorBatches(client, sql, params, batchRows, keyColumns);
    // Research being answered: the export waits before its statement and between batches, within its share (export-yield.ts).
    const yielding = this.yielding ? new ExportYield(this.research, this.yielding.rule, undefined, research.requestedAt, this.yielding.share) : null;
    // A CSV file of COPY's rows with nothing done to a row on the way is written from COPY's lines (copy-csv.ts);
    // decided at the first batch (its columns), undefined until then.
    let csvLines: ReturnType<typeof copyCsvLines> | null | undefined;
    let parsers: ReturnType<typeof parsersOf> | null = null;
    let broken: Error | undefined;
    try {
      await yielding?.beforeStatement();
      for await (const read of batches) {
        // Still wanted? Answered before the batch is written, so nothing goes out (no row, no Sheets append) after a
        // cancel; COPY's lines are made into the file's text while the answer comes (issue 27 point 4).
        const stillWanted = report();
        stillWanted.catch(() => undefined);
        if (commitFailure.failed) throw commitFailure.error;
        let batch = read;
        if (skip > 0) {
          const size = batchSize(batch);
          let drop = 0;
          while (drop < skip && drop < size && sameKey(batch.keyAt(drop), lastKey)) drop += 1;
          skip = drop < size ? 0 : skip - drop;
          batch = withoutFirst(batch, drop);
        }
        if (batch instanceof LineBatch && csvLines === undefined) {
          csvLines = writer instanceof CsvWriter ? this.csvLinesFor(prepared, writer, batch.fields, columns, limits.withhold) : null;
        }
        const room = limits.rowLimit - written;
        let size: number;
        let taken: number;
        if (batch instanceof LineBatch && csvLines) {
          if (columns === null) {
            await stillWanted;
            columns = exportColumns(undefined, batch.fields.map((field) => field.name));
            await writer.header(columns.map(columnHeader));
          }
          size = batch.count;
          taken = Math.min(size, room);
          const bytes = csvLines(batch, 0, taken);
          await stillWanted;
          await (writer as CsvWriter).lines(bytes);
        } else {
          await stillWanted;
          const rowBatch = batch instanceof LineBatch ? parsedBatch(batch, (parsers ??= parsersOf(batch.fields))) : batch;
          const numeric = new Set(rowBatch.fields.filter((field) => numericTextTypes.has(field.dataTypeID)).map((field) => field.name));
          for (const raw of rowBatch.rows) for (const name of numeric) if (typeof raw[name] === 'string') raw[name] = Number(raw[name]);
          // Columns too costly for every row of the table (the ranking history) are added batch by batch.
          const fetched = decorate ? await decorate(sqlFromPg(client), rowBatch.rows) : rowBatch.rows;
          // Each row's provenance beside it (never set on the row: two more keys on every row object cost too).
          const provenances: ExportProvenance[] = new Array<ExportProvenance>(fetched.length);
          const rows = fetched.map((raw, index) => {
            provenances[index] = prepared.provenanceOf(raw[rowSourceColumn]);
            const row = (prepared.map ? prepared.map(raw) : raw) as Record<string, unknown>;
            for (const column of limits.withhold) if (column in row) row[column] = null;
            return row;
          });
          if (columns === null) {
            // The rows' source column is read above, not written (a row object is left as it is: deleting a key slows it).
            columns = exportColumns(rows[0], rowBatch.fields.map((field) => field.name));
            await writer.header(columns.map(columnHeader));
          }
          cellsOf ??= batchCellsFor(columns, provenanceTails());
          const take = rows.slice(0, room);
          const { cells, tails } = cellsOf(take, provenances.slice(0, room));
          await writer.rows(cells, tails);
          size = rows.length;
          taken = take.length;
        }
        written += taken;
        if (resumption && taken > 0) {
          const end = tiesAtEnd(batch.keyAt, taken);
          ties = end.count === taken && sameKey(end.key, lastKey) ? ties + end.count : end.count;
          lastKey = end.key;
          // A writer that cannot say yet where it stands (a spreadsheet's rows still buffered) commits at a later batch.
          const state = !committing && Date.now() - lastCommit >= commitEveryMs ? writer.checkpoint() : null;
          if (state) commitBeside({ rows: written, columns, lastKey: [...end.key], ties, ...state });
        }
        if (size > room) {
          truncated = true;
          break;
        }
        // Research being answered: wait before the next batch is read (export-yield.ts).
        await yielding?.beforeBatch();
      }
      await commitsSettled();
    } catch (error) {
      broken = error as Error;
      // The part is closed or removed next: no sync may still be running on it.
      await committing;
      throw error;
    } finally {
      yielding?.end();
      // A COPY left before its end keeps the connection busy: closing it is the only way to stop it.
      let closing = copy?.abandoned() ? (broken ?? new Error('COPY stopped early')) : broken;
      // A connection that goes back to the pool goes back with the pool's own setting (a closed one takes it along).
      if (!closing) closing = await client.query(`${jitAsConfigured}; ${parallelWorkersAsConfigured}`).then(() => undefined, (error: unknown) => error as Error);
      client.release(closing);
    }
    await report(true);
    return { rows: written, truncated };
  }
}

/** Rows in a batch, parsed or as COPY's lines. */
const batchSize = (batch: RowBatch | LineBatch) => (batch instanceof LineBatch ? batch.count : batch.rows.length);

/** The batch without its first `drop` rows (a resumed read's rows the file holds already). */
function withoutFirst<Batch extends RowBatch | LineBatch>(batch: Batch, drop: number): Batch {
  if (drop === 0) return batch;
  if (batch instanceof LineBatch) return batch.withoutFirst(drop) as Batch;
  return { ...batch, rows: (batch as RowBatch).rows.slice(drop), keyAt: (index: number) => batch.keyAt(index + drop) };
}

import { importJob, importMessages, importReadingCheckpoint, type ImportJobInput, type ImportReading, type ImportResult, type ImportSpread, type JobPayload } from '@serpwise/contracts';
import { JobRecordRepository } from '@serpwise/database';
import type { FileStore, FileUpload } from '@serpwise/platform';
import { importErrorReportKey, importFileKey } from '@serpwise/domain';
import { createWarehouseSource, FileRowCounts, importBatchParsers, importBrought, landSiteTraffic, landWarehouseRows, removeWarehouseSource, WrongFileError, type ParsedItem, type SiteTrafficRow, type WarehouseRow } from '@serpwise/research';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnrecoverableError } from 'bullmq';
import { once } from 'node:events';
import type pg from 'pg';
import { JobCancelledError, type JobContext, type JobHandler, type UnpublishedRun } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';

/** Progress is written (row, socket event) at most this often, and at the end. */
const progressEveryMs = 400;

/** Distinct row problems counted for the failure message (the values they quote make most of them distinct). */
const problemKinds = 10_000;

/** A run in which no row could be used: the import ends failed with the most common reason, nothing lands. */
class NothingImportedError extends Error {}

/** A CSV cell: quoted when it holds a comma, quote or line break (the reason text may quote the bad value). */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Imports one uploaded file: streams it from the file store through the parser of its format, hands the good rows
 * to the warehouse writer (COPY, natural keys, roll-up of the months touched) and writes every bad row with its line
 * and reason to the error report. All rows land in one transaction with the import's data_source: a file the parser
 * refuses (not what it claims to be) or a cancelled import lands nothing; a file of which no row could be used ends
 * failed with the most common reason and keeps its error report. Counts go out live in the status message.
 */
export class ImportProcessor implements JobHandler<typeof importJob> {
  readonly contract = importJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly pool: pg.Pool,
    private readonly files: FileStore,
  ) {}

  async handle(payload: JobPayload<typeof importJob>, context: JobContext): Promise<ImportResult> {
    const { input: job, ownerUserId: userId } = await recordedJob(this.em(), importJob, payload.jobId);

    const client = await this.pool.connect();
    try {
      // A second attempt after the rows were committed finds them recorded: report them, land nothing again.
      const earlier = await client.query<{ source_id: number | null; rows_read: number; rows_landed: number; rows_duplicate: number; rows_rejected: number }>(
        'select source_id, rows_read, rows_landed, rows_duplicate, rows_rejected from data_import where id = $1', [payload.jobId]);
      const done = earlier.rows[0];
      if (!done) throw new UnrecoverableError('The import has no data_import row');
      if (done.source_id !== null) {
        return { rowsRead: done.rows_read, rowsLanded: done.rows_landed, rowsDuplicate: done.rows_duplicate, rowsRejected: done.rows_rejected, months: [] };
      }
      return await this.run(client, userId, payload.jobId, job, context);
    } finally {
      client.release();
    }
  }

  /**
   * Cancelled between the commit and the job being recorded done: the rows it landed go again, as a delete would
   * remove them, so a cancelled import never leaves data behind. Taken over by another run after the commit: the
   * rows are the import's (data_import holds them, and the run that owns the job now reports them), so they stay.
   */
  async discard(payload: JobPayload<typeof importJob>, _result: ImportResult, unpublished: UnpublishedRun): Promise<void> {
    if (unpublished.reason === 'superseded') return;
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ source_id: number | null }>('select source_id from data_import where id = $1', [payload.jobId]);
      const sourceId = rows[0]?.source_id;
      if (sourceId === null || sourceId === undefined) return;
      await removeWarehouseSource(client, sourceId);
      await client.query('update data_import set source_id = null, rows_landed = 0, rows_duplicate = 0 where id = $1', [payload.jobId]);
    } finally {
      client.release();
    }
  }

  private async run(client: pg.PoolClient, userId: string, jobId: string, job: ImportJobInput, context: JobContext): Promise<ImportResult> {
    const parser = importBatchParsers[job.format];
    const file = await this.files.read(importFileKey(userId, jobId));
    let bytesRead = 0;
    async function* counted() {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        bytesRead += chunk.length;
        yield chunk;
      }
    }
    const counts = { read: 0, rejected: 0 };
    const problems = new Map<string, number>();
    let report: FileUpload | null = null;
    let lastProgress = 0;
    const progress = async (message: string, force = false, landingShare = 0) => {
      if (!force && Date.now() - lastProgress < progressEveryMs) return;
      lastProgress = Date.now();
      // The rows read so far go into the record first, so the progress event that follows carries them (the job
      // center shows rows; the percent stays by bytes, the one measure of the whole file known from the start).
      const bytes = Math.min(bytesRead, job.fileBytes);
      if (!(await context.saveCheckpoint({ [importReadingCheckpoint]: { rows: counts.read, rejected: counts.rejected, bytes } satisfies ImportReading }))) throw new JobCancelledError();
      // Reading the file is counted as 90 % of the work; moving the rows into the warehouse is the rest.
      const active = await context.progress(Math.floor(bytes * 0.9 + job.fileBytes * 0.1 * landingShare), job.fileBytes, message);
      if (!active) throw new JobCancelledError();
    };
    // While the file is read, progress goes out beside the reading instead of stopping it for its round trips (the
    // record, the queue): a cancel it learns of stops the reading at the next batch (and the commit checks again).
    let reporting: Promise<void> | null = null;
    let stop: unknown = null;
    const reportWhileReading = () => {
      reporting ??= progress(readMessage()).catch((error: unknown) => {
        stop = error;
      }).finally(() => {
        reporting = null;
      });
    };
    const readMessage = () => `Reading the file: ${counts.read.toLocaleString('en-US')} rows${counts.rejected ? `, ${counts.rejected.toLocaleString('en-US')} rejected` : ''}`;
    const writeProblem = async (item: Extract<ParsedItem, { problem: string }>) => {
      if (!report) {
        report = await this.files.create(importErrorReportKey(userId, jobId));
        report.stream.write('line,reason\n');
      }
      if (problems.has(item.problem) || problems.size < problemKinds) problems.set(item.problem, (problems.get(item.problem) ?? 0) + 1);
      if (!report.stream.write(`${item.line},${csvCell(item.problem)}\n`)) await once(report.stream, 'drain');
    };
    // A Search Console export says how it was spread over its months; its site's and pages' own traffic (a few
    // thousand rows at most) lands after the results, in the same transaction.
    let spread: ImportSpread | null = null;
    const traffic: SiteTrafficRow[] = [];
    // The counts are rows of the file (docs/decisions.md, "What an import's counts count"): a Search Console export
    // spreads each of its rows over several months, so which of its rows landed is asked once they have.
    let fileRows: FileRowCounts | null = null;
    const options = { territory: job.territory, domain: job.domain, date: job.date, dateFrom: job.dateFrom ?? null, dateTo: job.dateTo ?? null };
    const onSpread = (how: ImportSpread) => {
      spread = how;
      fileRows = new FileRowCounts();
    };
    const batches = parser(counted(), { ...options, onSpread }, job.fileName);
    // A batch of the parser's records at a time (a chunk of the file): the good rows go on as one batch.
    async function* goodRows(): AsyncGenerator<WarehouseRow[]> {
      for await (const batch of batches) {
        const rows: WarehouseRow[] = [];
        for (const item of batch) {
          if (item.fileRow === undefined) counts.read++;
          if (item.problem !== undefined) {
            counts.rejected++;
            await writeProblem(item);
          } else {
            (fileRows as FileRowCounts | null)?.add(item);
            if (item.traffic) traffic.push(item.traffic);
            else rows.push(item.row);
          }
        }
        if (stop) throw stop;
        if (rows.length) yield rows;
        if (Date.now() - lastProgress >= progressEveryMs) reportWhileReading();
      }
      await reporting;
      if (stop) throw stop;
      // The file is read; the writer now moves the rows into the warehouse and rolls up the months.
      await progress(`Adding ${(counts.read - counts.rejected).toLocaleString('en-US')} rows to the research data…`, true);
    }

    await progress('Reading the file…', true);
    try {
      await client.query('begin');
      const source = await createWarehouseSource(client, {
        kind: 'import',
        label: job.fileName,
        details: { importId: jobId, format: job.format, territory: job.territory, domain: job.domain },
        ownerUserId: userId,
      });
      const landing = new LandingProgress((message, share) => progress(`Adding ${(counts.read - counts.rejected).toLocaleString('en-US')} rows to the research data: ${message}`, true, share));
      const results = await landWarehouseRows(client, source, { batches: goodRows() }, { inTransaction: true, onStep: landing.stepDone });
      await landing.settled();
      const trafficLanded = await landSiteTraffic(client, source, traffic);
      const rowsLanded = fileRows ? await (fileRows as FileRowCounts).landed(client, source.sourceId) : results.landed + trafficLanded;
      const landed = { ...results, landed: rowsLanded, duplicates: fileRows ? counts.read - counts.rejected - rowsLanded : results.duplicates + traffic.length - trafficLanded };
      if (counts.read === counts.rejected) {
        // Not one usable row: the import fails in words (never "Imported" with nothing), its error report kept.
        await client.query('rollback');
        const finished = report as FileUpload | null;
        report = null;
        if (finished) await finished.commit();
        await client.query('update data_import set rows_read = $2, rows_rejected = $3, error_report_key = $4, finished_at = now() where id = $1',
          [jobId, counts.read, counts.rejected, finished ? importErrorReportKey(userId, jobId) : null]);
        await new JobRecordRepository(this.em()).mergePayload(jobId, { errorReport: Boolean(finished), rowsRead: counts.read, rowsRejected: counts.rejected });
        const [problem, most] = [...problems.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
        throw new NothingImportedError(problem ? importMessages.noRowImported(most, counts.read, problem) : importMessages.noRows);
      }
      const brought = await importBrought(client, source.sourceId, userId, landed.months);
      await client.query(
        `update data_import set source_id = $2, rows_read = $3, rows_landed = $4, rows_duplicate = $5, rows_rejected = $6,
           error_report_key = $7, finished_at = now() where id = $1`,
        [jobId, source.sourceId, counts.read, landed.landed, landed.duplicates, counts.rejected, counts.rejected ? importErrorReportKey(userId, jobId) : null]);
      // Cancelled while the rows were landing, or taken over by another run after this one lost its lock? Asked
      // inside the transaction with the record locked until COMMIT, so nothing is committed after a cancel, and of
      // two runs of one import only the one holding the current attempt lands its rows (a run that takes the job
      // after this COMMIT finds them recorded in data_import and lands nothing).
      const owner = await client.query('select 1 from job_record where id = $1 and state = $2 and attempts = $3 for update', [jobId, 'active', context.attempt]);
      if (owner.rowCount === 0) throw new JobCancelledError();
      const finished = report as FileUpload | null;
      if (finished) await finished.commit();
      await client.query('commit');
      if (counts.rejected) await new JobRecordRepository(this.em()).mergePayload(jobId, { errorReport: true });
      await progress(`Imported ${landed.landed.toLocaleString('en-US')} of ${counts.read.toLocaleString('en-US')} rows`, true).catch(() => undefined);
      return { rowsRead: counts.read, rowsLanded: landed.landed, rowsDuplicate: landed.duplicates, rowsRejected: counts.rejected, months: landed.months, spread, brought };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      const unfinished = report as FileUpload | null;
      if (unfinished) await unfinished.abort();
      // Not what it claims to be, or not one usable row: refused whole, and retrying would not change that.
      if (error instanceof WrongFileError || error instanceof NothingImportedError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}

/**
 * What the writer's steps after the reading tell the user (a million rows take seconds each, and rolling up a large
 * site's months tens of seconds): the step now running and its share of the last 10 %. The writer tells of a step
 * as it ends, synchronously; the reports go out one after another beside its next statement, and a cancel they learn
 * of is thrown once it is done (the commit's own check stops it too).
 */
class LandingProgress {
  /** After the writer step named, what runs next and the share of the landing done. */
  private static readonly next: Record<string, [string, number]> = {
    'copy into staging': ['keywords, sites and pages…', 0.1],
    pages: ['search results…', 0.35],
    observations: ['monthly rankings…', 0.65],
    'monthly ranks': ['rolling up the months…', 0.8],
  };
  private chain: Promise<void> = Promise.resolve();
  private stop: unknown = null;

  constructor(private readonly report: (message: string, share: number) => Promise<void>) {}

  readonly stepDone = (step: string): void => {
    const next = LandingProgress.next[step];
    if (!next) return;
    this.chain = this.chain.then(() => this.report(...next)).catch((error: unknown) => {
      this.stop ??= error;
    });
  };

  async settled(): Promise<void> {
    await this.chain;
    if (this.stop) throw this.stop;
  }
}

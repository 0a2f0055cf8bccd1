import {
  exportJob,
  findJobContract,
  findTerritory,
  importDeleteJob,
  importJob,
  reportJob,
  researchOptionWords,
  retryWaitOf,
  searchConsoleRemoveJob,
  type ImportFormat,
  type JobCenterEntry,
  type ResearchTableId,
} from '@serpwise/contracts';
import { countOf, formatBytes, formatMonth, formatNumber } from '@/lib/format';

/**
 * A job of the job center in its user's words (issue 21): what it is (the table and its subject, territory, month,
 * filters and format; the file and kind of an import; the template and domain of a report), where it stands, when it
 * ran and how big its file is. Pure: the list, the tray and their specs read it.
 */

const tableNames: Record<ResearchTableId, string> = {
  'seo/competitors': 'SEO competitors',
  'seo/kombat': 'SEO keyword overlap',
  'seo/keywords': 'SEO keywords',
  'seo/ranking-history': 'SEO ranking history',
  'seo/top-pages': 'Top pages',
  'seo/backlinks': 'Backlinks',
  'outreach/top-domains': 'Outreach top domains',
  'outreach/keyword-list': 'Outreach keyword list',
  'outreach/custom-list': 'Outreach custom list',
  'outreach/leads': 'Outreach leads',
  'ppc/competitors': 'PPC competitors',
  'ppc/kombat': 'PPC keyword overlap',
  'ppc/keywords': 'PPC keywords',
  'ppc/ad-history': 'Ad history',
  'ppc/adwords-advisor': 'AdWords advisor',
  'ppc/ad-templates': 'Ad templates',
  'keyword/related': 'Related keywords',
  'keyword/ad-history': 'Keyword ad history',
  'keyword/ranking-history': 'Keyword ranking history',
  'keyword/serp-analysis': 'SERP analysis',
  'keyword/backlinks': 'Keyword backlinks',
  'keyword/adwords-advisor': 'Keyword AdWords advisor',
};
export const formatNames = { csv: 'CSV', xlsx: 'Excel', sheets: 'Google Sheets' } as const;
const importKinds: Record<ImportFormat, string> = { gsc: 'Search Console', 'keyword-planner': 'Keyword Planner', 'organic-positions': 'Organic Positions', serp: 'SERP file' };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : Array.isArray(value) && value.length ? value.join(', ') : null);
const territoryName = (code: unknown) => (typeof code === 'string' ? (findTerritory(code)?.name ?? code) : null);

/** What a job is: a title and its particulars (territory, month, filters, format …), in the order a reader wants them. */
export interface JobDescription {
  /** 'CSV export', 'PDF report', 'Search Console import' … */
  kind: string;
  title: string;
  details: string[];
}

export function describeJob(job: JobCenterEntry): JobDescription {
  if (job.export) {
    const { params, format, table } = job.export;
    const subject = text(params.domain) ?? text(params.url) ?? text(params.domains) ?? text(params.query) ?? text(params.keyword);
    const name = tableNames[table as ResearchTableId] ?? table;
    const filters = [
      text(params.filter) && `filter “${text(params.filter)}”`,
      // A table's own options in its screen's words ("Most traffic"); others as the request names them.
      ...(['type', 'status', 'segment', 'topic'] as const).map((key) => {
        const value = text(params[key]);
        return value && (researchOptionWords(table, key, value) ?? `${key} ${value}`);
      }),
    ].filter((part): part is string => Boolean(part));
    return {
      kind: `${formatNames[format]} export`,
      title: subject ? `${name} of ${subject}` : name,
      details: [territoryName(params.countryCode), typeof params.month === 'string' ? formatMonth(params.month) : 'latest month', ...filters, formatNames[format]].filter(
        (part): part is string => Boolean(part),
      ),
    };
  }
  if (job.pdf) {
    const { template, domain, countryCode, scheduleId, emailTo, title } = job.pdf;
    return {
      kind: scheduleId ? 'Scheduled PDF report' : 'PDF report',
      title: `${template} report of ${domain}`,
      details: [title ? `“${title}”` : null, territoryName(countryCode), emailTo.length ? `e-mailed to ${emailTo.join(', ')}` : null].filter((part): part is string => Boolean(part)),
    };
  }
  if (job.import) {
    const { format, fileName, territory, domain } = job.import;
    return { kind: `${importKinds[format]} import`, title: fileName, details: [domain, territoryName(territory)].filter((part): part is string => Boolean(part)) };
  }
  if (job.deletion) return { kind: 'Import deletion', title: `Deleting the import ${job.deletion.fileName}`, details: [] };
  if (job.projectImport) {
    const { kind, projectId, items, projectName } = job.projectImport;
    const what = kind === 'keywords' ? 'keyword' : 'outreach row';
    return {
      kind: kind === 'keywords' ? 'Keyword import' : 'Outreach import',
      title: `${items === null ? (kind === 'keywords' ? 'Keywords' : 'Outreach rows') : countOf(items, what)} into ${projectId === null ? 'All Projects' : (projectName ?? 'a project')}`,
      details: [],
    };
  }
  if (job.searchConsole) {
    const { siteUrl, mode } = job.searchConsole;
    return { kind: 'Search Console sync', title: siteUrl, details: [mode === 'backfill' ? 'backfill of up to 16 months' : 'new days'] };
  }
  if (job.name === searchConsoleRemoveJob.name) return { kind: 'Search Console data removal', title: 'The data Search Console brought', details: [] };
  if (job.liveData) {
    const { kind, subject, territory } = job.liveData;
    return { kind: 'Live data fetch', title: subject, details: [kind === 'domain' ? 'overview, keywords, competitors, ads and backlinks' : 'volume, CPC, competition and results page', territoryName(territory)].filter((part): part is string => Boolean(part)) };
  }
  return { kind: 'Job', title: job.name, details: [] };
}

export type JobStateKey = 'waiting' | 'paused' | 'running' | 'retrying' | 'completed' | 'failed' | 'cancelled' | 'expired';

/** Where a job stands, in words: a short label and, where there is one, what it says more (progress, reason). */
export interface JobStateWords {
  key: JobStateKey;
  label: string;
  detail: string | null;
}

/** The file a finished job made is gone (its retention ended): an export or a kept PDF without its link. */
const fileGone = (job: JobCenterEntry) =>
  (job.export ? job.export.format !== 'sheets' && !job.export.downloadUrl : false) || (job.pdf ? !job.pdf.url && job.pdf.emailTo.length === 0 : false);

/**
 * Progress in the job's own unit: rows of an export or a deletion, a report's sections, an import's rows read (and
 * the file's bytes read beside them: the import's percent is by bytes, the one measure of the file known up front).
 */
function progressDetail(job: JobCenterEntry): string | null {
  const of = (unit: string) => `${formatNumber(job.done, 0)} of ${countOf(job.total, unit)}`;
  // An export that went on after a stopped attempt's committed rows says so (it did not start again from row 1).
  const resumed = job.export?.resumedFrom;
  if (job.name === exportJob.name) return resumed ? `${of('row')} · resumed after ${countOf(resumed, 'row')}` : of('row');
  if (job.name === importDeleteJob.name) return of('row');
  const reading = job.import?.reading;
  if (reading) {
    const rows = `${countOf(reading.rows, 'row')} read${reading.rejected ? ` (${formatNumber(reading.rejected, 0)} rejected)` : ''}`;
    return `${rows} · ${formatBytes(reading.bytes)} of ${formatBytes(job.import!.fileBytes)}`;
  }
  if (job.name === reportJob.name || job.name === importJob.name) return job.message;
  if (job.projectImport) return of(job.projectImport.kind === 'keywords' ? 'keyword' : 'row');
  if (job.liveData) return [of('part'), job.message].filter(Boolean).join(' · ');
  return job.message;
}

export function jobStateWords(job: JobCenterEntry): JobStateWords {
  switch (job.state) {
    case 'queued': {
      if (job.waiting?.paused) return { key: 'paused', label: 'Paused by an administrator', detail: 'It starts when the queue is resumed.' };
      const ahead = job.waiting?.ahead ?? 0;
      return { key: 'waiting', label: 'Waiting to start', detail: ahead > 0 ? `${countOf(ahead, 'job')} ahead` : null };
    }
    case 'active': {
      const progress = [`${job.percent}%`, progressDetail(job)].filter(Boolean).join(' · ');
      // Between a failed attempt and the next (the queue's backoff): the next attempt's number, not the failed one's.
      const waiting = job.error ? retryWaitOf(job.message) : null;
      if (waiting) {
        return { key: 'retrying', label: `Retrying soon: attempt ${waiting.failedAttempt + 1} of ${waiting.attempts} is next`, detail: `Attempt ${waiting.failedAttempt} failed: ${job.error}` };
      }
      if (job.error) {
        const of = findJobContract(job.name)?.attempts ?? null;
        const attempt = Math.max(1, of === null ? job.attempts : Math.min(job.attempts, of));
        return { key: 'retrying', label: `Retrying: attempt ${attempt}${of === null ? '' : ` of ${of}`}`, detail: `Last attempt failed: ${job.error}` };
      }
      return { key: 'running', label: 'Running', detail: progress };
    }
    case 'completed':
      return fileGone(job) ? { key: 'expired', label: 'Expired', detail: 'The file was removed after its retention period.' } : { key: 'completed', label: 'Completed', detail: null };
    case 'failed':
      return { key: 'failed', label: 'Failed', detail: job.error };
    case 'cancelled':
      // Usually nothing; what a cancelled job left that could not be removed (a spreadsheet in the owner's Drive).
      return { key: 'cancelled', label: 'Cancelled', detail: job.error };
  }
}

/** The size of the job's file when known: an export's or a report's output, an import's upload. */
export function jobFileBytes(job: JobCenterEntry): number | null {
  if (job.export) return (job.result as { bytes?: number } | null)?.bytes ?? null;
  if (job.pdf) return job.pdf.bytes;
  if (job.import) return job.import.fileBytes;
  return null;
}

/** A file's size (the one rule of contracts' text/number-format.ts, as the report e-mails say it). */
export { formatBytes } from '@/lib/format';

/** "Nov 27, 2026, 10:15 AM". */
export const formatWhen = (at: string | null) => (at ? new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : null);

/** Queued or running: what the header's jobs button counts. */
export const isUnfinished = (job: JobCenterEntry) => job.state === 'queued' || job.state === 'active';

import { describe, expect, it } from '@jest/globals';
import { retryWaitMessage, type JobCenterEntry } from '@serpwise/contracts';
import { jobStatus } from '@test/fake-socket';
import { describeJob, formatBytes, jobFileBytes, jobStateWords } from './job-words';

const exportJob = (overrides: Partial<JobCenterEntry> = {}, params: Record<string, unknown> = { domain: 'alpha.example', countryCode: 'DE', month: '2026-09', filter: 'shoe', type: 'gainedranks' }): JobCenterEntry => ({
  ...jobStatus({ queue: 'exports', name: 'export.table', total: 1200 }),
  export: { table: 'seo/keywords', params, format: 'csv', scope: 'full', tableRows: 1200, rowLimit: null, downloadUrl: null, spreadsheetUrl: null, linkExpiresAt: null, fileExpiresAt: null },
  ...overrides,
});

const reportJob = (overrides: Partial<JobCenterEntry> = {}): JobCenterEntry => ({
  ...jobStatus({ queue: 'reports', name: 'report.pdf', total: 8 }),
  pdf: { sessionId: null, isReady: false, isError: false, url: null, fileName: null, emailTo: ['boss@example.com'], scheduleId: 'b1', template: 'Executive', domain: 'alpha.example', countryCode: 'US', title: null, bytes: null, trigger: 'schedule' },
  ...overrides,
});

const importFile = (overrides: Partial<JobCenterEntry> = {}): JobCenterEntry => ({
  ...jobStatus({ queue: 'imports', name: 'import.file', total: 2048 }),
  import: {
    format: 'gsc', fileName: 'search-console.zip', fileBytes: 2_400_000, territory: 'UK', domain: 'alpha.example', date: null, dateFrom: null, dateTo: null,
    rowsRead: null, rowsLanded: null, rowsDuplicate: null, rowsRejected: null, spread: null, months: null, errorReportUrl: null, brought: null,
  },
  ...overrides,
});

describe('what a job is, in the user’s words', () => {
  it('names an export by its table, subject, territory, month, filters and format, never its table id', () => {
    const words = describeJob(exportJob());
    expect(words).toEqual({ kind: 'CSV export', title: 'SEO keywords of alpha.example', details: ['Germany', 'Sep 2026', 'filter “shoe”', 'Gained ranks', 'CSV'] });
    expect(JSON.stringify(words)).not.toContain('seo/keywords');
    // Options in the words of the table's own screen, never the request's codes.
    expect(JSON.stringify(words)).not.toContain('gainedranks');
    expect(describeJob(exportJob({}, { query: 'running shoes', countryCode: 'US' })).details).toEqual(['United States', 'latest month', 'CSV']);
    const kombat = (table: string, segment: string) => describeJob({ ...exportJob(), export: { ...exportJob().export!, table, params: { domains: 'a.example,b.example', segment } } });
    expect(kombat('seo/kombat', 'core').details).toContain('Shared keywords');
    expect(kombat('ppc/kombat', 'considerbuying').details).toContain('Consider buying');
  });

  it('names a report by its template and domain, a scheduled delivery as such', () => {
    expect(describeJob(reportJob())).toEqual({ kind: 'Scheduled PDF report', title: 'Executive report of alpha.example', details: ['United States', 'e-mailed to boss@example.com'] });
  });

  it('names a Search Console sync by its property, the backfill or the new days, with its days and rows while it runs', () => {
    const sync = (mode: 'backfill' | 'daily'): JobCenterEntry => ({
      ...jobStatus({ queue: 'search-console', name: 'search-console.sync', state: 'active', total: 486, done: 120, percent: 24, message: 'Fetching Search Console: 120 of 486 days, 14,400 rows' }),
      searchConsole: { propertyId: '7', siteUrl: 'sc-domain:alpha.example', mode },
    });
    expect(describeJob(sync('backfill'))).toEqual({ kind: 'Search Console sync', title: 'sc-domain:alpha.example', details: ['backfill of up to 16 months'] });
    expect(describeJob(sync('daily')).details).toEqual(['new days']);
    expect(jobStateWords(sync('backfill'))).toEqual({ key: 'running', label: 'Running', detail: '24% · Fetching Search Console: 120 of 486 days, 14,400 rows' });
  });

  it('names a live-data fetch by its subject and territory, with its parts while it runs', () => {
    const fetch: JobCenterEntry = {
      ...jobStatus({ queue: 'serp', name: 'live-data.fetch', state: 'active', total: 6, done: 2, percent: 33, message: 'Organic keywords: 1,000 landed' }),
      liveData: { kind: 'domain', subject: 'freshsite.example', territory: 'UK' },
    };
    expect(describeJob(fetch)).toEqual({ kind: 'Live data fetch', title: 'freshsite.example', details: ['overview, keywords, competitors, ads and backlinks', 'United Kingdom'] });
    expect(jobStateWords(fetch)).toEqual({ key: 'running', label: 'Running', detail: '33% · 2 of 6 parts · Organic keywords: 1,000 landed' });
    expect(describeJob({ ...fetch, liveData: { kind: 'keyword', subject: 'running shoes', territory: 'US' } }).details).toEqual(['volume, CPC, competition and results page', 'United States']);
  });

  it('names an import by its file and kind, a project import by what and where', () => {
    expect(describeJob(importFile())).toEqual({ kind: 'Search Console import', title: 'search-console.zip', details: ['alpha.example', 'United Kingdom'] });
    const keywords: JobCenterEntry = { ...jobStatus({ name: 'project-import.keywords', queue: 'project-imports' }), projectImport: { kind: 'keywords', projectId: 'p1', items: 1500, projectName: 'Running shoes' } };
    expect(describeJob(keywords).title).toBe('1,500 keywords into Running shoes');
    const outreach: JobCenterEntry = { ...jobStatus({ name: 'project-import.outreach', queue: 'project-imports' }), projectImport: { kind: 'outreach', projectId: null, items: 1 } };
    expect(describeJob(outreach)).toMatchObject({ kind: 'Outreach import', title: '1 outreach row into All Projects' });
    const deletion: JobCenterEntry = { ...jobStatus({ name: 'import.delete', queue: 'imports' }), deletion: { importId: 'x', fileName: 'old.csv', removed: null } };
    expect(describeJob(deletion).title).toBe('Deleting the import old.csv');
  });
});

describe('where a job stands', () => {
  it('waiting with the jobs ahead, or paused by an administrator', () => {
    expect(jobStateWords(exportJob({ waiting: { ahead: 3, paused: false } }))).toEqual({ key: 'waiting', label: 'Waiting to start', detail: '3 jobs ahead' });
    expect(jobStateWords(exportJob({ waiting: { ahead: 0, paused: false } })).detail).toBeNull();
    expect(jobStateWords(exportJob({ waiting: { ahead: 3, paused: true } }))).toMatchObject({ key: 'paused', label: 'Paused by an administrator' });
  });

  it('running with its percent and rows; a report by its sections and an import by its rows', () => {
    expect(jobStateWords(exportJob({ state: 'active', percent: 40, done: 480 }))).toEqual({ key: 'running', label: 'Running', detail: '40% · 480 of 1,200 rows' });
    // Resumed after a killed worker (issue 21 item 4): where it took over.
    const resumed = exportJob({ state: 'active', percent: 50, done: 600 });
    resumed.export = { ...resumed.export!, resumedFrom: 400 };
    expect(jobStateWords(resumed).detail).toBe('50% · 600 of 1,200 rows · resumed after 400 rows');
    expect(jobStateWords(reportJob({ state: 'active', percent: 37, done: 3, message: 'Reading the data: 3 of 7 sections' })).detail).toBe('37% · Reading the data: 3 of 7 sections');
    expect(jobStateWords(importFile({ state: 'active', percent: 12, message: 'Reading the file: 12,000 rows' })).detail).toBe('12% · Reading the file: 12,000 rows');
    // With the reading's counts (issue 21): rows first, the bytes read of the file beside them.
    const reading = importFile({ state: 'active', percent: 12 });
    reading.import = { ...reading.import!, reading: { rows: 12_000, rejected: 3, bytes: 282_624 } };
    expect(jobStateWords(reading).detail).toBe('12% · 12,000 rows read (3 rejected) · 276 KB of 2.3 MB');
  });

  it('retrying: which attempt of how many, and why the last one failed', () => {
    expect(jobStateWords(exportJob({ state: 'active', attempts: 2, error: 'Connection terminated' }))).toEqual({ key: 'retrying', label: 'Retrying: attempt 2 of 3', detail: 'Last attempt failed: Connection terminated' });
    // In the backoff before attempt 2 the record still counts 1: the words name the attempt that comes next.
    const waiting = exportJob({ state: 'active', attempts: 1, error: 'Connection terminated', message: retryWaitMessage(1, 3) });
    expect(jobStateWords(waiting)).toEqual({ key: 'retrying', label: 'Retrying soon: attempt 2 of 3 is next', detail: 'Attempt 1 failed: Connection terminated' });
  });

  it('completed, expired once the file is gone, failed with its reason, cancelled', () => {
    const done = { state: 'completed' as const, percent: 100, finishedAt: '2026-11-22T10:05:00.000Z' };
    expect(jobStateWords(exportJob({ ...done, export: { ...exportJob().export!, downloadUrl: '/rest/exports/x/download?s=1' } })).key).toBe('completed');
    expect(jobStateWords(exportJob(done))).toEqual({ key: 'expired', label: 'Expired', detail: 'The file was removed after its retention period.' });
    expect(jobStateWords(importFile(done)).key).toBe('completed');
    expect(jobStateWords(exportJob({ state: 'failed', error: 'The table is too large.' }))).toEqual({ key: 'failed', label: 'Failed', detail: 'The table is too large.' });
    expect(jobStateWords(exportJob({ state: 'cancelled' })).label).toBe('Cancelled');
  });

  it('says the file size when it is known', () => {
    expect(formatBytes(jobFileBytes(exportJob({ state: 'completed', result: { bytes: 4096 } })))).toBe('4 KB');
    expect(formatBytes(jobFileBytes(importFile()))).toBe('2.3 MB');
    expect(jobFileBytes(reportJob())).toBeNull();
  });
});

import { importFormatLabels, importFormats, territories, type ImportDetail, type ImportFormat, type ImportInspection } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { SelectOptions } from '@/components/form/select-field';
import { errorsOf } from '@/lib/api-client';
import { useLeaveWarning } from '@/lib/use-leave-warning';
import { useImportInspection, useUploadImport } from '../api/imports';

/** What to bring for each format. */
const hints: Record<ImportFormat, string> = {
  gsc: 'The ZIP from Performance → Export, or its Queries.csv alone.',
  'keyword-planner': 'The "Keyword Stats … .csv" download as Keyword Planner gives it, or a copy saved as CSV.',
  'organic-positions': 'An Organic Positions export of one domain (Keyword, Position, Search Volume, URL … columns).',
  serp: 'CSV or JSON lines with keyword, position, url (territory, date, title optional) — or a history file exported here.',
};

interface Details {
  territory: string;
  domain: string;
  /** YYYY-MM-DD; a month input gives YYYY-MM, stored as its first day. */
  date: string;
  dateFrom: string;
  dateTo: string;
}

const blank: Details = { territory: 'US', domain: '', date: '', dateFrom: '', dateTo: '' };

/** The details the file gives itself, pre-filled (the user may still change the ones the form shows). */
const prefilled = (found: ImportInspection['found']): Details => ({
  territory: found.territory ?? 'US',
  domain: found.site ?? '',
  date: found.date ?? '',
  dateFrom: found.dateFrom ?? '',
  dateTo: found.dateTo ?? '',
});

/** Whether the user has answered a detail the file needs. */
const answered: Record<ImportDetail, (details: Details) => boolean> = {
  site: (details) => details.domain.trim() !== '',
  date: (details) => details.date !== '',
  dateRange: (details) => details.dateFrom !== '' && details.dateTo !== '' && details.dateFrom <= details.dateTo,
  territory: (details) => details.territory !== '',
};

/** What the file said itself, in words: "Read from the file: the site example.com, 2026-09-01 to 2026-09-30." or "… August 2026." */
function foundInWords(inspection: ImportInspection): string | null {
  const { found, needs } = inspection;
  const parts: string[] = [];
  if (found.site && !needs.includes('site')) parts.push(`the site ${found.site}`);
  if (found.dateFrom && found.dateTo && !needs.includes('dateRange')) parts.push(`${found.dateFrom} to ${found.dateTo}`);
  if (found.date && !needs.includes('date')) parts.push(new Date(`${found.date}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
  return parts.length ? `Read from the file: ${parts.join(', ')}.` : null;
}

/**
 * The upload form (docs/product/imports.md): after the kind of file and the file are chosen it asks the server what
 * this file needs (POST /rest/imports/inspect, reading only its head), shows exactly those fields, pre-filled with
 * what the file says, and keeps Import disabled while the file is refused or a needed field is empty.
 */
export function ImportForm() {
  const upload = useUploadImport();
  // Until the file is all sent, leaving the page would lose it: the browser asks first.
  useLeaveWarning(upload.isPending);
  const [format, setFormat] = useState<ImportFormat>('gsc');
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState<Details>(blank);
  const inspection = useImportInspection(format, file);
  const result = inspection.data;

  // A new inspection (another file or format) starts from what that file says (set while rendering, as React
  // advises for state that follows a changed input).
  const [inspected, setInspected] = useState<ImportInspection | undefined>(undefined);
  if (result !== inspected) {
    setInspected(result);
    if (result) setDetails(prefilled(result.found));
  }

  const needs = new Set(result && !result.problem ? result.needs : []);
  const ready = file !== null && result !== undefined && !result.problem && [...needs].every((detail) => answered[detail](details));
  const set = (patch: Partial<Details>) => setDetails((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !ready) return;
    // Only what the form asked for: the file's own answers stay the file's.
    upload.mutate({
      format,
      file,
      territory: details.territory,
      domain: needs.has('site') ? details.domain.trim() : '',
      date: needs.has('date') ? details.date : '',
      dateFrom: needs.has('dateRange') ? details.dateFrom : '',
      dateTo: needs.has('dateRange') ? details.dateTo : '',
    });
  };

  return (
    <form className="imports__form" onSubmit={submit} aria-label="Import a file">
      <label>
        Kind of file
        <select name="format" value={format} onChange={(event) => setFormat(event.target.value as ImportFormat)}>
          {importFormats.map((value) => (
            <option key={value} value={value}>
              {importFormatLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <p className="imports__hint">{hints[format]}</p>
      <label>
        File to import
        <input name="file" type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      {file && inspection.isFetching && <p className="imports__hint">Reading the file…</p>}
      {result?.problem && (
        <p className="alert alert--error" role="alert" data-testid="import-problem">
          {result.problem}
        </p>
      )}
      {inspection.isError && (
        <p className="alert alert--error" role="alert">
          {errorsOf(inspection.error).join(' ')}
        </p>
      )}
      {result && !result.problem && foundInWords(result) && <p className="imports__hint">{foundInWords(result)}</p>}
      {needs.has('territory') && (
        <label>
          Territory of the searches
          <select name="territory" value={details.territory} onChange={(event) => set({ territory: event.target.value })}>
            <SelectOptions options={territories.map((item) => ({ value: item.code, label: item.name }))} />
          </select>
        </label>
      )}
      {needs.has('site') && (
        <label>
          Site
          <input name="domain" type="text" placeholder="example.com" required value={details.domain} onChange={(event) => set({ domain: event.target.value })} />
        </label>
      )}
      {needs.has('date') && format === 'keyword-planner' && (
        <label>
          Month of the data
          <input name="month" type="month" required value={details.date.slice(0, 7)} onChange={(event) => set({ date: event.target.value ? `${event.target.value}-01` : '' })} />
        </label>
      )}
      {needs.has('date') && format !== 'keyword-planner' && (
        <label>
          Date of the results
          <input name="date" type="date" required value={details.date} onChange={(event) => set({ date: event.target.value })} />
        </label>
      )}
      {needs.has('dateRange') && (
        <>
          <label>
            First day of the data
            <input name="dateFrom" type="date" required value={details.dateFrom} onChange={(event) => set({ dateFrom: event.target.value })} />
          </label>
          <label>
            Last day of the data
            <input name="dateTo" type="date" required value={details.dateTo} min={details.dateFrom || undefined} onChange={(event) => set({ dateTo: event.target.value })} />
          </label>
        </>
      )}
      <button type="submit" className="button" disabled={!ready || upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Import'}
      </button>
      {upload.isError && (
        <p className="alert alert--error" role="alert">
          {errorsOf(upload.error).join(' ')}
        </p>
      )}
    </form>
  );
}

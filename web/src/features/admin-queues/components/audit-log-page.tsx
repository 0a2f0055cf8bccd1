import { defaultPageSize, type AdminAuditListEntry } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SimpleTable } from '@/components/ui/simple-table';
import { Spinner } from '@/components/ui/spinner';
import { Pagination } from '@/components/ui/table/pagination';
import { useAuditLog, type AuditFilters } from '../api/audit-log';
import '../admin-queues.css';
import { ChoiceFilter, ErrorNotice, InputFilter } from './filter-fields';

const filterKeys = ['admin', 'action', 'queue', 'job', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = { startRow: Number(params.get('startRow')) || 1, pageSize: Number(params.get('pageSize')) || defaultPageSize };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** A datetime-local value (the admin's own clock) as ISO, and back. */
const localToIso = (value: string) => (value ? new Date(value).toISOString() : '');
function isoToLocal(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function detailText(entry: AdminAuditListEntry): string {
  if (!entry.detail) return '';
  return Object.entries(entry.detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/**
 * /admin/audit-log (issue 23 point 4): every admin action — who, what, which queue or job, when — newest first,
 * filtered by admin, action, queue, job and time, paged. The filters live in the URL, so a filtered view can be shared.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useAuditLog(filters);
  const [draft, setDraft] = useState({ job: filters.job ?? '', from: isoToLocal(filters.from), to: isoToLocal(filters.to) });

  const apply = (next: Partial<AuditFilters>) => {
    const merged: AuditFilters = { ...filters, startRow: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value !== undefined && value !== '') search.set(key, String(value));
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ job: draft.job.trim() || undefined, from: localToIso(draft.from) || undefined, to: localToIso(draft.to) || undefined });
  };

  return (
    <section className="page admin-console" aria-labelledby="audit-log-title">
      <h1 id="audit-log-title">Audit log</h1>
      <p className="lead">Every admin action on the queues and their jobs: who did it, to what, and when.</p>
      <div className="admin-console__bar">
        <Link to="/admin/queues">Back to the queue console</Link>
      </div>
      <form className="admin-filters" onSubmit={submit} aria-label="Filter the audit log">
        <ChoiceFilter
          label="Admin"
          value={filters.admin ?? ''}
          every="Every admin"
          options={log.data?.admins.map((admin) => ({ value: admin.userId, text: admin.email ?? admin.userId })) ?? []}
          onChange={(admin) => apply({ admin: admin || undefined })}
        />
        <ChoiceFilter label="Action" value={filters.action ?? ''} every="Every action" options={log.data?.actions ?? []} onChange={(action) => apply({ action: action || undefined })} />
        <ChoiceFilter label="Queue" value={filters.queue ?? ''} every="Every queue" options={log.data?.queues ?? []} onChange={(queue) => apply({ queue: queue || undefined })} />
        <InputFilter label="Job id" value={draft.job} onChange={(job) => setDraft({ ...draft, job })} />
        <InputFilter label="From" type="datetime-local" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <InputFilter label="To" type="datetime-local" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <button type="submit" className="button button--small button--primary">
          Apply
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => {
            setDraft({ job: '', from: '', to: '' });
            setParams(new URLSearchParams());
          }}
        >
          Clear filters
        </button>
      </form>

      {log.isPending && <Spinner size="large" label="Loading the audit log" />}
      <ErrorNotice error={log.error} />
      {log.data && (
        <div className="admin-card">
          {log.data.entries.length === 0 ? (
            <p className="admin-empty">No admin action matches these filters.</p>
          ) : (
            <SimpleTable
              className="admin-table"
              label="Audit log entries"
              rows={log.data.entries}
              rowKey={(entry) => entry.id}
              rowAttributes={(entry) => ({ 'data-testid': 'audit-entry', 'data-action': entry.action, 'data-job-id': entry.jobId ?? undefined })}
              columns={[
                { header: 'When', cell: (entry) => new Date(entry.createdAt).toLocaleString() },
                { header: 'Admin', cell: (entry) => entry.adminEmail ?? entry.userId },
                { header: 'Action', cell: (entry) => <code>{entry.action}</code> },
                { header: 'Queue', cell: (entry) => entry.queue ?? '–' },
                { header: 'Job', cell: (entry) => (entry.jobId ? <code title={entry.jobId}>{entry.jobId.slice(0, 8)}</code> : '–') },
                { header: 'Detail', cell: (entry) => detailText(entry) },
              ]}
            />
          )}
          <Pagination startRow={log.data.startRow} pageSize={log.data.pageSize} totalRows={log.data.total} noun="entries" onChange={(window) => apply(window)} />
        </div>
      )}
    </section>
  );
}

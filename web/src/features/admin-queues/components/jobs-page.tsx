import { adminBulkLimit, defaultPageSize, jobStates, registeredQueues, scheduledQueue, type AdminBulkAction, type AdminBulkAnswer } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { Pagination } from '@/components/ui/table/pagination';
import { useBulkAction, useJobSearch, type JobFilters } from '../api/admin-jobs';
import { AdminActionsSwitch } from './admin-actions-switch';
import '../admin-queues.css';
import { AdminTable } from './admin-card';
import { ChoiceFilter, ErrorNotice, InputFilter } from './filter-fields';
import { JobStory } from './job-story';

const filterKeys = ['id', 'email', 'queue', 'state', 'from', 'to'] as const;
const queues = [...registeredQueues(), scheduledQueue];
const bulkLabels: Record<AdminBulkAction, string> = { retry: 'Retry', remove: 'Remove', promote: 'Run now', cancel: 'Cancel' };

function filtersOf(params: URLSearchParams): JobFilters {
  const filters: JobFilters = { startRow: Number(params.get('startRow')) || 1, pageSize: Number(params.get('pageSize')) || defaultPageSize };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

const localToIso = (value: string) => (value ? new Date(value).toISOString() : undefined);

function outcomeText(answer: AdminBulkAnswer): string {
  const done = answer.results.filter((result) => result.ok).length;
  const refused = answer.results.filter((result) => !result.ok);
  return [`${done} of ${answer.results.length} done.`, ...refused.map((result) => `${result.id.slice(0, 8)}: ${result.error}`)].join(' ');
}

/**
 * /admin/jobs (issue 23 point 2): find jobs by id, the owner's e-mail, queue, state and time; open a job's story;
 * retry, remove, run now or cancel the chosen ones together (admin actions on; each job audited).
 */
export function JobsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const search = useJobSearch(filters);
  const bulk = useBulkAction();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [storyOf, setStoryOf] = useState<string | null>(null);
  const [draft, setDraft] = useState({ id: filters.id ?? '', email: filters.email ?? '', queue: filters.queue ?? '', state: filters.state ?? '', from: '', to: '' });

  const apply = (next: Partial<JobFilters>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, startRow: 1, ...next })) if (value !== undefined && value !== '') search.set(key, String(value));
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new search chooses nothing; the bulk actions only ever take chosen jobs shown on this page.
    setChosen(new Set());
    apply({ id: draft.id.trim() || undefined, email: draft.email.trim() || undefined, queue: draft.queue || undefined, state: draft.state || undefined, from: localToIso(draft.from), to: localToIso(draft.to) });
  };
  const rows = search.data?.jobs ?? [];
  const everyShownChosen = rows.length > 0 && rows.every((row) => chosen.has(row.id));
  // A flood is cleared a page at a time: one click chooses every job shown (a page is never more than the bulk limit).
  const toggleEveryShown = () => setChosen(everyShownChosen ? new Set() : new Set(rows.map((row) => row.id)));
  const toggle = (id: string) => setChosen((current) => new Set(current.has(id) ? [...current].filter((other) => other !== id) : [...current, id]));
  const run = (action: AdminBulkAction) => bulk.mutate({ action, jobs: rows.filter((row) => chosen.has(row.id)).map((row) => ({ queue: row.queue, id: row.id })) });

  return (
    <section className="page admin-console" aria-labelledby="admin-jobs-title">
      <h1 id="admin-jobs-title">Jobs</h1>
      <div className="admin-console__bar">
        <Link to="/admin/queues">Back to the queue console</Link>
        <AdminActionsSwitch />
      </div>
      <form className="admin-filters" onSubmit={submit} aria-label="Find jobs">
        <InputFilter label="Job id" value={draft.id} onChange={(id) => setDraft({ ...draft, id })} />
        <InputFilter label="User e-mail" type="email" value={draft.email} onChange={(email) => setDraft({ ...draft, email })} />
        <ChoiceFilter label="Queue" value={draft.queue} every="Every queue" options={queues} onChange={(queue) => setDraft({ ...draft, queue })} />
        <ChoiceFilter label="State" value={draft.state} every="Every state" options={jobStates} onChange={(state) => setDraft({ ...draft, state })} />
        <InputFilter label="Asked from" type="datetime-local" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <InputFilter label="Asked to" type="datetime-local" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <button type="submit" className="button button--small button--primary">
          Find
        </button>
      </form>

      {search.isPending && <Spinner size="large" label="Finding jobs" />}
      <ErrorNotice error={search.error ?? bulk.error} />
      {bulk.data && (
        <p role="status" data-testid="bulk-outcome">
          {outcomeText(bulk.data)}
        </p>
      )}
      {search.data && (
        <div className="admin-card">
          <div className="admin-card__head">
            <span>{chosen.size} chosen</span>
            <div className="admin-card__actions">
              {(Object.keys(bulkLabels) as AdminBulkAction[]).map((action) => (
                <button key={action} type="button" className="button button--small" disabled={chosen.size === 0 || chosen.size > adminBulkLimit || bulk.isPending} onClick={() => run(action)}>
                  {bulkLabels[action]}
                </button>
              ))}
            </div>
          </div>
          <AdminTable
            empty="No job matches."
            label="Jobs found"
            rows={rows}
            rowKey={(row) => row.id}
            rowAttributes={(row) => ({ 'data-testid': 'found-job', 'data-job-id': row.id, 'data-state': row.state })}
            columns={[
              {
                headerLabel: 'Choose',
                header: <input type="checkbox" aria-label="Choose every job shown" checked={everyShownChosen} onChange={toggleEveryShown} />,
                cell: (row) => <input type="checkbox" aria-label={`Choose ${row.id}`} checked={chosen.has(row.id)} onChange={() => toggle(row.id)} /> },
              { header: 'Job', cell: (row) => <code title={row.id}>{row.id.slice(0, 8)}</code> },
              { header: 'What', cell: (row) => `${row.name} · ${row.queue}` },
              { header: 'Owner', cell: (row) => row.ownerEmail ?? 'visitor' },
              { header: 'State', cell: (row) => <span className={`admin-state admin-state--${row.state}`}>{row.state}</span> },
              { header: 'Asked', cell: (row) => new Date(row.createdAt).toLocaleString() },
              { header: 'Error', cell: (row) => row.error ?? '' },
              {
                headerLabel: 'Story',
                cell: (row) => (
                  <button type="button" className="button button--small button--ghost" onClick={() => setStoryOf(row.id)}>
                    Story
                  </button>
                ),
              },
            ]}
          />
          <Pagination startRow={search.data.startRow} pageSize={search.data.pageSize} totalRows={search.data.total} noun="jobs" onChange={(window) => apply(window)} />
        </div>
      )}
      {storyOf && <JobStory id={storyOf} close={() => setStoryOf(null)} />}
    </section>
  );
}

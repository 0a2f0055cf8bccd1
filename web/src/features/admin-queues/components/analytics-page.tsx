import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AnalyticsEventCounts } from '@serpwise/contracts';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useAnalyticsCounts, type AnalyticsRange } from '../api/analytics';
import '../admin-queues.css';
import { ErrorNotice, InputFilter } from './filter-fields';

const forwarderNames = { posthog: 'PostHog', plausible: 'Plausible' } as const;

/** "Nov 27" for 2026-11-27 (a UTC day). */
const dayHeader = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * /admin/analytics (issue 25 point 3, docs/product/analytics.md): how many of each analytics event were recorded on
 * each day of a range (UTC days; the last 7 by default), the busiest first. The range lives in the URL.
 */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const range: AnalyticsRange = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const counts = useAnalyticsCounts(range);
  const [draft, setDraft] = useState({ from: range.from ?? '', to: range.to ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = new URLSearchParams();
    if (draft.from) search.set('from', draft.from);
    if (draft.to) search.set('to', draft.to);
    setParams(search);
  };

  const page = counts.data;
  const columns: SimpleColumn<AnalyticsEventCounts>[] = [
    { header: 'Event', cell: (row) => <code>{row.name}</code> },
    { header: 'Category', cell: (row) => row.category },
    { header: 'Action', cell: (row) => row.action },
    ...(page?.days ?? []).map((day, index) => ({
      header: <time dateTime={day}>{dayHeader(day)}</time>,
      className: 'num',
      cell: (row: AnalyticsEventCounts) => <span data-day={day}>{formatNumber(row.counts[index] ?? 0)}</span>,
    })),
    { header: 'Total', className: 'num', cell: (row) => <strong data-testid="analytics-total">{formatNumber(row.total)}</strong> },
  ];

  return (
    <section className="page admin-console" aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics events</h1>
      <p className="lead">How many times each tracked action happened, per day (UTC). Events carry no personal data.</p>
      <div className="admin-console__bar">
        <Link to="/admin/queues">Back to the queue console</Link>
        {page && (
          <p className="admin-console__transport">
            {page.forwarder ? `Also sent to ${forwarderNames[page.forwarder]}.` : 'Kept here only: no collector is configured.'}
          </p>
        )}
      </div>
      <form className="admin-filters" onSubmit={submit} aria-label="Choose the days">
        <InputFilter label="From" type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <InputFilter label="To" type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <button type="submit" className="button button--small button--primary">
          Show
        </button>
      </form>

      {counts.isPending && <Spinner size="large" label="Loading the analytics events" />}
      <ErrorNotice error={counts.error} />
      {page && (
        <div className="admin-card">
          <div className="admin-card__head">
            <h2>
              {dayHeader(page.from)} – {dayHeader(page.to)}
            </h2>
          </div>
          {page.events.length === 0 ? (
            <p className="admin-empty">No event was recorded on these days.</p>
          ) : (
            <SimpleTable className="admin-table" label="Events per day" rows={page.events} rowKey={(row) => row.name} rowAttributes={(row) => ({ 'data-testid': 'analytics-event', 'data-event': row.name })} columns={columns} />
          )}
        </div>
      )}
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import { SimpleTable } from '@/components/ui/simple-table';

/** A titled card of the admin pages (workers, retried and stalled jobs, schedules …). */
export function AdminCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card" aria-labelledby={id}>
      <div className="admin-card__head">
        <h2 id={id}>{title}</h2>
      </div>
      {children}
    </section>
  );
}

/** An admin list as a table, or the sentence saying it is empty. */
export function AdminTable<Row>({ empty, emptyTestId, ...table }: Parameters<typeof SimpleTable<Row>>[0] & { empty: string; emptyTestId?: string }) {
  if (table.rows.length === 0)
    return (
      <p className="admin-empty" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return <SimpleTable className="admin-table" {...table} />;
}

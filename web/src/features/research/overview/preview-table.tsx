import { isLockedRow, type TablePage } from '@serpwise/contracts';
import type { ReactNode } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { DataTable } from '@/components/ui/table/data-table';
import { useResearch, type ResearchParams } from '../api/research-request';
import { Card, ResearchError } from '../components/status';

/**
 * A few rows of a research table on an overview, linking to the full table. Visible rows only: the full table
 * carries the lock overlay and the teaser.
 */
export function PreviewTable<Row>({
  title,
  endpoint,
  params,
  columns,
  rowKey,
  link,
  rows: rowCount = 6,
  empty,
}: {
  title: string;
  endpoint: string;
  params: ResearchParams | null;
  columns: ColumnDef<Row>[];
  rowKey: (row: Row) => string;
  link: { to: string; label: string };
  rows?: number;
  empty: ReactNode;
}) {
  const { data, error, isFetching } = useResearch<TablePage<Row>>(endpoint, params);
  const rows = (data?.rows ?? []).filter((row) => !isLockedRow(row)).slice(0, rowCount);
  return (
    <Card
      title={title}
      link={link}
    >
      {error ? (
        <ResearchError error={error} />
      ) : (
        <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} sort={null} lock={data?.lock ?? null} throttledColumns={data?.throttledColumns} loading={isFetching && !data} emptyMessage={empty} />
      )}
    </Card>
  );
}

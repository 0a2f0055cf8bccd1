import { describe, expect, it, jest } from '@jest/globals';
import type { LockedRow } from '@serpwise/contracts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { ColumnDef } from './columns';
import { animatesRows, DataTable } from './data-table';
import { useRowSelection } from './row-selection';
import type { SortState } from './sort-cycle';

interface Row {
  keyword: string;
  volume: number;
  cpc: number | null;
  position: number | null;
}

const columns: ColumnDef<Row>[] = [
  { key: 'keyword', label: 'Keyword', kind: 'text' },
  { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
  { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency' },
  { key: 'position', label: 'Position', kind: 'number', emptyValues: 'high', align: 'center' },
];
const rows: (Row | LockedRow)[] = [
  { keyword: 'running shoes', volume: 450000, cpc: null, position: 2 },
  { keyword: 'trail shoes', volume: 1234, cpc: null, position: null },
  { locked: true, rowNumber: 3 },
  { locked: true, rowNumber: 4 },
];
const lock = { text: 'Log in to see all results', link: '/auth/login' };

function SortableTable({ onSort }: { onSort: (sort: SortState | null) => void }) {
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <DataTable
      caption="Keywords"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.keyword}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSort(next);
      }}
    />
  );
}

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('DataTable', () => {
  it('formats cells and aligns numbers right unless told otherwise', () => {
    inRouter(<DataTable caption="Keywords" columns={columns} rows={rows} rowKey={(row) => row.keyword} sort={null} />);
    const table = screen.getByRole('table', { name: 'Keywords' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('450k')).toHaveClass('sw-table__cell--right');
    expect(within(first).getByText('2')).toHaveClass('sw-table__cell--center');
    expect(within(within(table).getAllByRole('row')[2]!).getAllByText('—')).toHaveLength(2);
  });

  it('cycles a text header asc → desc → none and a numeric header desc → asc → none', async () => {
    const onSort = jest.fn<(sort: SortState | null) => void>();
    inRouter(<SortableTable onSort={onSort} />);
    const keyword = screen.getByRole('button', { name: 'Keyword' });
    await userEvent.click(keyword);
    await userEvent.click(keyword);
    await userEvent.click(keyword);
    expect(onSort.mock.calls.map(([sort]) => sort?.direction ?? 'none')).toEqual(['asc', 'desc', 'none']);
    onSort.mockClear();
    const volume = screen.getByRole('button', { name: 'Volume' });
    await userEvent.click(volume);
    expect(screen.getByRole('columnheader', { name: 'Volume' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(volume);
    expect(screen.getByRole('columnheader', { name: 'Volume' })).toHaveAttribute('aria-sort', 'ascending');
    // Another column starts at its own first direction.
    await userEvent.click(screen.getByRole('button', { name: 'Keyword' }));
    expect(onSort.mock.calls.map(([sort]) => `${sort?.column}:${sort?.direction}`)).toEqual(['volume:desc', 'volume:asc', 'keyword:asc']);
    expect(screen.getByRole('columnheader', { name: 'Volume' })).toHaveAttribute('aria-sort', 'none');
  });

  it('covers locked rows with the lock overlay, linking where the server says', () => {
    inRouter(<DataTable caption="Keywords" columns={columns} rows={rows} rowKey={(row) => row.keyword} sort={null} lock={lock} returnTo="/seo/keywords/domain?query=a.com" />);
    const overlay = screen.getByTestId('lock-overlay');
    const link = within(overlay).getByRole('link', { name: 'Log in to see all results' });
    expect(link).toHaveAttribute('href', '/auth/login?returnUrl=%2Fseo%2Fkeywords%2Fdomain%3Fquery%3Da.com');
    expect(within(overlay).getByText('2 more rows on this page')).toBeInTheDocument();
    // Locked rows carry no data: only the two visible keywords are rows of the table body.
    expect(screen.queryByText('running shoes')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 2 + 1);
  });

  it('shows "Unlock all the data" to a logged-in free user, and locks the withheld paid cells', () => {
    const freeLock = { text: 'Unlock all the data', link: '/mainpurchase' };
    inRouter(<DataTable caption="Keywords" columns={columns} rows={rows} rowKey={(row) => row.keyword} sort={null} lock={freeLock} throttledColumns={['cpc']} />);
    expect(screen.getByRole('link', { name: 'Unlock all the data', description: '' })).toBeInTheDocument();
    const throttled = screen.getAllByRole('link', { name: 'Unlock all the data' }).filter((link) => link.classList.contains('throttled'));
    expect(throttled).toHaveLength(2);
    expect(throttled[0]).toHaveAttribute('href', '/mainpurchase');
  });

  it('selects rows one by one or the whole page, never locked rows', async () => {
    function Selectable() {
      const selection = useRowSelection();
      return (
        <>
          <DataTable caption="Keywords" columns={columns} rows={rows} rowKey={(row) => row.keyword} sort={null} selection={selection} lock={lock} />
          <output>{selection.selected.join('|')}</output>
        </>
      );
    }
    inRouter(<Selectable />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select trail shoes' }));
    expect(screen.getByRole('status')).toHaveTextContent('trail shoes');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('trail shoes|running shoes');
    expect(all.checked).toBe(true);
    await userEvent.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('caps the selection when the table asks for a limit', async () => {
    function Capped() {
      const selection = useRowSelection(1);
      return <DataTable caption="Keywords" columns={columns} rows={rows.slice(0, 2)} rowKey={(row) => row.keyword} sort={null} selection={selection} />;
    }
    inRouter(<Capped />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select running shoes' }));
    expect(screen.getByRole('checkbox', { name: 'Select trail shoes' })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeInTheDocument();
  });

  it('says so when there are no rows, and animates the body only for 1 to 50 rows', () => {
    inRouter(<DataTable caption="Keywords" columns={columns} rows={[]} rowKey={(row) => row.keyword} sort={null} emptyMessage="No keywords found." />);
    expect(screen.getByText('No keywords found.')).toBeInTheDocument();
    expect([0, 1, 50, 51].map(animatesRows)).toEqual([false, true, true, false]);
  });
});

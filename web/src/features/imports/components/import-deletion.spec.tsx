import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ImportDeletionStatus, ImportStatus } from '@serpwise/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { ImportsPage } from './imports-page';

/** The import's row follows its deletion live (issue 19): "Deleting… n %", Cancel, gone when done. */

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const importId = '3f0c9a52-1d5d-4c4b-9b53-0c3b4c8f9a11';
const deletionId = '9a1c7a52-3f5d-4c4b-9b53-0c3b4c8f9a12';

const finishedImport: ImportStatus = {
  ...jobStatus({ id: importId, queue: 'imports', name: 'import.file', state: 'completed', percent: 100, total: 1000, done: 1000 }),
  import: {
    format: 'serp', fileName: 'history.csv', fileBytes: 1000, territory: 'US', domain: null, date: null, dateFrom: null, dateTo: null,
    rowsRead: 1000, rowsLanded: 1000, rowsDuplicate: 0, rowsRejected: 0, spread: null, months: ['2026-10-01'], errorReportUrl: null, brought: null,
  },
  deletion: null,
};

const deletion = (overrides: Partial<ImportDeletionStatus> = {}): ImportDeletionStatus => ({
  ...jobStatus({ id: deletionId, queue: 'imports', name: 'import.delete', total: 0 }),
  deletion: { importId, fileName: 'history.csv', removed: null },
  ...overrides,
});

function renderPage(list: ImportStatus[], socket = new FakeSocket(true)) {
  let jobReads = 0;
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/rest/imports') return jsonResponse(list);
    if (url === `/rest/imports/${importId}` && init?.method === 'DELETE') return jsonResponse(deletion(), 202);
    if (url === `/rest/imports/${importId}/cancel`) return jsonResponse({ ...finishedImport, deletion: deletion({ state: 'cancelled', message: 'Cancelled' }) });
    // Each read of the deletion finds it 10 points further.
    if (url === `/rest/jobs/${deletionId}`) {
      jobReads += 1;
      return jsonResponse(deletion({ state: 'active', percent: 10 * jobReads, done: 100 * jobReads, total: 1000 }));
    }
    return jsonResponse({}, 404);
  });
  renderInApp(<ImportsPage />, '/account/imports', socket.asConnection());
  return socket;
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

async function startDeletion() {
  const row = await screen.findByTestId('import-row');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return row;
}

describe('deleting an import from its row', () => {
  it('shows "Deleting… n %" live from the socket, and the row disappears when the deletion is done', async () => {
    const socket = renderPage([finishedImport]);
    const row = await startDeletion();
    // The 202's status (0 %), then the row's first read of GET /rest/jobs/:id (10 %).
    expect(await within(row).findByTestId('deletion-state')).toHaveTextContent(/^Deleting… (0|10) %$/);
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    act(() => socket.push(deletion({ state: 'active', percent: 42, done: 420, total: 1000, message: 'Removing search results: 420 of 1,000' })));
    expect(await within(row).findByText('Deleting… 42 %')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Deletion of history.csv' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(row).getByText('Removing search results: 420 of 1,000')).toBeInTheDocument();
    // Another job's event does not move this row.
    act(() => socket.push(deletion({ id: '00000000-0000-4000-8000-000000000000', state: 'active', percent: 90 })));
    expect(within(row).getByText('Deleting… 42 %')).toBeInTheDocument();

    act(() => socket.push(deletion({ state: 'completed', percent: 100, done: 1000, total: 1000 })));
    await waitFor(() => expect(screen.queryByTestId('import-row')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/rest/imports/${importId}` && init?.method === 'DELETE')).toBe(true);
  });

  it('offers Cancel while the deletion runs; a cancelled deletion leaves the import on the list with Delete', async () => {
    const socket = renderPage([finishedImport]);
    const row = await startDeletion();
    act(() => socket.push(deletion({ state: 'active', percent: 30, done: 300, total: 1000 })));
    await within(row).findByText('Deleting… 30 %');
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(await within(row).findByText('Deletion cancelled: nothing was removed.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(row).getByText('Imported')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/rest/imports/${importId}/cancel` && init?.method === 'POST')).toBe(true);
  });

  it('follows a deletion already running when the page opens, by the 3-s poll while the socket is down', async () => {
    renderPage([{ ...finishedImport, deletion: deletion({ state: 'active', percent: 5, done: 50, total: 1000 }) }], new FakeSocket(false));
    const row = await screen.findByTestId('import-row');
    expect(within(row).getByTestId('deletion-state')).toHaveTextContent(/^Deleting… (5|10) %$/);
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // One read when the row starts following it, then the 3-s poll of GET /rest/jobs/:id (the deletion as the socket would say it).
    expect(await within(row).findByText('Deleting… 10 %')).toBeInTheDocument();
    expect(await within(row).findByText('Deleting… 20 %', undefined, { timeout: 6_000 })).toBeInTheDocument();
  });
});

import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ImportStatus } from '@serpwise/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { ImportsPage } from './imports-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const importStatus = (overrides: Partial<ImportStatus> = {}, facts: Partial<ImportStatus['import']> = {}): ImportStatus => ({
  ...jobStatus({ queue: 'imports', name: 'import.file', total: 1000 }),
  import: {
    format: 'gsc', fileName: 'stupski.zip', fileBytes: 1000, territory: 'US', domain: null, date: null,
    rowsRead: null, rowsLanded: null, rowsDuplicate: null, rowsRejected: null, errorReportUrl: null, ...facts,
  },
  ...overrides,
});

function renderPage(list: ImportStatus[], socket = new FakeSocket(true)) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/rest/imports' && init?.method === 'POST') return jsonResponse(importStatus(), 202);
    if (url === '/rest/imports') return jsonResponse(list);
    if (url.startsWith('/rest/imports/') && init?.method === 'DELETE') return jsonResponse({ deleted: true });
    if (url.endsWith('/cancel') && init?.method === 'POST') return jsonResponse({ ...list[0]!, state: 'cancelled', message: 'Cancelled' });
    if (url.startsWith('/rest/imports/')) return jsonResponse(list[0] ?? importStatus());
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <MemoryRouter initialEntries={['/account/imports']}>
        <ImportsPage />
      </MemoryRouter>
    </Providers>,
  );
  return socket;
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('ImportsPage', () => {
  it('uploads the chosen file with its kind and territory, then follows the import live to its counts', async () => {
    const socket = renderPage([]);
    await screen.findByText('Nothing imported yet.');
    await userEvent.selectOptions(screen.getByLabelText('Territory of the searches'), 'UK');
    await userEvent.upload(screen.getByLabelText('File to import'), new File(['zip'], 'stupski.zip', { type: 'application/zip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/rest/imports' && init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === '/rest/imports' && request?.method === 'POST')!;
    const form = init!.body as FormData;
    expect([form.get('format'), form.get('territory'), (form.get('file') as File).name]).toEqual(['gsc', 'UK', 'stupski.zip']);
    expect((init!.headers as Record<string, string>)['x-csrf-token']).toBe('t');

    const row = await screen.findByTestId('import-row');
    act(() => socket.push(importStatus({ state: 'active', percent: 40, message: 'Reading the file: 400 rows' })));
    expect(await within(row).findByText('Reading the file: 400 rows')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    act(() => socket.push(importStatus({ state: 'completed', percent: 100 }, { rowsRead: 1000, rowsLanded: 998, rowsDuplicate: 0, rowsRejected: 2, errorReportUrl: '/rest/imports/x/errors?expires=1&signature=s' })));
    await waitFor(() => expect(row).toHaveAttribute('data-state', 'completed'));
    expect(within(row).getAllByRole('cell').slice(3, 7).map((cell) => cell.textContent)).toEqual(['1,000', '998', '0', '2 Error report']);
    expect(within(row).getByRole('link', { name: 'Error report' })).toHaveAttribute('href', '/rest/imports/x/errors?expires=1&signature=s');
  });

  it('shows why a file was refused, and deletes an import once the user confirms', async () => {
    renderPage([importStatus({ state: 'failed', error: 'This is not a Google Ads Keyword Planner download.' }, { format: 'keyword-planner', fileName: 'x.csv' })]);
    const row = await screen.findByTestId('import-row');
    expect(within(row).getByRole('alert')).toHaveTextContent('This is not a Google Ads Keyword Planner download.');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('import-row')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url, init]) => url.startsWith('/rest/imports/') && init?.method === 'DELETE')).toBe(true);
  });

  it('cancels a running import, which then shows as cancelled with Delete', async () => {
    renderPage([importStatus({ state: 'active', percent: 20, message: 'Reading the file: 200 rows' })]);
    const row = await screen.findByTestId('import-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(row).toHaveAttribute('data-state', 'cancelled'));
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/cancel') && init?.method === 'POST')).toBe(true);
  });
});

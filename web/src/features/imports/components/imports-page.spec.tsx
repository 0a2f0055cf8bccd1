import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ImportInspection, ImportStatus } from '@serpwise/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { ImportsPage } from './imports-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const importStatus = (overrides: Partial<ImportStatus> = {}, facts: Partial<ImportStatus['import']> = {}): ImportStatus => ({
  ...jobStatus({ queue: 'imports', name: 'import.file', total: 1000 }),
  import: {
    format: 'gsc', fileName: 'stupski.zip', fileBytes: 1000, territory: 'US', domain: null, date: null, dateFrom: null, dateTo: null,
    rowsRead: null, rowsLanded: null, rowsDuplicate: null, rowsRejected: null, spread: null, months: null, errorReportUrl: null, brought: null, ...facts,
  },
  ...overrides,
});

const zipInspection: ImportInspection = { format: 'gsc', needs: ['territory'], found: { site: 'stupski.org', dateFrom: '2026-03-01', dateTo: '2026-08-31' }, problem: null };

function renderPage(list: ImportStatus[], socket = new FakeSocket(true), inspection: (format: string) => ImportInspection = () => zipInspection) {
  // Like the server: an accepted upload is in the list from then on (the page reads the list again after it).
  let uploaded: ImportStatus[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/rest/imports/inspect') return jsonResponse(inspection((init!.body as FormData).get('format') as string));
    if (url === '/rest/imports' && init?.method === 'POST') {
      uploaded = [importStatus()];
      return jsonResponse(importStatus(), 202);
    }
    if (url === '/rest/imports') return jsonResponse([...uploaded, ...list]);
    // A deletion so quick that it answers completed (import-deletion.spec.tsx follows a running one).
    if (url.startsWith('/rest/imports/') && init?.method === 'DELETE') return jsonResponse({ ...jobStatus({ queue: 'imports', name: 'import.delete', state: 'completed' }), deletion: { importId: list[0]!.id, fileName: 'x.csv', removed: null } });
    if (url.endsWith('/cancel') && init?.method === 'POST') return jsonResponse({ ...list[0]!, state: 'cancelled', message: 'Cancelled' });
    if (url.startsWith('/rest/imports/')) return jsonResponse(list[0] ?? importStatus());
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

describe('ImportsPage', () => {
  it('uploads the chosen file with its kind and territory, then follows the import live to its counts', async () => {
    const socket = renderPage([]);
    await screen.findByText('Nothing imported yet.');
    // Nothing but the kind and the file until the file is read.
    expect(screen.queryByLabelText('Territory of the searches')).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('File to import'), new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])], 'stupski.zip', { type: 'application/zip' }));
    // The ZIP says its site and dates: the form asks only for the territory.
    expect(await screen.findByText('Read from the file: the site stupski.org, 2026-03-01 to 2026-08-31.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Site')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('First day of the data')).not.toBeInTheDocument();
    const [, inspect] = fetchMock.mock.calls.find(([url]) => url === '/rest/imports/inspect')!;
    const sent = inspect!.body as FormData;
    // A ZIP goes whole to be inspected.
    expect([sent.get('format'), sent.get('fileSize'), (sent.get('file') as File).size]).toEqual(['gsc', '6', 6]);
    await userEvent.selectOptions(screen.getByLabelText('Territory of the searches'), 'UK');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/rest/imports' && init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === '/rest/imports' && request?.method === 'POST')!;
    const form = init!.body as FormData;
    expect([form.get('format'), form.get('territory'), form.get('domain'), form.get('date'), form.get('dateFrom'), form.get('dateTo'), (form.get('file') as File).name])
      .toEqual(['gsc', 'UK', '', '', '', '', 'stupski.zip']);
    expect((init!.headers as Record<string, string>)['x-csrf-token']).toBe('t');

    const row = await screen.findByTestId('import-row');
    act(() => socket.push(importStatus({ state: 'active', percent: 40, message: 'Reading the file: 400 rows' })));
    expect(await within(row).findByText('Reading the file: 400 rows')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    act(() => socket.push(importStatus({ state: 'completed', percent: 100 }, {
      rowsRead: 1000, rowsLanded: 998, rowsDuplicate: 0, rowsRejected: 2, errorReportUrl: '/rest/imports/x/errors?expires=1&signature=s',
      spread: 'daily', months: ['2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01'],
    })));
    await waitFor(() => expect(row).toHaveAttribute('data-state', 'completed'));
    // How the Search Console export was spread over its months, in words.
    expect(within(row).getByText("Spread over 6 months (Apr 2026 – Sep 2026) by the export's daily clicks and impressions.")).toBeInTheDocument();
    expect(within(row).getAllByRole('cell').slice(3, 7).map((cell) => cell.textContent)).toEqual(['1,000', '998', '0', '2 Error report']);
    expect(within(row).getByRole('link', { name: 'Error report' })).toHaveAttribute('href', '/rest/imports/x/errors?expires=1&signature=s');
  });

  it('asks for the site and the first and last day of a Queries.csv alone, and sends them; Import waits until they are given', async () => {
    renderPage([], new FakeSocket(true), () => ({ format: 'gsc', needs: ['site', 'dateRange', 'territory'], found: {}, problem: null }));
    const text = 'Top queries,Clicks,Impressions,CTR,Position\n'.padEnd(600 * 1024, 'x');
    await userEvent.upload(screen.getByLabelText('File to import'), new File([text], 'Queries.csv', { type: 'text/csv' }));
    const site = await screen.findByLabelText('Site');
    // A text file sends only its head (512 KB) and says its whole size.
    const [, inspect] = fetchMock.mock.calls.find(([url]) => url === '/rest/imports/inspect')!;
    expect([(inspect!.body as FormData).get('fileSize'), ((inspect!.body as FormData).get('file') as File).size]).toEqual([String(600 * 1024), 512 * 1024]);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await userEvent.type(site, 'stupski.org');
    fireEvent.change(screen.getByLabelText('First day of the data'), { target: { value: '2026-03-01' } });
    expect(importButton).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Last day of the data'), { target: { value: '2026-08-31' } });
    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/rest/imports' && init?.method === 'POST')).toBe(true));
    const form = fetchMock.mock.calls.find(([url, request]) => url === '/rest/imports' && request?.method === 'POST')![1]!.body as FormData;
    expect([form.get('territory'), form.get('domain'), form.get('date'), form.get('dateFrom'), form.get('dateTo')]).toEqual(['US', 'stupski.org', '', '2026-03-01', '2026-08-31']);
  });

  it('asks a Keyword Planner file without monthly columns for its month, and sends its first day', async () => {
    renderPage([], new FakeSocket(true), (format) => ({ format: format as 'keyword-planner', needs: ['date', 'territory'], found: { date: null }, problem: null }));
    await userEvent.selectOptions(screen.getByLabelText('Kind of file'), 'keyword-planner');
    await userEvent.upload(screen.getByLabelText('File to import'), new File(['Keyword\tAvg. monthly searches\n'], 'Keyword Stats.csv'));
    const month = await screen.findByLabelText('Month of the data');
    expect(screen.queryByText(/^Read from the file/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Site')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    fireEvent.change(month, { target: { value: '2026-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/rest/imports' && init?.method === 'POST')).toBe(true));
    const form = fetchMock.mock.calls.find(([url, request]) => url === '/rest/imports' && request?.method === 'POST')![1]!.body as FormData;
    expect([form.get('format'), form.get('date'), form.get('domain'), form.get('dateFrom')]).toEqual(['keyword-planner', '2026-07-01', '', '']);
  });

  it('says which month a Keyword Planner file dates itself by, and asks only for the territory', async () => {
    renderPage([], new FakeSocket(true), () => ({ format: 'keyword-planner', needs: ['territory'], found: { date: '2026-08-01' }, problem: null }));
    await userEvent.selectOptions(screen.getByLabelText('Kind of file'), 'keyword-planner');
    await userEvent.upload(screen.getByLabelText('File to import'), new File(['Keyword\tAvg. monthly searches\n'], 'Keyword Stats.csv'));
    expect(await screen.findByText('Read from the file: August 2026.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Month of the data')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('shows why the chosen file is not of the chosen kind, and keeps Import disabled', async () => {
    renderPage([], new FakeSocket(true), () => ({ format: 'gsc', needs: [], found: {}, problem: 'This is not a Google Search Console Performance export (its ZIP, or its queries CSV).' }));
    await userEvent.upload(screen.getByLabelText('File to import'), new File(['a,b\n'], 'other.csv'));
    expect(await screen.findByTestId('import-problem')).toHaveTextContent('This is not a Google Search Console Performance export (its ZIP, or its queries CSV).');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.queryByLabelText('Territory of the searches')).not.toBeInTheDocument();
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

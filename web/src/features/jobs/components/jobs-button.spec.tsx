import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { JobCenterEntry, JobListPage } from '@serpwise/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { JobsButton } from './jobs-button';
import { JobsPage } from './jobs-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const csvExport = (n: number, overrides: Partial<JobCenterEntry> = {}): JobCenterEntry => ({
  ...jobStatus({ id: id(n), queue: 'exports', name: 'export.table', total: 1200, createdAt: `2026-11-22T10:0${n}:00.000Z` }),
  export: { table: 'seo/top-pages', params: { domain: 'alpha.example', countryCode: 'US' }, format: 'csv', scope: 'full', tableRows: 1200, rowLimit: null, downloadUrl: null, spreadsheetUrl: null, linkExpiresAt: null, fileExpiresAt: null },
  ...overrides,
});
const anImport = (n: number, overrides: Partial<JobCenterEntry> = {}): JobCenterEntry => ({
  ...jobStatus({ id: id(n), queue: 'imports', name: 'import.file', total: 2048, createdAt: `2026-11-22T10:0${n}:00.000Z` }),
  import: {
    format: 'serp', fileName: 'serp-results.csv', fileBytes: 2048, territory: 'US', domain: null, date: null, dateFrom: null, dateTo: null,
    rowsRead: null, rowsLanded: null, rowsDuplicate: null, rowsRejected: null, spread: null, months: null, errorReportUrl: null, brought: null,
  },
  ...overrides,
});

let listed: JobCenterEntry[] = [];
/** Waiting or running jobs of the user older than the page the server sends (it counts them all). */
let olderUnfinished = 0;
const listCalls = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/rest/jobs?'));

function renderWithSocket(element: React.ReactNode, socket = new FakeSocket(true)) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url.startsWith('/rest/jobs?')) {
      const unfinished = olderUnfinished + listed.filter((job) => job.state === 'queued' || job.state === 'active').length;
      return jsonResponse({ jobs: listed, next: null, unfinished } satisfies JobListPage);
    }
    if (/^\/rest\/jobs\/[^/]+\/(retry|cancel)$/.test(url) && init?.method === 'POST') return jsonResponse(listed[0]);
    if (url === '/rest/exports' && init?.method === 'POST') return jsonResponse(csvExport(9), 202);
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <MemoryRouter>{element}</MemoryRouter>
    </Providers>,
  );
  return socket;
}

beforeEach(() => {
  olderUnfinished = 0;
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  listed = [anImport(3, { state: 'active', percent: 40, message: 'Reading the file: 800 rows' }), csvExport(2, { waiting: { ahead: 2, paused: false } }), csvExport(1, { state: 'completed', percent: 100 })];
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the header’s jobs button', () => {
  it('counts every waiting or running job the server counts, not only the loaded page’s, and follows the events', async () => {
    olderUnfinished = 23;
    const socket = renderWithSocket(<JobsButton />);
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('25'));
    const calls = listCalls().length;
    listed[0] = { ...listed[0]!, state: 'completed', percent: 100, finishedAt: '2026-11-22T10:09:00.000Z' };
    act(() => socket.push(listed[0]!));
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('24'));
    expect(screen.getByRole('button', { name: 'Jobs: 24 running' })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(calls);
  });

  it('counts the jobs waiting or running, live over the socket, and opens a tray of the latest ones', async () => {
    const socket = renderWithSocket(<JobsButton />);
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('2'));
    expect(screen.getByRole('button', { name: 'Jobs: 2 running' })).toBeInTheDocument();

    // The import finishes: the count drops without a read of the list.
    const calls = listCalls().length;
    listed[0] = { ...listed[0]!, state: 'completed', percent: 100, finishedAt: '2026-11-22T10:09:00.000Z' };
    act(() => socket.push(listed[0]!));
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('1'));
    expect(listCalls()).toHaveLength(calls);

    // A job the list does not hold yet (started in another tab) reloads it.
    listed = [csvExport(4, { state: 'active', percent: 5, done: 60 }), ...listed];
    act(() => socket.push(listed[0]!));
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('2'));

    await userEvent.click(screen.getByTestId('jobs-button'));
    const tray = screen.getByTestId('jobs-tray');
    const rows = within(tray).getAllByTestId('job-row');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['running', 'completed', 'waiting', 'expired']);
    expect(rows[0]).toHaveTextContent('Top pages of alpha.example');
    expect(rows[0]).toHaveTextContent('5% · 60 of 1,200 rows');
    expect(rows[2]).toHaveTextContent('2 jobs ahead');
    expect(within(tray).getByRole('link', { name: 'All your jobs' })).toHaveAttribute('href', '/exports');
  });

  it('counts a job started in this tab at once, before any worker speaks of it', async () => {
    function StartExport() {
      const start = useMutation({ mutationFn: async () => csvExport(5) });
      return (
        <button type="button" onClick={() => start.mutate()}>
          Start
        </button>
      );
    }
    renderWithSocket(
      <>
        <JobsButton />
        <StartExport />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('2'));
    listed = [csvExport(5), ...listed];
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('jobs-running')).toHaveTextContent('3'));
  });

  it('reads the list every 3 s only while the socket is down', async () => {
    jest.useFakeTimers();
    const socket = renderWithSocket(<JobsButton />, new FakeSocket(false));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    const first = listCalls().length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3_100);
    });
    expect(listCalls().length).toBe(first + 1);
    act(() => socket.setConnected(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    const afterReconnect = listCalls().length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(listCalls().length).toBe(afterReconnect);
  });
});

describe('/exports, your jobs', () => {
  it('shows every job with its state and actions, and has no Refresh button', async () => {
    listed = [
      csvExport(3, { state: 'failed', error: 'The research database went away.' }),
      csvExport(2, { state: 'completed', percent: 100, finishedAt: '2026-11-22T10:03:00.000Z', result: { bytes: 4096 }, export: { ...csvExport(2).export!, downloadUrl: '/rest/exports/x/download?expires=1&signature=s', fileExpiresAt: '2026-11-23T10:03:00.000Z' } }),
      anImport(1, { waiting: { ahead: 0, paused: true } }),
    ];
    renderWithSocket(<JobsPage />);
    expect(await screen.findByRole('heading', { name: 'Your jobs' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('job-row');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['failed', 'completed', 'paused']);
    expect(rows[0]).toHaveTextContent('The research database went away.');
    expect(within(rows[1]!).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/rest/exports/x/download?expires=1&signature=s');
    expect(rows[1]).toHaveTextContent('4 KB');
    expect(rows[1]).toHaveTextContent('Available until');
    expect(rows[2]).toHaveTextContent('SERP file import');
    expect(rows[2]).toHaveTextContent('Paused by an administrator');
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === `/rest/jobs/${id(3)}/retry` && init?.method === 'POST')).toBe(true));
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/rest/exports' && init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === '/rest/exports' && request?.method === 'POST')!;
    expect(JSON.parse(init!.body as string)).toEqual({ table: 'seo/top-pages', params: { domain: 'alpha.example', countryCode: 'US' }, format: 'csv', scope: 'full' });
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/rest/jobs/${id(1)}/cancel`)).toBe(true));
  });
});

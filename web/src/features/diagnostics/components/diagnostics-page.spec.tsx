import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { DiagnosticsPage } from './diagnostics-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const json = jsonResponse;
const pollsOf = () => fetchMock.mock.calls.filter(([url, init]) => url.startsWith('/rest/jobs/') && (init?.method ?? 'GET') === 'GET');

function renderPage(socket: FakeSocket) {
  return render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <DiagnosticsPage />
    </Providers>,
  );
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('DiagnosticsPage', () => {
  it('follows the job from socket events while the socket is up', async () => {
    const socket = new FakeSocket(true);
    fetchMock.mockImplementation(async (url) => (url === '/rest/diagnostics' ? json(jobStatus(), 202) : json(jobStatus())));
    renderPage(socket);

    await userEvent.click(screen.getByRole('button', { name: 'Run system check' }));
    expect(await screen.findByText('Queued')).toBeInTheDocument();

    act(() => socket.push(jobStatus({ state: 'active', percent: 40, done: 2, message: 'Writing and reading the file store' })));
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('job-transport')).toHaveTextContent('Live updates');

    act(() => socket.push(jobStatus({ state: 'completed', percent: 100, done: 5, message: 'Done', result: { steps: [], totalMillis: 1 } })));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    // One catch-up read when the job is first followed; no polling while the socket is connected.
    expect(pollsOf().length).toBeLessThanOrEqual(1);
  });

  it('polls the status every 3 seconds while the socket is down, and stops once it is back', async () => {
    const socket = new FakeSocket(false);
    const statuses = [jobStatus({ state: 'active', percent: 20, done: 1, message: 'Round-trip through Redis' })];
    fetchMock.mockImplementation(async (url) => (url === '/rest/diagnostics' ? json(jobStatus(), 202) : json(statuses[0])));
    renderPage(socket);

    const startedAt = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Run system check' }));
    // First load: the socket is still trying, which is no lost connection.
    expect(await screen.findByTestId('job-transport')).toHaveTextContent('Connecting…');
    act(() => socket.fire('connect_error', new Error('refused')));
    expect(screen.getByTestId('job-transport')).toHaveTextContent('Connection lost: checking every 3 seconds');
    expect(await screen.findByText('20%')).toBeInTheDocument();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_900);

    act(() => socket.setConnected(true));
    await waitFor(() => expect(screen.getByTestId('job-transport')).toHaveTextContent('Live updates'));
    const pollsWhenBack = pollsOf().length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(pollsOf().length).toBeLessThanOrEqual(pollsWhenBack + 1); // the one catch-up read on reconnect, no more
  }, 15_000);
});

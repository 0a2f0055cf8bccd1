import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminQueuesOverview, QueueSnapshot } from '@serpwise/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jsonResponse } from '@test/fake-socket';
import { adminQueuesRoutes } from './routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

function App() {
  return useRoutes([{ path: '/', element: <p>Home page</p> }, ...adminQueuesRoutes]);
}

const queue = (overrides: Partial<QueueSnapshot> = {}): QueueSnapshot => ({
  name: 'diagnostics',
  isPaused: false,
  counts: { waiting: 0, active: 0, completed: 3, failed: 0, delayed: 0, paused: 0 },
  throughputPerMinute: 3,
  waitMs: { p50: 10, p95: 20, p99: 30 },
  runMs: { p50: 1_500, p95: 2_000, p99: 2_500 },
  jobs: [],
  ...overrides,
});
const overview = (queues: QueueSnapshot[]): AdminQueuesOverview => ({
  at: new Date().toISOString(),
  queues,
  workers: [{ id: 'h:1', host: 'worker-host', pid: 1, concurrency: 4, queues: ['diagnostics'], lastHeartbeat: new Date().toISOString() }],
  scheduled: [{ key: 'billing.renew-subscriptions', name: 'billing.renew-subscriptions', everyMs: 900_000, pattern: null, nextRun: new Date().toISOString() }],
});

function renderAt(user: { isLoggedIn: boolean; isAdmin: boolean; roles: string[] }, socket = new FakeSocket(true)) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user, tracking: {} });
    if (url === '/rest/admin/queues') return jsonResponse(overview([queue()]));
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <MemoryRouter initialEntries={['/admin/queues']}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
  return socket;
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('/admin/queues', () => {
  it('sends a non-admin home without asking for the queues', async () => {
    renderAt({ isLoggedIn: true, isAdmin: false, roles: ['full'] });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/rest/admin/queues')).toBe(false);
  });

  it('shows an admin the figures, workers and schedules, and follows socket pushes', async () => {
    const socket = renderAt({ isLoggedIn: true, isAdmin: true, roles: ['full', 'admin'] });
    const panel = await screen.findByRole('region', { name: 'Queue diagnostics' });
    expect(within(panel).getByTestId('count-completed')).toHaveTextContent('3');
    expect(within(panel).getByTestId('queue-figures')).toHaveTextContent('3 / min · wait p50 10 ms · p95 20 ms · p99 30 ms · run p50 1.5 s');
    expect(screen.getByTestId('admin-worker')).toHaveTextContent('worker-host');
    expect(screen.getByTestId('admin-scheduled-job')).toHaveTextContent('billing.renew-subscriptions');

    const job = { id: 'job-1', name: 'diagnostic.run', state: 'active', percent: 40, attemptsMade: 0, createdAt: new Date().toISOString(), processedAt: null, finishedAt: null, failedReason: null };
    act(() => socket.fire('admin.queues', overview([queue({ isPaused: true, counts: { waiting: 0, active: 1, completed: 3, failed: 0, delayed: 0, paused: 0 }, jobs: [job] })])));
    const live = await screen.findByRole('button', { name: 'Resume diagnostics' });
    const updated = live.closest('section')!;
    expect(within(updated).getByTestId('count-active')).toHaveTextContent('1');
    expect(within(updated).getByTestId('admin-job-percent')).toHaveTextContent('40%');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/rest/admin/queues')).toHaveLength(1);
  });
});

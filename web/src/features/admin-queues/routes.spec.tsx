import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { csrfMetaName, noQueueAlertRules, type AdminQueuesOverview, type QueueAlert, type QueueAlertsAnswer, type QueueSamplesAnswer, type QueueSnapshot } from '@serpwise/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  retrying: [],
  ...overrides,
});
const overview = (queues: QueueSnapshot[]): AdminQueuesOverview => ({
  at: new Date().toISOString(),
  queues,
  workers: [
    {
      id: 'h:1',
      host: 'worker-host',
      pid: 1,
      concurrency: 4,
      queueConcurrency: { diagnostics: 4, exports: 4, reports: 2 },
      queues: ['diagnostics'],
      lastHeartbeat: new Date().toISOString(),
      startedAt: new Date(Date.now() - 2 * 3_600_000 - 5.5 * 60_000).toISOString(),
      rssBytes: 150 * 1_048_576,
      heapUsedBytes: 60 * 1_048_576,
      currentJobs: [{ queue: 'diagnostics', id: 'job-1abcdef', name: 'diagnostic.run' }],
    },
  ],
  scheduled: [
    { key: 'billing.renew-subscriptions', name: 'billing.renew-subscriptions', everyMs: 900_000, pattern: null, tz: null, nextRun: new Date().toISOString() },
    { key: 'report:1', name: 'report.scheduled', everyMs: null, pattern: '24 6 * * 1', tz: 'UTC', nextRun: new Date().toISOString() },
  ],
  stalled: [{ queue: 'exports', id: 'stalled-job-1', name: null, at: new Date().toISOString() }],
  alerts: [],
});

const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const samples: QueueSamplesAnswer = {
  from: new Date(to.getTime() - 24 * 3_600_000).toISOString(),
  to: to.toISOString(),
  queues: {
    diagnostics: [0, 1, 2].map((back) => ({
      at: new Date(to.getTime() - back * 60_000).toISOString(),
      waiting: back,
      active: 1,
      failed: 0,
      delayed: 0,
      completed: 4 + back,
      failedInMinute: 0,
      waitP50: 10,
      waitP95: 20,
      runP50: 1_000,
      runP95: 1_500,
    })),
  },
};

const raised: QueueAlert = {
  id: 'alert-1', queue: 'diagnostics', rule: 'waiting', message: 'diagnostics: 12 jobs waiting (threshold: more than 5).', clearMessage: null,
  raisedAt: new Date().toISOString(), clearedAt: null, raiseEmail: 'sent', raiseWebhook: 'sent', clearEmail: null, clearWebhook: null, error: null,
};
const alertsAnswer: QueueAlertsAnswer = { thresholds: { diagnostics: { ...noQueueAlertRules, waiting: 5 } }, webhookUrl: null, open: [], history: [raised] };

function renderAt(user: { isLoggedIn: boolean; isAdmin: boolean; roles: string[] }, socket = new FakeSocket(true)) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user, tracking: {} });
    if (url === '/rest/admin/queues') return jsonResponse(overview([queue()]));
    if (url === '/rest/admin/queues/samples') return jsonResponse(samples);
    if (url === '/rest/admin/queue-alerts') return jsonResponse(alertsAnswer);
    if (url.startsWith('/rest/admin/queue-alerts/thresholds/')) return jsonResponse(alertsAnswer);
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
    const worker = screen.getByTestId('admin-worker');
    expect(worker).toHaveTextContent('worker-host');
    // Reports run at their own concurrency (WORKER_REPORTS_CONCURRENCY), said beside the worker's.
    expect(worker).toHaveTextContent('4 · reports 2');
    expect(within(worker).getByTestId('worker-uptime')).toHaveTextContent('2 h 5 min');
    expect(worker).toHaveTextContent('150.0 MB · 60.0 MB');
    expect(within(worker).getByTestId('worker-jobs')).toHaveTextContent('diagnostic.run job-1abc');
    expect(screen.getAllByTestId('schedule-words').map((cell) => cell.textContent)).toEqual(['every 15 minutes', 'every Monday 06:24 UTC']);
    expect(screen.getByTestId('stalled-job')).toHaveAttribute('data-job-id', 'stalled-job-1');
    // The 24-hour charts, one point a minute, once the samples are read.
    const charts = await within(panel).findByTestId('charts-diagnostics');
    expect(charts).toHaveAttribute('data-samples', '3');
    expect(within(charts).getByRole('img', { name: 'diagnostics: jobs finished each minute, last 24 hours' })).toBeInTheDocument();

    const job = { id: 'job-1', name: 'diagnostic.run', state: 'active', percent: 40, attemptsMade: 0, createdAt: new Date().toISOString(), processedAt: null, finishedAt: null, failedReason: null };
    const retried = { ...job, id: 'job-2', state: 'delayed', attemptsMade: 1, failedReason: 'Broke once' };
    act(() => socket.fire('admin.queues', overview([queue({ isPaused: true, counts: { waiting: 0, active: 1, completed: 3, failed: 0, delayed: 1, paused: 0 }, jobs: [job], retrying: [retried] })])));
    const live = await screen.findByRole('button', { name: 'Resume diagnostics' });
    expect(screen.getByTestId('retrying-job')).toHaveAttribute('data-job-id', 'job-2');
    // A delayed job (waiting out its backoff) can be run now.
    expect(within(screen.getByTestId('retrying-job')).getByRole('button', { name: 'Run now' })).toBeInTheDocument();
    const updated = live.closest('section')!;
    expect(within(updated).getByTestId('count-active')).toHaveTextContent('1');
    expect(within(updated).getByTestId('admin-job-percent')).toHaveTextContent('40%');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/rest/admin/queues')).toHaveLength(1);
  });

  it('shows an alert the moment a push raises it, its history, and saves a queue\'s thresholds', async () => {
    // The page's cross-site token, as the server writes it into the page.
    document.head.insertAdjacentHTML('beforeend', `<meta name="${csrfMetaName}" content="token">`);
    const socket = renderAt({ isLoggedIn: true, isAdmin: true, roles: ['full', 'admin'] });
    const form = await screen.findByRole('form', { name: 'Alert thresholds of diagnostics' });
    expect(within(form).getByLabelText('Waiting above')).toHaveValue(5);
    expect(within(form).getByLabelText('Failed jobs above')).toHaveValue(null);
    expect(screen.getByTestId('alert-history')).toHaveTextContent('diagnostics: 12 jobs waiting (threshold: more than 5).');
    expect(screen.queryByTestId('queue-alert-open')).toBeNull();

    act(() => socket.fire('admin.queues', { ...overview([queue()]), alerts: [raised] }));
    expect(await screen.findByTestId('queue-alert-open')).toHaveTextContent('Alert diagnostics: 12 jobs waiting (threshold: more than 5).');

    fireEvent.change(within(form).getByLabelText('Failed jobs above'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Waiting above'), { target: { value: '' } });
    fireEvent.click(within(form).getByLabelText('No live worker'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/rest/admin/queue-alerts/thresholds/diagnostics'));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/rest/admin/queue-alerts/thresholds/diagnostics')!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ failed: { count: 3, minutes: 10 }, waiting: null, oldestWaitingMinutes: null, noWorker: true, workerMemoryMb: null });
  });
});

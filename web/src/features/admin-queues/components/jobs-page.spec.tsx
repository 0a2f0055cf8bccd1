import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminJobSearchPage, AdminJobStory } from '@serpwise/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { adminQueuesRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const failedId = 'aaaaaaaa-1111-4111-8111-111111111111';
const waitingId = 'bbbbbbbb-2222-4222-8222-222222222222';
const actionsUntil = '2026-11-27T11:00:00.000Z';

const found: AdminJobSearchPage = {
  jobs: [
    { id: failedId, queue: 'exports', name: 'export.csv', state: 'failed', ownerEmail: 'ann@example.com', createdAt: '2026-11-27T10:00:00.000Z', startedAt: null, finishedAt: null, attempts: 3, error: 'Timed out' },
    { id: waitingId, queue: 'exports', name: 'export.csv', state: 'queued', ownerEmail: 'ann@example.com', createdAt: '2026-11-27T09:00:00.000Z', startedAt: null, finishedAt: null, attempts: 0, error: null },
  ],
  total: 2,
  startRow: 1,
  pageSize: 20,
};

const story: AdminJobStory = {
  id: failedId,
  queue: 'exports',
  name: 'export.csv',
  record: { state: 'failed', attempts: 3, error: 'Timed out', createdAt: '2026-11-27T10:00:00.000Z', startedAt: null, finishedAt: null, durationMs: 1_500, requestedBy: { userId: 'u', email: 'ann@example.com', sessionId: 's' } },
  queueEntry: { state: 'failed', attemptsMade: 3, failedReason: 'Timed out', addedAt: '2026-11-27T10:00:00.000Z', processedAt: null, finishedAt: null, waitMs: 20, runMs: 1_500 },
  attempts: [{ number: 1, worker: 'worker-a:17', startedAt: '2026-11-27T10:00:01.000Z' }],
  errors: ['Error: Timed out\n    at run (export.js:1:1)'],
  userFacing: jobStatus({ id: failedId, state: 'failed', error: 'Timed out' }),
  audit: [],
};

function App() {
  return useRoutes([{ path: '/', element: <p>Home page</p> }, ...adminQueuesRoutes]);
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockImplementation(async (url) => {
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user: { isLoggedIn: true, isAdmin: true, roles: ['admin'] }, tracking: {} });
    if (url.startsWith('/rest/admin/jobs?')) return jsonResponse(found);
    if (url === `/rest/admin/jobs/${failedId}`) return jsonResponse(story);
    if (url === '/rest/admin/actions') return jsonResponse({ adminActionsUntil: actionsUntil });
    if (url === '/rest/admin/jobs/bulk') return jsonResponse({ results: [{ id: failedId, ok: true, error: null }, { id: waitingId, ok: false, error: 'Only a failed job can be retried.' }] });
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={new FakeSocket(true).asConnection()}>
      <MemoryRouter initialEntries={['/admin/jobs']}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
});

describe('/admin/jobs', () => {
  it('finds jobs by e-mail and state, and acts on the chosen ones together', async () => {
    await screen.findByRole('table', { name: 'Jobs found' });
    fireEvent.change(screen.getByLabelText('User e-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/rest/admin/jobs?startRow=1&pageSize=20&email=ann%40example.com&state=failed'));

    fireEvent.click(screen.getByLabelText(`Choose ${failedId}`));
    fireEvent.click(screen.getByLabelText(`Choose ${waitingId}`));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('bulk-outcome')).toHaveTextContent('1 of 2 done. bbbbbbbb: Only a failed job can be retried.');
    const posted = fetchMock.mock.calls.find(([url]) => url === '/rest/admin/jobs/bulk')!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({ action: 'retry', jobs: [{ queue: 'exports', id: failedId }, { queue: 'exports', id: waitingId }] });
  });

  it('chooses every job shown with one click, and none with the next', async () => {
    await screen.findByRole('table', { name: 'Jobs found' });
    fireEvent.click(screen.getByLabelText('Choose every job shown'));
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    expect(screen.getByLabelText(`Choose ${waitingId}`)).toBeChecked();
    fireEvent.click(screen.getByLabelText('Choose every job shown'));
    expect(screen.getByText('0 chosen')).toBeInTheDocument();
  });

  it('says admin actions are on as the session holds them, without turning them on here', async () => {
    expect(await screen.findByTestId('admin-actions-until')).toHaveTextContent(`Admin actions on until ${new Date(actionsUntil).toLocaleTimeString()}`);
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/rest/admin/actions' && init?.method === 'POST')).toBe(false);
  });

  it('tells a job’s story: attempts with their worker, the error with its stack, what its owner sees', async () => {
    const row = (await screen.findAllByTestId('found-job'))[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Story' }));
    const dialog = await screen.findByTestId('job-story');
    expect(await within(dialog).findByTestId('story-error')).toHaveTextContent('Timed out');
    expect(dialog).toHaveTextContent('Attempt 1 on worker-a:17');
    expect(within(dialog).getByTestId('story-stack')).toHaveTextContent('at run (export.js:1:1)');
    expect(within(dialog).getByTestId('story-user-facing')).toHaveTextContent('failed');
  });
});

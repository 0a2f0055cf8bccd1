import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminAuditPage } from '@serpwise/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jsonResponse } from '@test/fake-socket';
import { adminQueuesRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const adminId = '11111111-1111-4111-8111-111111111111';

const page = (overrides: Partial<AdminAuditPage> = {}): AdminAuditPage => ({
  entries: [
    { id: 'e2', userId: adminId, adminEmail: 'ops@example.com', action: 'job.retry', queue: 'exports', jobId: 'abcdef12-0000', detail: { failedReason: 'Timed out' }, createdAt: '2026-11-27T10:05:00.000Z' },
    { id: 'e1', userId: adminId, adminEmail: 'ops@example.com', action: 'queue.pause', queue: 'diagnostics', jobId: null, detail: null, createdAt: '2026-11-27T10:00:00.000Z' },
  ],
  total: 2,
  startRow: 1,
  pageSize: 20,
  admins: [{ userId: adminId, email: 'ops@example.com' }],
  actions: ['job.retry', 'queue.pause'],
  queues: ['diagnostics', 'exports'],
  ...overrides,
});

function App() {
  return useRoutes([{ path: '/', element: <p>Home page</p> }, ...adminQueuesRoutes]);
}

const logCalls = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/rest/admin/audit-log'));

function renderPage(answer: (url: string) => Response) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user: { isLoggedIn: true, isAdmin: true, roles: ['admin'] }, tracking: {} });
    if (url.startsWith('/rest/admin/audit-log')) return answer(url);
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={new FakeSocket(true).asConnection()}>
      <MemoryRouter initialEntries={['/admin/audit-log']}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('/admin/audit-log', () => {
  it('lists who did what to which queue or job, and asks again with each filter', async () => {
    renderPage(() => jsonResponse(page()));
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByTestId('audit-entry');
    expect(rows.map((row) => row.getAttribute('data-action'))).toEqual(['job.retry', 'queue.pause']);
    expect(rows[0]).toHaveTextContent('ops@example.com');
    expect(rows[0]).toHaveTextContent('exports');
    expect(rows[0]).toHaveTextContent('abcdef12');
    expect(rows[0]).toHaveTextContent('failedReason: Timed out');
    expect(screen.getByText(/1–2 of 2 entries/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Admin'), { target: { value: adminId } });
    await waitFor(() => expect(logCalls().at(-1)).toBe(`/rest/admin/audit-log?startRow=1&pageSize=20&admin=${adminId}`));
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'job.retry' } });
    await waitFor(() => expect(logCalls().at(-1)).toContain('action=job.retry'));
    fireEvent.change(screen.getByLabelText('Job id'), { target: { value: 'abcdef12-0000' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-27T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(logCalls().at(-1)).toContain('job=abcdef12-0000'));
    expect(new URLSearchParams(logCalls().at(-1)!.split('?')[1]).get('from')).toBe(new Date('2026-11-27T09:00').toISOString());
  });

  it('says when nothing matches, and shows the server’s reason for a bad filter', async () => {
    renderPage((url) => (url.includes('job=') ? jsonResponse({ statusCode: 400, message: 'Validation failed', errors: ['job must be at most 128 characters.'] }, 400) : jsonResponse(page({ entries: [], total: 0 }))));
    expect(await screen.findByText('No admin action matches these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Job id'), { target: { value: 'x'.repeat(200) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('job must be at most 128 characters.');
  });
});

import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { accountSettingsRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const statuses = {
  keywordStatuses: [
    { status: 'queued', count: 2 },
    { status: 'processing', count: 0 },
    { status: 'ready', count: 1 },
  ],
  keywords: [{ term: 'running shoes?', status: 'queued', requestedAt: '2026-11-22T00:00:00Z', failureReason: null }],
  fetchJobId: null,
};

function App() {
  return useRoutes([{ path: 'account', children: accountSettingsRoutes }]);
}

function renderAt(path: string, socket?: FakeSocket) {
  render(
    <Providers client={createQueryClient()} connection={socket?.asConnection()}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === '/NsaApi/Account/AddRequestedKeywords') return jsonResponse({ data: { isSuccessful: true, errors: [], added: 3, ...statuses } });
    if (url === '/NsaApi/Account/GetRequestedKeywords') return jsonResponse(statuses);
    return jsonResponse({}, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('request keywords', () => {
  it('counts characters against 1770 and says so at the limit', () => {
    renderAt('/account/requestkeywords/step-1');
    const box = screen.getByLabelText('Keywords (one per line)');
    expect(screen.getByText('0/1770')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(1800) } });
    expect(box).toHaveValue('a'.repeat(1770));
    expect(screen.getByText(/1770\/1770/)).toHaveTextContent('The max number of characters is 1770');
  });

  it('refuses an empty request, turns lines into questions, reviews and submits, then shows the statuses', async () => {
    renderAt('/account/requestkeywords');
    await userEvent.click(screen.getByRole('button', { name: 'Next: review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(screen.getByText('Enter at least one keyword, one per line.')).toBeInTheDocument();

    const box = screen.getByLabelText('Keywords (one per line)');
    await userEvent.type(box, 'running shoes{enter}how to run faster{enter}is it safe?');
    await userEvent.click(screen.getByRole('button', { name: 'Make each line a question' }));
    expect(box).toHaveValue('running shoes?\nhow to run faster\nis it safe?');
    await userEvent.click(screen.getByRole('button', { name: 'Next: review' }));

    expect(screen.getByRole('heading', { name: 'Review 3 keywords' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByRole('heading', { name: 'Your requested keywords' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/NsaApi/Account/AddRequestedKeywords')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ termsCsv: 'running shoes?\nhow to run faster\nis it safe?' });
    const summary = screen.getByRole('table', { name: 'Requested keywords by status' });
    expect(summary).toHaveTextContent('Queued2');
    expect(summary).toHaveTextContent('Processing0');
    expect(summary).toHaveTextContent('Ready1');
  });

  it('redirects /account/alerts to the scheduled reports', () => {
    render(
      <MemoryRouter initialEntries={['/account/alerts']}>
        <AlertsApp />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/account/scheduled-pdf-reports');
  });
});

function AlertsApp() {
  return useRoutes([{ path: 'account', children: [...accountSettingsRoutes, { path: 'scheduled-pdf-reports', element: <p data-testid="where">/account/scheduled-pdf-reports</p> }] }]);
}

describe('requested keywords, live', () => {
  const jobId = '7d1c7a52-3f5d-4c4b-9b53-0c3b4c8f9a10';
  const answer = (status: 'queued' | 'processing' | 'ready' | 'failed', running: boolean) => ({
    keywordStatuses: [
      { status: 'queued', count: status === 'queued' ? 1 : 0 },
      { status: 'processing', count: status === 'processing' ? 1 : 0 },
      { status: 'ready', count: status === 'ready' ? 1 : 0 },
      ...(status === 'failed' ? [{ status: 'failed', count: 1 }] : []),
    ],
    keywords: [
      {
        term: 'trail shoes',
        status,
        requestedAt: '2026-11-22T00:00:00Z',
        failureReason: status === 'failed' ? 'serpapi answered 401: Invalid API key.' : null,
      },
    ],
    fetchJobId: running ? jobId : null,
  });

  it('moves a keyword from queued to processing to ready as the fetch job reports over the socket', async () => {
    const socket = new FakeSocket(true);
    let server = answer('queued', true);
    fetchMock.mockImplementation(async (url) => {
      if (url.startsWith('/NsaApi/Account/GetRequestedKeywords')) return jsonResponse(server);
      if (url === `/rest/jobs/${jobId}`) return jsonResponse(jobStatus({ id: jobId, queue: 'serp', name: 'keywords.fetch-requested', state: 'queued', total: 0 }));
      return jsonResponse({}, 404);
    });
    renderAt('/account/requestkeywords/step-3', socket);
    const latest = await screen.findByRole('table', { name: 'Latest requests' });
    expect(latest).toHaveTextContent('trail shoesQueued');
    expect(screen.getByRole('status')).toHaveTextContent('Fetching your keywords now');

    server = answer('processing', true);
    socket.push(jobStatus({ id: jobId, queue: 'serp', name: 'keywords.fetch-requested', state: 'active', done: 0, total: 1 }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Latest requests' })).toHaveTextContent('trail shoesProcessing'));

    server = answer('ready', false);
    socket.push(jobStatus({ id: jobId, queue: 'serp', name: 'keywords.fetch-requested', state: 'completed', done: 1, total: 1 }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Latest requests' })).toHaveTextContent('trail shoesReady'));
    expect(screen.getByRole('table', { name: 'Requested keywords by status' })).toHaveTextContent('Ready1');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('without a socket, follows the job through the poll and shows why a keyword failed', async () => {
    const socket = new FakeSocket(false);
    let server = answer('processing', true);
    let polls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url.startsWith('/NsaApi/Account/GetRequestedKeywords')) return jsonResponse(server);
      if (url === `/rest/jobs/${jobId}`) {
        polls += 1;
        // The job ends; from now on the list says so.
        server = answer('failed', false);
        return jsonResponse(jobStatus({ id: jobId, queue: 'serp', name: 'keywords.fetch-requested', state: 'completed', done: 1, total: 1 }));
      }
      return jsonResponse({}, 404);
    });
    renderAt('/account/requestkeywords/step-3', socket);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Latest requests' })).toHaveTextContent('trail shoesFailed: serpapi answered 401: Invalid API key.'));
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('table', { name: 'Requested keywords by status' })).toHaveTextContent('Failed1');
  });
});

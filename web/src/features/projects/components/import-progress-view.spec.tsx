import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { keywordImportJob, outreachImportJob, type ImportAnswer, type JobStatus } from '@serpwise/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { Providers, createQueryClient } from '@/app/providers';
import { ProjectPanelProvider } from '../panel-context';
import { ImportProgressView } from './import-progress-view';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const jobId = '7d1c7a52-3f5d-4c4b-9b53-0c3b4c8f9a10';
const projectId = '11111111-2222-4333-8444-555555555555';

const keywordJob = (overrides: Partial<JobStatus> = {}) =>
  jobStatus({ id: jobId, queue: keywordImportJob.queue, name: keywordImportJob.name, total: 10_000, ...overrides });

const answer: ImportAnswer = {
  hasReachedLimit: false,
  termCount: 9_990,
  alreadyActiveTerms: Array.from({ length: 10 }, (_, index) => `old ${index}`),
  termIdsCsv: '',
  groupHashCsv: '',
  importId: jobId,
  projectId,
  message: 'Keywords successfully imported to project Shop, though some keywords were already present.',
  usedCount: 9_990,
  totalCount: 15_000,
};

/** What the server says about the job when asked (the poll), changed by each test. */
let served: JobStatus;
const jobPolls = () => fetchMock.mock.calls.filter(([url]) => url === `/rest/jobs/${jobId}`).length;

function renderView(socket: FakeSocket) {
  const go = jest.fn();
  fetchMock.mockImplementation(async (url, init) => {
    if (url === `/rest/jobs/${jobId}`) return jsonResponse(served);
    if (url.endsWith('/Keywords/KeywordActions/UndoImport') && init?.method === 'POST') {
      return jsonResponse({ isSuccessful: true, removedTermCount: 9_990, removedGroupCount: 0, message: 'Removed 9,990 keywords.' });
    }
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user: { isLoggedIn: true, isFullUser: true } });
    return jsonResponse([]);
  });
  render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <MemoryRouter>
        <ProjectPanelProvider>
          <ImportProgressView params={{ jobId, projectId }} go={go} />
        </ProjectPanelProvider>
      </MemoryRouter>
    </Providers>,
  );
  return go;
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('import-progress', () => {
  it('moves the bar with the socket events, then shows the counts and undoes the import', async () => {
    served = keywordJob();
    const socket = new FakeSocket(true);
    const go = renderView(socket);
    expect(await screen.findByRole('progressbar', { name: 'Import of 10,000 keywords' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Live')).toBeInTheDocument();

    act(() => socket.push(keywordJob({ state: 'active', percent: 40, done: 4_000, message: 'Imported 4,000 of 10,000 keywords' })));
    expect(await screen.findByText('Imported 4,000 of 10,000 keywords')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // Another job's event is not this one's.
    act(() => socket.push(keywordJob({ id: '00000000-0000-4000-8000-000000000001', state: 'active', percent: 90 })));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    act(() => socket.push(keywordJob({ state: 'completed', percent: 100, done: 10_000, result: answer })));
    expect(await screen.findByText(answer.message)).toHaveAttribute('role', 'status');
    const facts = [...document.querySelectorAll('dd')].map((cell) => cell.textContent);
    expect(facts).toEqual(['9,990', '10', '9,990 / 15,000']);
    // Socket connected throughout: the status was read once, never polled.
    expect(jobPolls()).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The import was undone.')).toBeInTheDocument();
    const undo = fetchMock.mock.calls.find(([url]) => url.endsWith('/UndoImport'))!;
    expect(JSON.parse(String(undo[1]!.body))).toMatchObject({ importId: jobId });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open the keyword list' }));
    expect(go).toHaveBeenCalledWith('keyword-list', { projectId });
  });

  it('polls every 3 s only while the socket is down, and stops when it is back', async () => {
    served = keywordJob({ state: 'active', percent: 10, message: 'Imported 1,000 of 10,000 keywords' });
    const socket = new FakeSocket(false);
    renderView(socket);
    // Still connecting on first load: not said to be lost until a try fails or the link drops.
    expect(await screen.findByText('Connecting…')).toBeInTheDocument();
    act(() => socket.fire('connect_error', new Error('refused')));
    expect(screen.getByText('Connection lost: checking every 3 seconds.')).toBeInTheDocument();
    served = keywordJob({ state: 'active', percent: 50, message: 'Imported 5,000 of 10,000 keywords' });
    expect(await screen.findByText('Imported 5,000 of 10,000 keywords')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    act(() => socket.setConnected(true));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    await waitFor(() => expect(jobPolls()).toBeGreaterThanOrEqual(3)); // the catch-up read on reconnect
    const afterReconnect = jobPolls();
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(jobPolls()).toBe(afterReconnect);
  });

  it('shows an outreach import’s counts, and says when an import failed', async () => {
    served = jobStatus({
      id: jobId,
      queue: outreachImportJob.queue,
      name: outreachImportJob.name,
      state: 'completed',
      percent: 100,
      result: { isSuccessful: true, websitesAdded: 480, linksAdded: 500, contactsAdded: 450, notesAdded: 3, rowCount: 500 },
    });
    const socket = new FakeSocket(true);
    renderView(socket);
    expect(await screen.findByText('Imported 500 rows.')).toHaveAttribute('role', 'status');
    expect([...document.querySelectorAll('dd')].map((cell) => cell.textContent)).toEqual(['500', '480', '500', '450', '3']);

    act(() => socket.push({ ...served, state: 'failed', error: 'Project not found.', result: null }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The import failed; nothing was imported. Project not found.');
  });
});

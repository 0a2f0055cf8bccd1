import { describe, expect, it, jest } from '@jest/globals';
import type { JobCenterEntry } from '@serpwise/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { useLiveJobs } from './use-live-jobs';

function JobStates() {
  const { jobs } = useLiveJobs();
  return <p data-testid="states">{jobs.map((job) => job.state).join(',')}</p>;
}

const exportJob = (overrides: Parameters<typeof jobStatus>[0]) => jobStatus({ queue: 'exports', name: 'export.table', ...overrides }) as JobCenterEntry;

describe('useLiveJobs', () => {
  it('keeps a completed event that arrived while a read of the list was on its way, when the read says less', async () => {
    const socket = new FakeSocket(true);
    const fetchMock = jest.fn<(url: string) => Promise<Response>>();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    fetchMock.mockImplementationOnce(async () => jsonResponse({ jobs: [exportJob({ state: 'active', percent: 50 })], next: null, unfinished: 1 }));
    render(
      <Providers client={createQueryClient()} connection={socket.asConnection()}>
        <JobStates />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('states')).toHaveTextContent('active'));
    // A new job makes the list be read again; that read answers late, with the export still running.
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    act(() => socket.push(exportJob({ id: '0b9f1f7e-0000-4000-8000-000000000001', state: 'queued' })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    act(() => socket.push(exportJob({ state: 'completed', percent: 100 })));
    await waitFor(() => expect(screen.getByTestId('states')).toHaveTextContent('completed'));
    await act(async () => answer(jsonResponse({ jobs: [exportJob({ state: 'active', percent: 90 })], next: null, unfinished: 1 })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('states')).toHaveTextContent('completed');
  });
});

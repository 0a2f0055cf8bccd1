import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, act } from '@testing-library/react';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { useJobEvents } from './use-job-events';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
let serverState = jobStatus({ state: 'active', percent: 40 });

function JobState({ id }: { id: string }) {
  const { status } = useJobEvents(id, jobStatus({ state: 'active', percent: 40 }));
  return <p data-testid="state">{status?.state}</p>;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(serverState));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  serverState = jobStatus({ state: 'active', percent: 40 });
});

/** The hook on screen with its first read of the status still on its way: `answer` answers it. */
async function renderWithLateRead() {
  const socket = new FakeSocket(true);
  const id = jobStatus().id;
  let answer: (response: Response) => void = () => undefined;
  fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
  render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <JobState id={id} />
    </Providers>,
  );
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  return { socket, id, answer: (response: Response) => answer(response) };
}

describe('useJobEvents', () => {
  it('reads the status again when the server says the socket\'s rooms are joined: an event said before that was never heard', async () => {
    const socket = new FakeSocket(true);
    const id = jobStatus().id;
    render(
      <Providers client={createQueryClient()} connection={socket.asConnection()}>
        <JobState id={id} />
      </Providers>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('active'));
    // The job finished while the server was still joining this socket to its rooms: its event went nowhere.
    serverState = jobStatus({ state: 'completed', percent: 100 });
    act(() => socket.fire('session.ready', { sessionId: 's', userId: 'u' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('completed'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the completed event that arrived while a read of the status was on its way, when the read says less', async () => {
    const { socket, id, answer } = await renderWithLateRead();
    act(() => socket.push(jobStatus({ id, state: 'completed', percent: 100 })));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('completed'));
    await act(async () => answer(jsonResponse(jobStatus({ id, state: 'active', percent: 90 }))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('state')).toHaveTextContent('completed');
  });

  it('takes a read that says more than the event heard before it', async () => {
    const { socket, id, answer } = await renderWithLateRead();
    act(() => socket.push(jobStatus({ id, state: 'active', percent: 60 })));
    await act(async () => answer(jsonResponse(jobStatus({ id, state: 'completed', percent: 100 }))));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('completed'));
  });
});

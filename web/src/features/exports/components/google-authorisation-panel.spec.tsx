import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { googleSheetsMessages } from '@serpwise/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Providers, createQueryClient } from '@/app/providers';
import { NotificationStack } from '@/components/ui/notification-stack';
import { notifications } from '@/components/ui/notifications';
import { FakeSocket, jsonResponse } from '@test/fake-socket';
import { GoogleAuthorisationPanel } from './google-authorisation-panel';

const fetchMock = jest.fn<(url: string, init?: RequestInit) => Promise<Response>>();

function renderPanel(revokeStatus: number) {
  let connected = true;
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/auth/checkgoogleauth') return jsonResponse({ configured: true, hasGoogleToken: connected, authorizeUrl: 'https://accounts.example/auth' });
    if (url === '/auth/revokegoogletoken' && init?.method === 'POST') {
      if (revokeStatus !== 200) return jsonResponse({ message: 'nope' }, revokeStatus);
      connected = false;
      return jsonResponse({ configured: true, hasGoogleToken: false, authorizeUrl: null, message: googleSheetsMessages.authorisationRemoved });
    }
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={new FakeSocket(true).asConnection()}>
      <NotificationStack />
      <GoogleAuthorisationPanel />
    </Providers>,
  );
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  act(() => notifications.clear());
});

describe('GoogleAuthorisationPanel', () => {
  it('removes the Google authorisation with the documented message, then hides itself', async () => {
    renderPanel(200);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Google Authorization' }));
    expect(await screen.findByText(googleSheetsMessages.authorisationRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('google-authorisation')).not.toBeInTheDocument());
  });

  it('says when the removal failed and stays', async () => {
    renderPanel(500);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Google Authorization' }));
    expect(await screen.findByText(googleSheetsMessages.authorisationRemovalFailed)).toBeInTheDocument();
    expect(screen.getByTestId('google-authorisation')).toBeInTheDocument();
  });
});

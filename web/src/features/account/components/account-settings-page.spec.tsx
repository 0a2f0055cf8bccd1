import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Providers, createQueryClient } from '@/app/providers';
import { jsonResponse } from '@test/fake-socket';
import { AccountSettingsPage } from './account-settings-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const info = { id: 'u1', email: 'ada@example.com', name: 'Ada', username: null, isChildAccount: false, parentEmail: null, createdAt: '2026-01-01T00:00:00Z', termsAcceptedAt: null, isFullUser: false, planExpiresAt: null };
const posts = (path: string) => fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST');

function renderPage() {
  return render(
    <Providers client={createQueryClient()}>
      <AccountSettingsPage />
    </Providers>,
  );
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === '/Endpoints/AccountApi/GetAccountInfo') return jsonResponse(info);
    if (url === '/Endpoints/AccountApi/JsonChangeDisplayName') return jsonResponse({ data: { isSuccessful: true, errors: [], displayName: 'Ada L' } });
    if (url === '/Endpoints/AccountApi/JsonChangeEmail')
      return jsonResponse({ statusCode: 409, message: 'There is already an account associated with that email address.', errors: ['There is already an account associated with that email address.'] }, 409);
    if (url === '/Endpoints/AccountApi/JsonChangePassword') return jsonResponse({ data: { isSuccessful: true, errors: [], endedSessions: 2 } });
    if (url.startsWith('/NsaApi/Account/GetUserAttribute')) return jsonResponse({ name: 'AUTO_DOWNLOAD_EXPORTS', value: null });
    if (url === '/NsaApi/Account/SetUserAttribute') return jsonResponse({ data: { isSuccessful: true, name: 'AUTO_DOWNLOAD_EXPORTS', value: '1' } });
    return jsonResponse({}, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('AccountSettingsPage', () => {
  it('turns on automatic downloads of finished exports for the account (issue 21)', async () => {
    renderPage();
    const box = await screen.findByRole('checkbox', { name: 'Download finished exports automatically' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(JSON.parse(String(posts('/NsaApi/Account/SetUserAttribute')[0]![1]!.body))).toMatchObject({ name: 'AUTO_DOWNLOAD_EXPORTS', value: '1' });
  });

  it('fills the current name and e-mail, and saves a new display name', async () => {
    renderPage();
    const name = await screen.findByLabelText('New display name');
    await waitFor(() => expect(name).toHaveValue('Ada'));
    expect(screen.getByLabelText('New email address')).toHaveValue('ada@example.com');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada L');
    await userEvent.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(await screen.findByText('Your display name is now Ada L.')).toBeInTheDocument();
    expect(JSON.parse(String(posts('/Endpoints/AccountApi/JsonChangeDisplayName')[0]![1]!.body))).toEqual({ newDisplayName: 'Ada L' });
  });

  it('shows the e-mail message after blur, and the form message on an invalid submit without calling the server', async () => {
    renderPage();
    const email = await screen.findByLabelText('New email address');
    await waitFor(() => expect(email).toHaveValue('ada@example.com'));
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(posts('/Endpoints/AccountApi/JsonChangeEmail')).toHaveLength(0);
  });

  it('shows the server’s refusal for a taken address', async () => {
    renderPage();
    const email = await screen.findByLabelText('New email address');
    await waitFor(() => expect(email).toHaveValue('ada@example.com'));
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(await screen.findByText('There is already an account associated with that email address.')).toBeInTheDocument();
  });

  it('checks the password rules and the confirmation, then changes the password and clears the fields', async () => {
    renderPage();
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await userEvent.type(next, '12345');
    await userEvent.tab();
    expect(screen.getByText('Enter a password with 6 or more characters')).toBeInTheDocument();
    await userEvent.type(next, '6');
    await userEvent.type(confirm, '1234567');
    await userEvent.tab();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(posts('/Endpoints/AccountApi/JsonChangePassword')).toHaveLength(0);

    await userEvent.clear(confirm);
    await userEvent.type(confirm, '123456');
    await userEvent.type(current, 'old-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. You were logged out on 2 other devices.')).toBeInTheDocument();
    expect(JSON.parse(String(posts('/Endpoints/AccountApi/JsonChangePassword')[0]![1]!.body))).toEqual({ currentPassword: 'old-secret', newPassword: '123456', confirmPassword: '123456' });
    expect(next).toHaveValue('');
  });
});

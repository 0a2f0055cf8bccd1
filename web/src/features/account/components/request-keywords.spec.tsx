import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router';
import { Providers, createQueryClient } from '../../../app/providers';
import { jsonResponse } from '../../../../test/fake-socket';
import { accountSettingsRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const statuses = {
  keywordStatuses: [
    { status: 'queued', count: 2 },
    { status: 'processing', count: 0 },
    { status: 'ready', count: 1 },
  ],
  keywords: [{ term: 'running shoes?', status: 'queued', requestedAt: '2026-11-22T00:00:00Z' }],
};

function App() {
  return useRoutes([{ path: 'account', children: accountSettingsRoutes }]);
}

function renderAt(path: string) {
  render(
    <Providers client={createQueryClient()}>
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

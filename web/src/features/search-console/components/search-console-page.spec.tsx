import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { SearchConsoleProperty, SearchConsoleSite, SearchConsoleState, SearchConsoleSyncStatus } from '@serpwise/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { SearchConsolePage } from './search-console-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const sync = (overrides: Partial<SearchConsoleSyncStatus> = {}): SearchConsoleSyncStatus => ({
  ...jobStatus({ queue: 'search-console', name: 'search-console.sync', state: 'active', total: 61, done: 3, percent: 5, message: 'Fetching Search Console: 3 of 61 days, 360 rows' }),
  searchConsole: { propertyId: '1', siteUrl: 'sc-domain:brackenmoor-cycles.com', mode: 'backfill' },
  ...overrides,
});
const property = (lastSync: SearchConsoleSyncStatus | null, overrides: Partial<SearchConsoleProperty> = {}): SearchConsoleProperty => ({
  id: '1', siteUrl: 'sc-domain:brackenmoor-cycles.com', domain: 'brackenmoor-cycles.com', firstDay: '2026-09-27', daysDone: 3, lastDay: '2026-09-29', rows: 360, lastSync, ...overrides,
});
const sites: SearchConsoleSite[] = [
  { siteUrl: 'https://www.not-verified-here.com/', permissionLevel: 'siteUnverifiedUser', domain: 'not-verified-here.com', picked: false },
  { siteUrl: 'sc-domain:brackenmoor-cycles.com', permissionLevel: 'siteOwner', domain: 'brackenmoor-cycles.com', picked: false },
];

function renderPage(state: SearchConsoleState, socket = new FakeSocket(true)) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/rest/search-console') return jsonResponse(state);
    if (url === '/rest/search-console/sites') return jsonResponse(sites);
    if (url === '/rest/search-console/properties' && init?.method === 'POST') return jsonResponse({ ...state, properties: [property(sync())] }, 202);
    if (url === '/rest/search-console/properties/1/months') return jsonResponse([{ month: '2026-09', clicks: 1234, impressions: 56789 }]);
    if (url === '/rest/search-console/disconnect') {
      const removal = jobStatus({ queue: 'search-console', name: 'search-console.remove', state: 'active', total: 1, message: 'Removing Search Console data: 0 of 1 properties' });
      return jsonResponse({ ...state, connected: false, properties: [], removal, message: 'Search Console is disconnected. Its data is being removed.' });
    }
    return jsonResponse({}, 404);
  });
  renderInApp(<SearchConsolePage />, '/account/search-console', socket.asConnection());
  return socket;
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('SearchConsolePage', () => {
  it('says when Google is not configured on the installation', async () => {
    renderPage({ configured: false, connected: false, authorizeUrl: null, properties: [], removal: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('an administrator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(screen.queryByRole('button', { name: 'Connect Search Console' })).not.toBeInTheDocument();
  });

  it('picks a readable property, then follows its backfill live to its clicks by month', async () => {
    const socket = renderPage({ configured: true, connected: true, authorizeUrl: 'https://accounts.example/auth', properties: [], removal: null });
    await screen.findByRole('heading', { name: 'Pick properties to sync' });
    expect(screen.getByRole('checkbox', { name: /not-verified-here/ })).toBeDisabled();
    const button = screen.getByRole('button', { name: 'Sync selected properties' });
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /brackenmoor-cycles/ }));
    await userEvent.click(button);
    const [, sent] = fetchMock.mock.calls.find(([url, init]) => url === '/rest/search-console/properties' && init?.method === 'POST')!;
    expect(JSON.parse(sent!.body as string)).toEqual({ siteUrls: ['sc-domain:brackenmoor-cycles.com'] });

    const entry = await screen.findByTestId('search-console-property');
    expect(within(entry).getByText('Backfilling')).toBeInTheDocument();
    expect(within(entry).getByText('Fetching Search Console: 3 of 61 days, 360 rows')).toBeInTheDocument();
    act(() => socket.push(sync({ done: 40, percent: 66, message: 'Fetching Search Console: 40 of 61 days, 4,800 rows' })));
    expect(await within(entry).findByText('Fetching Search Console: 40 of 61 days, 4,800 rows')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Clicks by month of brackenmoor-cycles.com' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Sep 2026\s*1,234\s*56,789/);
    expect(within(entry).getByRole('link', { name: 'Top pages of brackenmoor-cycles.com' })).toHaveAttribute('href', '/seo/top-pages/domain?query=brackenmoor-cycles.com');
    await waitFor(() => expect(entry).toHaveAttribute('data-state', 'active'));
  });

  it('asks before disconnecting, and sends whether to remove the data', async () => {
    renderPage({ configured: true, connected: true, authorizeUrl: 'https://accounts.example/auth', properties: [property(sync({ state: 'completed', percent: 100 }))], removal: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Search Console' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Search Console?' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also remove the data Search Console brought' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/rest/search-console/disconnect')).toBe(true));
    const [, sent] = fetchMock.mock.calls.find(([url]) => url === '/rest/search-console/disconnect')!;
    expect(JSON.parse(sent!.body as string)).toEqual({ removeData: true });
    expect(await screen.findByText('Search Console is disconnected. Its data is being removed.')).toBeInTheDocument();
    // The removal is followed on the page while it runs.
    expect(await screen.findByText('Removing Search Console data: 0 of 1 properties')).toBeInTheDocument();
  });
});

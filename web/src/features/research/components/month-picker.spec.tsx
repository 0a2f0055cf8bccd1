import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { researchRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const visitorState = { user: { isLoggedIn: false, isFullUser: false }, tracking: { disablePaywall: false, enableScraperFreewall: false } };

/** The site's months as its importer sees them: two demo months, and September with their Search Console import. */
const months = {
  months: [
    { month: '2026-07-01', own: [] },
    { month: '2026-08-01', own: [] },
    { month: '2026-09-01', own: ['gsc'] },
  ],
  latest: '2026-09-01',
  numbers: null,
};
const keywordsAnswer = (month: string) => ({ rows: [], totalRows: 0, startRow: 1, pageSize: 20, viewer: 'visitor', lockedRows: 0, throttledColumns: [], month, wasQueryFound: true });

const calls = (path: string) =>
  fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((url) => url.pathname === path).map((url) => Object.fromEntries(url.searchParams));

const where = { search: '' };
function App() {
  const location = useLocation();
  useEffect(() => {
    where.search = location.search;
  }, [location]);
  return useRoutes(researchRoutes);
}

const renderAt = (path: string) => renderInApp(<App />, path);

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/endpoints/accountapi/getactivestate') return jsonResponse(visitorState);
    if (parsed.pathname === '/rest/research/footprint') return jsonResponse({ isDemoData: true });
    if (parsed.pathname === '/rest/research/months') return jsonResponse(months);
    if (parsed.pathname === '/rest/research/seo/keywords') return jsonResponse(keywordsAnswer(`${parsed.searchParams.get('month') ?? '2026-09'}-01`));
    return jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('the research pages\' month picker and source label', () => {
  it('lists the subject\'s months newest first, shows its newest, and says the figures are the user\'s own', async () => {
    renderAt('/seo/keywords/domain?query=harrowgate.example&countryCode=US');
    const picker = await screen.findByRole('combobox', { name: 'Month' });
    expect([...(picker as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Sep 2026 · your data (Search Console)', 'Aug 2026', 'Jul 2026',
    ]);
    expect(picker).toHaveValue('2026-09');
    expect(screen.getByText('Your data: Search Console, Sep 2026')).toBeInTheDocument();
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
    expect(calls('/rest/research/months')).toEqual([{ domain: 'harrowgate.example', countryCode: 'US' }]);
  });

  it('puts a chosen month in the URL and in the table\'s request, and labels a demo month "Demo data"', async () => {
    renderAt('/seo/keywords/domain?query=harrowgate.example&countryCode=US&startRow=21');
    const picker = await screen.findByRole('combobox', { name: 'Month' });
    fireEvent.change(picker, { target: { value: '2026-08' } });
    await waitFor(() => expect(where.search).toBe('?query=harrowgate.example&countryCode=US&month=2026-08'));
    await waitFor(() => expect(calls('/rest/research/seo/keywords').at(-1)).toMatchObject({ domain: 'harrowgate.example', month: '2026-08' }));
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
    expect(screen.queryByText(/Your data/)).not.toBeInTheDocument();
    // The months call lists every month whatever the page shows.
    expect(calls('/rest/research/months').every((params) => params['month'] === undefined)).toBe(true);
  });

  it('says a keyword\'s numbers are the user\'s own whatever month the page shows', async () => {
    fetchMock.mockImplementation(async (url) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/endpoints/accountapi/getactivestate') return jsonResponse(visitorState);
      if (parsed.pathname === '/rest/research/footprint') return jsonResponse({ isDemoData: true });
      if (parsed.pathname === '/rest/research/months') {
        return jsonResponse({ months: [{ month: '2026-03-01', own: ['keyword-planner'] }, { month: '2026-10-01', own: [] }], latest: '2026-10-01', numbers: { month: '2026-03-01', own: ['keyword-planner'] } });
      }
      return jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
    });
    renderAt('/keyword/overview?query=focaccia+recipe&countryCode=US');
    expect(await screen.findByText('Your data: Keyword Planner, Mar 2026')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-10');
    expect(calls('/rest/research/months')).toEqual([{ keyword: 'focaccia recipe', countryCode: 'US' }]);
  });
  it('names the data provider, not "Demo data", for a subject whose figures were fetched live', async () => {
    const liveData = {
      subject: 'newcomer.example', kind: 'domain', provider: { id: 'dataforseo', name: 'DataForSEO' }, inWarehouse: true,
      lastFetch: { jobId: 'j1', source: 'DataForSEO', fetchedOn: '2026-11-28', stale: false, cost: 0.2 },
      runningJobId: null, offered: false, autoFetch: false, estimate: null, quota: null, blockedReason: null,
    };
    fetchMock.mockImplementation(async (url) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/endpoints/accountapi/getactivestate') return jsonResponse(visitorState);
      if (parsed.pathname === '/rest/research/footprint') return jsonResponse({ isDemoData: true });
      if (parsed.pathname === '/rest/research/months') return jsonResponse({ months: [{ month: '2026-11-01', own: [] }], latest: '2026-11-01', numbers: null });
      if (parsed.pathname === '/rest/live-data') return jsonResponse(liveData);
      if (parsed.pathname === '/rest/research/seo/keywords') return jsonResponse(keywordsAnswer('2026-11-01'));
      return jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
    });
    renderAt('/seo/keywords/domain?query=newcomer.example&countryCode=US');
    expect(await screen.findByText('DataForSEO, Nov 28, 2026')).toBeInTheDocument();
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
    expect(calls('/rest/live-data')).toEqual([{ domain: 'newcomer.example', countryCode: 'US' }]);
  });
});

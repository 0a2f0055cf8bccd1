import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { createQueryClient, Providers } from '@/app/providers';
import { researchRoutes } from '../routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const visitorState = {
  user: { isLoggedIn: false, isFullUser: false },
  tracking: { disablePaywall: false, enableScraperFreewall: false },
};

const keywordRow = (index: number) => ({
  keyword: `keyword ${index}`,
  url: `https://a.com/page-${index}`,
  position: index,
  previousPosition: index + 1,
  positionChange: 1,
  volume: 1000 * (30 - index),
  cpc: null,
  difficulty: 40,
  clicks: 500 - index,
  previousClicks: 400,
  clicksChange: 100 - index,
  value: null,
  competitor: null,
  competitorPosition: null,
});

function keywordsAnswer(startRow: number) {
  const rows = Array.from({ length: 20 }, (_, offset) => {
    const number = startRow + offset;
    return number <= 10 ? keywordRow(number) : { locked: true, rowNumber: number };
  });
  return {
    rows,
    totalRows: 57,
    startRow,
    pageSize: 20,
    viewer: 'visitor',
    lockedRows: rows.filter((row) => 'locked' in row).length,
    throttledColumns: ['cpc', 'value'],
    lock: { text: 'Log in to see all results', link: '/auth/login' },
    month: '2026-10-01',
    wasQueryFound: true,
  };
}

/** The research requests made, as URLSearchParams (path without the query string as `path`). */
const researchCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((url) => url.pathname === '/rest/research/seo/keywords')
    .map((url) => url.searchParams);

/** Where the app is: a memory router (jsdom has no Request for the data routers) with a probe of its location. */
const router = { state: { location: { pathname: '', search: '' } } };

function App() {
  const location = useLocation();
  useEffect(() => {
    router.state.location = { pathname: location.pathname, search: location.search };
  }, [location]);
  return useRoutes([...researchRoutes, { path: '*', element: <p>elsewhere</p> }]);
}

function renderAt(path: string) {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/endpoints/accountapi/getactivestate') return jsonResponse(visitorState);
    if (parsed.pathname === '/rest/research/footprint') return jsonResponse({ isDemoData: true });
    if (parsed.pathname === '/rest/research/seo/keywords') return jsonResponse(keywordsAnswer(Number(parsed.searchParams.get('startRow') ?? 1)));
    return jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('SEO keywords screen', () => {
  it('asks for the domain of ?query= in the territory, and shows the visible rows with the lock over the rest', async () => {
    renderAt('/seo/keywords/domain?query=a.com&countryCode=UK');
    const table = await screen.findByRole('table', { name: 'Organic keywords of a.com' });
    await within(table).findByText('keyword 1');
    const [first] = researchCalls();
    expect(Object.fromEntries(first!)).toEqual({ domain: 'a.com', countryCode: 'UK', startRow: '1', pageSize: '20' });
    expect(within(table).getAllByRole('link', { name: /^keyword \d+$/ })).toHaveLength(10);
    expect(screen.getByTestId('lock-overlay')).toHaveTextContent('Log in to see all results');
    expect(screen.getByRole('complementary', { name: 'Want to view more results?' })).toHaveAttribute('data-variant', 'visitor');
    expect(screen.getByText(/1–20 of 57 keywords/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keywords' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the sort cycle and each column’s empty-values rule to the server', async () => {
    const router = renderAt('/seo/keywords/domain?query=a.com');
    await screen.findByText('keyword 1');
    fireEvent.click(screen.getByRole('button', { name: 'Volume' }));
    await waitFor(() => expect(researchCalls().at(-1)?.get('sort')).toBe('volume'));
    expect(Object.fromEntries(researchCalls().at(-1)!)).toMatchObject({ sort: 'volume', sortDirection: 'desc' });
    // No rule for volume: the server puts unknown volumes last in both directions.
    expect(researchCalls().at(-1)?.has('emptyValues')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Volume' }));
    await waitFor(() => expect(researchCalls().at(-1)?.get('sortDirection')).toBe('asc'));
    fireEvent.click(screen.getByRole('button', { name: 'Volume' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=a.com'));
    // Positions: not ranked counts as the worst position.
    fireEvent.click(screen.getByRole('button', { name: 'Position' }));
    await waitFor(() => expect(researchCalls().at(-1)?.get('sort')).toBe('position'));
    expect(Object.fromEntries(researchCalls().at(-1)!)).toMatchObject({ sortDirection: 'desc', emptyValues: 'high' });
    fireEvent.click(screen.getByRole('button', { name: 'Keyword' }));
    await waitFor(() => expect(researchCalls().at(-1)?.get('sort')).toBe('keyword'));
    expect(researchCalls().at(-1)?.get('sortDirection')).toBe('asc');
  });

  it('asks for the next page once the pagination has settled for 500 ms, and keeps it in the URL', async () => {
    const router = renderAt('/seo/keywords/domain?query=a.com');
    await screen.findByText('keyword 1');
    jest.useFakeTimers();
    try {
      const before = researchCalls().length;
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
      act(() => jest.advanceTimersByTime(499));
      expect(router.state.location.search).toBe('?query=a.com');
      act(() => jest.advanceTimersByTime(1));
      expect(router.state.location.search).toBe('?query=a.com&startRow=41');
      jest.useRealTimers();
      await waitFor(() => expect(researchCalls().at(-1)?.get('startRow')).toBe('41'));
      expect(researchCalls().length).toBe(before + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('changes the search type from the select, starting again at row 1', async () => {
    const router = renderAt('/seo/keywords/domain?query=a.com&startRow=21');
    await screen.findByText(/21–40 of 57/);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'lostranks' } });
    await waitFor(() => expect(router.state.location.search).toBe('?query=a.com&type=lostranks'));
    await waitFor(() => expect(researchCalls().at(-1)?.get('type')).toBe('lostranks'));
    expect(researchCalls().at(-1)?.get('startRow')).toBe('1');
  });

  it('sends a visitor who asks for competitor keywords to login first', async () => {
    const router = renderAt('/seo/keywords/domain?query=a.com&type=theyoutrankyou&competitors=b.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/seo/keywords/domain?query=a.com&type=theyoutrankyou&competitors=b.com')}`);
  });
});

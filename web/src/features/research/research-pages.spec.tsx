import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { paywallRoutes } from '@/features/paywall';
import { researchRoutes } from './routes';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const where = { pathname: '', search: '', hash: '' };
let tracking = { disablePaywall: false, enableScraperFreewall: false };
let user = { isLoggedIn: false, isFullUser: false };
let routes: Record<string, (params: URLSearchParams) => Response> = {};

function App() {
  const location = useLocation();
  useEffect(() => {
    Object.assign(where, { pathname: location.pathname, search: location.search, hash: location.hash });
  }, [location]);
  return useRoutes([...researchRoutes, ...paywallRoutes, { path: '*', element: <p>elsewhere</p> }]);
}

const renderAt = (path: string) => renderInApp(<App />, path);

const calls = (pathname: string) =>
  fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((url) => url.pathname === pathname).map((url) => url.searchParams);

const emptyPage = { rows: [], totalRows: 0, startRow: 1, pageSize: 20, viewer: 'visitor', lockedRows: 0, throttledColumns: [], lock: null, month: '2026-10-01', wasQueryFound: true };

beforeEach(() => {
  localStorage.clear();
  tracking = { disablePaywall: false, enableScraperFreewall: false };
  user = { isLoggedIn: false, isFullUser: false };
  routes = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/endpoints/accountapi/getactivestate') return jsonResponse({ user, tracking });
    if (parsed.pathname === '/rest/research/footprint') return jsonResponse({ isDemoData: false });
    const route = routes[parsed.pathname];
    return route ? route(parsed.searchParams) : jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('overview routing', () => {
  it('sends a keyword found by the lookup to the keyword overview, keeping the territory', async () => {
    routes['/Endpoints/Search/JsonSearch'] = () => jsonResponse({ cleansedQuery: 'running shoes', resultType: 'Term', wasQueryFound: true });
    routes['/rest/research/keyword/overview'] = () => jsonResponse({ keyword: 'running shoes', wasQueryFound: false, organic: [], advertisers: [], volumeHistory: [] });
    renderAt('/overview?query=Running%20Shoes&countryCode=UK');
    await waitFor(() => expect(where.pathname).toBe('/keyword/overview'));
    expect(new URLSearchParams(where.search).get('query')).toBe('running shoes');
    expect(new URLSearchParams(where.search).get('countryCode')).toBe('UK');
    expect(Object.fromEntries(calls('/Endpoints/Search/JsonSearch')[0]!)).toEqual({ query: 'Running Shoes', countryCode: 'UK', isSiteQuery: 'false' });
  });

  it('goes to the typo page when the lookup refuses the query', async () => {
    routes['/Endpoints/Search/JsonSearch'] = () => jsonResponse({ statusCode: 400, message: 'bad' }, 400);
    renderAt('/overview?query=www..x.com');
    await waitFor(() => expect(where.pathname).toBe('/typo'));
    expect(new URLSearchParams(where.search).get('query')).toBe('www..x.com');
  });

  it('shows the domain overview for a domain, and says so when the domain is unknown', async () => {
    routes['/Endpoints/Search/JsonSearch'] = () => jsonResponse({ cleansedQuery: 'nowhere.com', resultType: 'Domain', wasQueryFound: false });
    routes['/rest/research/domain-overview'] = () => jsonResponse({ statusCode: 404, message: 'nowhere.com is not in the research data.' }, 404);
    renderAt('/overview?query=nowhere.com');
    expect(await screen.findByRole('heading', { name: 'No data for nowhere.com' })).toBeInTheDocument();
  });
});

describe('scraper paywall', () => {
  it('sends a non-full user from a research page to the paywall page, which can bring them back', async () => {
    tracking = { disablePaywall: true, enableScraperFreewall: true };
    routes['/rest/research/seo/keywords'] = () => jsonResponse(emptyPage);
    renderAt('/seo/keywords/domain?query=a.com');
    await waitFor(() => expect(where.pathname).toBe('/paywall'));
    expect(where.hash).toBe('#benefits');
    expect(new URLSearchParams(where.search).get('returnUrl')).toBe('/seo/keywords/domain?query=a.com');
    expect(await screen.findByRole('region', { name: 'Get Unlimited Access' })).toBeInTheDocument();
  });

  it('lets a full user through', async () => {
    tracking = { disablePaywall: false, enableScraperFreewall: true };
    user = { isLoggedIn: true, isFullUser: true };
    routes['/rest/research/seo/keywords'] = () => jsonResponse({ ...emptyPage, viewer: 'full' });
    renderAt('/seo/keywords/domain?query=a.com');
    expect(await screen.findByText('No keywords found.')).toBeInTheDocument();
    expect(where.pathname).toBe('/seo/keywords/domain');
  });
});

describe('related keywords after onboarding', () => {
  it.each([
    ['ppc', 'buys'],
    ['seo', 'ranks'],
    ['other', 'similar'],
  ])('starts a %s preset on the %s list', async (preset, type) => {
    routes['/rest/research/keyword/related'] = () => jsonResponse({ ...emptyPage, viewer: 'visitor' });
    renderAt(`/keyword/related-keywords?preset=${preset}&query=running+shoes`);
    await waitFor(() => expect(calls('/rest/research/keyword/related')).not.toHaveLength(0));
    expect(calls('/rest/research/keyword/related')[0]!.get('type')).toBe(type);
  });
});

describe('SEO kombat', () => {
  const kombatAnswer = {
    ...emptyPage,
    rows: [{ keyword: 'shoes', volume: 100, cpc: 1, difficulty: 20, position1: 1, position2: null, position3: null, clicks: 30 }],
    totalRows: 1,
    venn: [
      { domains: ['a.com'], keywords: 5 },
      { domains: ['b.com'], keywords: 2 },
      { domains: ['a.com', 'b.com'], keywords: 9 },
    ],
    segments: { all: 16, core: 9, missing: 2, questions: 1, transactional: 4, content: 3 },
    missingDomains: [],
  };

  it('compares with the two closest competitors when none are given, then switches segment', async () => {
    routes['/rest/research/seo/competitors'] = () => jsonResponse({ ...emptyPage, rows: [{ domain: 'b.com' }, { domain: 'c.com' }, { domain: 'd.com' }] });
    routes['/rest/research/seo/kombat'] = () => jsonResponse(kombatAnswer);
    renderAt('/seo/kombat/domain?query=a.com');
    await waitFor(() => expect(new URLSearchParams(where.search).get('competitors')).toBe('b.com,c.com'));
    await waitFor(() => expect(calls('/rest/research/seo/kombat').length).toBeGreaterThan(0));
    expect(calls('/rest/research/seo/kombat')[0]!.get('domains')).toBe('a.com,b.com,c.com');
    expect(await screen.findByRole('img', { name: 'Keywords ranked by a.com, b.com, c.com' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Missing keywords/ }));
    await waitFor(() => expect(calls('/rest/research/seo/kombat').at(-1)!.get('segment')).toBe('missing'));
    expect(screen.getByRole('button', { name: /Missing keywords/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('names a compared domain the research data does not hold, and draws no Venn diagram of zeros', async () => {
    const zeros = { all: 0, core: 0, missing: 0, questions: 0, transactional: 0, content: 0 };
    routes['/rest/research/seo/kombat'] = () => jsonResponse({ ...emptyPage, wasQueryFound: false, venn: [], segments: zeros, missingDomains: ['nowhere.com'] });
    renderAt('/seo/kombat/domain?query=a.com&competitors=nowhere.com');
    expect(await screen.findByText('nowhere.com is not in the research data.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Keywords ranked by/ })).not.toBeInTheDocument();
  });
});

describe('redirects', () => {
  it.each([
    ['/seo?query=a.com', '/seo/overview'],
    ['/ppc?query=a.com', '/ppc/overview'],
    ['/keyword?query=a.com', '/keyword/overview'],
    ['/seo/reports', '/custom-reports'],
    ['/backlinks/domain?query=a.com', '/seo/backlinks'],
    ['/backlinks/url?query=a.com', '/seo/backlinks'],
    ['/backlinks/term?query=shoes', '/keyword/backlinks'],
  ])('%s goes to %s, keeping the query', async (from, to) => {
    renderAt(from);
    await waitFor(() => expect(where.pathname).toBe(to));
    expect(where.search).toBe(from.includes('?') ? from.slice(from.indexOf('?')) : '');
  });
});

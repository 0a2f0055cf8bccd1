import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { useRoutes } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { researchRoutes } from '../routes';

/**
 * One paywall (issue 24, docs/decisions.md "One paywall"): the API sends null for each paid figure a visitor may not
 * see; the domain and PPC overviews show the same lock in each such card, never "$0".
 */

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const visitorState = { user: { isLoggedIn: false, isFullUser: false }, tracking: { disablePaywall: false, enableScraperFreewall: false } };

const month = (at: string, clicks: number) => ({ month: at, clicks, keywords: 40, position: 6.2, top3: 4, top10: 12, value: null, paidKeywords: 7, paidClicks: null, budget: null });
const domainOverview = { domain: 'alpha.example', domainId: 1, territory: 'US', month: '2026-09-01', latest: month('2026-09-01', 900), history: [month('2026-08-01', 800), month('2026-09-01', 900)], isDemoData: true };
const ppcPoint = (at: string) => ({ month: at, paidKeywords: 7, paidClicks: null, budget: null });
const ppcOverview = { domain: 'alpha.example', territory: 'US', wasQueryFound: true, month: '2026-09-01', latest: ppcPoint('2026-09-01'), adCopies: 3, history: [ppcPoint('2026-08-01'), ppcPoint('2026-09-01')] };
const emptyTable = { rows: [], totalRows: 0, startRow: 1, pageSize: 20, viewer: 'visitor', lockedRows: 0, throttledColumns: [], month: '2026-09-01', wasQueryFound: true };

function App() {
  return useRoutes(researchRoutes);
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/endpoints/accountapi/getactivestate') return jsonResponse(visitorState);
    if (path === '/rest/research/domain-overview') return jsonResponse(domainOverview);
    if (path === '/rest/research/ppc/overview') return jsonResponse(ppcOverview);
    if (path === '/rest/research/months') return jsonResponse({ months: [{ month: '2026-09-01', own: [] }], latest: '2026-09-01', numbers: null });
    if (path.startsWith('/rest/research/')) return jsonResponse(emptyTable);
    return jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const card = (label: string) => screen.getByText(label, { selector: '.metric-card *' }).closest('.metric-card') as HTMLElement;

describe('paid figures a visitor may not see', () => {
  it('are locked on the domain overview: traffic value and PPC budget, as on the PPC overview', async () => {
    renderInApp(<App />, '/overview/domain?query=alpha.example&countryCode=US');
    await screen.findByRole('heading', { name: 'Sep 2026 at a glance' });
    for (const label of ['Traffic value', 'PPC budget']) {
      expect(within(card(label)).getByRole('link', { name: /Log in to see all results/ })).toHaveAttribute('href', '/auth/login');
      expect(card(label)).not.toHaveTextContent('$');
    }
    expect(card('Organic clicks')).toHaveTextContent('900');
  });

  it('are locked on the PPC overview: paid clicks and monthly budget, cards and graph', async () => {
    renderInApp(<App />, '/ppc/overview/domain?query=alpha.example&countryCode=US');
    await screen.findByText('Paid keywords', { selector: '.metric-card *' });
    for (const label of ['Paid clicks', 'Monthly budget']) expect(within(card(label)).getByRole('link', { name: /Log in to see all results/ })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Clicks' }).click();
    expect(await screen.findByText(/Paid clicks are for members/)).toBeInTheDocument();
  });
});

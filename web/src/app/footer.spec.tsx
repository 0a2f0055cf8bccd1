import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import type { ActiveState, FootprintStats } from '@serpwise/contracts';
import { MemoryRouter } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { activeState, loggedInState } from '@test/active-state';
import { Footer, showsOfferBlock } from './footer';
import { Providers, createQueryClient } from './providers';

let state: ActiveState;
let footprint: FootprintStats;

function renderFooter(path = '/company') {
  globalThis.fetch = (async (url: string) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(state);
    if (url.startsWith('/rest/research/footprint')) return jsonResponse(footprint);
    return jsonResponse({}, 404);
  }) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Footer />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  state = activeState();
  footprint = { lastUpdated: '2026-11-02T00:00:00Z', totalResults: 48_000, totalDomains: 900, latestMonth: '2026-10-01', isDemoData: true };
});

describe('site footer', () => {
  it('shows the live-data line, the monthly roll-up date and the index claim', async () => {
    renderFooter();
    expect(screen.getByText('Ranking data is Live, updated 5 seconds ago')).toBeInTheDocument();
    expect(await screen.findByText('Monthly data rolled up for October 2026')).toBeInTheDocument();
    expect(screen.getByText('Indexing over 73 billion results across 123 million domains.')).toBeInTheDocument();
  });

  it('counts the real warehouse when it is not the demo market', async () => {
    footprint = { ...footprint, isDemoData: false, totalResults: 2_400_000_000, totalDomains: 5_300_000 };
    renderFooter();
    expect(await screen.findByText('Indexing over 2 billion results across 5 million domains.')).toBeInTheDocument();
  });

  it('has the resource, about, useful, compare, update, links, social and business sections, legal links and the copyright', async () => {
    renderFooter();
    await screen.findByText('Monthly data rolled up for October 2026');
    for (const name of ['Resources', 'About', 'Useful', 'Compare', 'Tools']) expect(screen.getByRole('navigation', { name })).toBeInTheDocument();
    for (const name of ['Updates', 'Business', 'Social']) expect(screen.getByRole('region', { name })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Social' })).getAllByRole('link')).toHaveLength(3);
    expect(within(screen.getByRole('navigation', { name: 'Compare' })).getByRole('link', { name: 'Semrush Alternative' })).toHaveAttribute('href', '/semrush-alternative');
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/termsconditions', '/privacypolicy', '/vulnerability-disclosure-policy']);
    expect(screen.getByText(new RegExp(`© 2006–${new Date().getFullYear()} Serpwise`))).toBeInTheDocument();
    // The tracking pixel renders only for logged-in users in production builds.
    expect(document.querySelector('[data-pixel]')).toBeNull();
  });

  it('uses the default call to action, or footerCtaText and footerCtaLink when set', async () => {
    renderFooter();
    expect(await screen.findByRole('link', { name: 'Try it today, risk free' })).toHaveAttribute('href', '/mainpurchase');
  });

  it('lets the tracking settings override the call to action', async () => {
    state = activeState({}, { footerCtaText: 'Start your spring trial', footerCtaLink: '/capital-one-spring-member-offer' });
    renderFooter();
    expect(await screen.findByRole('link', { name: 'Start your spring trial' })).toHaveAttribute('href', '/capital-one-spring-member-offer');
    expect(screen.queryByRole('link', { name: 'Try it today, risk free' })).not.toBeInTheDocument();
  });

  it('shows the offer block to a visitor on a tool page only', async () => {
    renderFooter('/seo/overview/domain');
    expect(await screen.findByRole('region', { name: 'Offer' })).toHaveTextContent('Unlimited access only $33');
  });

  it('decides the offer block by audience and page', () => {
    expect(showsOfferBlock('/seo/keywords/domain', false)).toBe(true);
    expect(showsOfferBlock('/seo/keywords/domain', true)).toBe(false);
    for (const path of ['/', '/althome', '/land/arc1-d', '/company', '/semrush-alternative', '/auth/login', '/login', '/mainpurchase', '/termsconditions']) {
      expect([path, showsOfferBlock(path, false)]).toEqual([path, false]);
    }
  });

  it('hides the offer block from a logged-in user', async () => {
    state = loggedInState();
    renderFooter('/seo/overview/domain');
    await screen.findByText('Monthly data rolled up for October 2026');
    expect(screen.queryByRole('region', { name: 'Offer' })).not.toBeInTheDocument();
  });
});

import { describe, expect, it } from '@jest/globals';
import { botCheckMessage, researchLimitMessage } from '@serpwise/contracts';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { activeState, loggedInState } from '@test/active-state';
import { jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { ScraperPaywallPage } from './scraper-paywall-page';

function renderAs(state: ReturnType<typeof activeState>, path: string) {
  globalThis.fetch = (async (url: string) => (url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(state) : jsonResponse([]))) as unknown as typeof fetch;
  return renderInApp(
    <Routes>
      <Route path="/paywall" element={<ScraperPaywallPage />} />
    </Routes>,
    path,
  );
}

describe('the slow-the-scraping page', () => {
  it('tells a client held by the bot check why and how long, with the way back', async () => {
    renderAs(activeState(), '/paywall?slow=30&reason=bot&returnUrl=%2Fseo%2Fkeywords%3Fquery%3Da.com#benefits');
    expect(await screen.findByRole('status')).toHaveTextContent(botCheckMessage('30 seconds'));
    expect(screen.getByRole('link', { name: 'Back to your research' })).toHaveAttribute('href', '/seo/keywords?query=a.com');
    expect(screen.getByRole('heading', { name: 'Keep researching with a Serpwise plan' })).toBeInTheDocument();
  });

  it('keeps the plan limit’s sentence when no reason is given', async () => {
    renderAs(activeState(), '/paywall?slow=90#benefits');
    expect(await screen.findByRole('status')).toHaveTextContent(researchLimitMessage('2 minutes'));
  });

  it('shows a full member only the wait and the way back, no plans', async () => {
    renderAs(loggedInState({ isFullUser: true, roles: ['full'] }), '/paywall?slow=45&reason=bot&returnUrl=%2Fhq#benefits');
    expect(await screen.findByRole('heading', { name: 'Please slow down' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(botCheckMessage('45 seconds'));
    expect(screen.queryByRole('heading', { name: 'Keep researching with a Serpwise plan' })).toBeNull();
    expect(screen.queryByLabelText('Sign up')).toBeNull();
  });
});

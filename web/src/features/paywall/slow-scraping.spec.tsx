import { describe, expect, it } from '@jest/globals';
import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '@/app/providers';
import { ApiRequestError } from '@/lib/api-client';
import { sendsToSlowDown, slowDownSeconds, slowScrapingTarget } from './slow-scraping';
import { useSlowScrapingRedirect } from './use-slow-scraping-redirect';

const tooFast = (path: unknown = '/paywall?slow=42#benefits') =>
  new ApiRequestError(429, 'You are researching faster than your plan allows.', [], { retryAfterSeconds: 42, slowScrapingPath: path });

describe('slowScrapingTarget', () => {
  it('sends a research 429 to the slow-the-scraping page, with the way back', () => {
    expect(slowScrapingTarget(tooFast(), '/seo/overview/domain?query=a.com')).toBe('/paywall?slow=42&returnUrl=%2Fseo%2Foverview%2Fdomain%3Fquery%3Da.com#benefits');
  });

  it('ignores other failures and any other address', () => {
    expect(slowScrapingTarget(new ApiRequestError(500, 'x'), '/')).toBeNull();
    expect(slowScrapingTarget(new ApiRequestError(429, 'Too many attempts.'), '/')).toBeNull();
    expect(slowScrapingTarget(tooFast('https://evil.example/paywall'), '/')).toBeNull();
    expect(slowScrapingTarget(tooFast('/elsewhere'), '/')).toBeNull();
    expect(slowScrapingTarget(new Error('network'), '/')).toBeNull();
  });

  it('reads the wait of the page', () => {
    expect(slowDownSeconds(new URLSearchParams('slow=42'))).toBe(42);
    expect(slowDownSeconds(new URLSearchParams('slow=soon'))).toBeNull();
    expect(slowDownSeconds(new URLSearchParams(''))).toBeNull();
  });
});

describe('sendsToSlowDown', () => {
  it('sends a research page\'s refused query, not the footer\'s site figures', () => {
    expect(sendsToSlowDown(['research', 'seo/keywords', { domain: 'a.com' }], '/seo/keywords/domain?query=a.com')).toBe(true);
    expect(sendsToSlowDown(['research', 'footprint'], '/seo/keywords/domain?query=a.com')).toBe(false);
  });

  it('never leaves the pages that get a visitor out of the limit', () => {
    for (const page of ['/login', '/auth/login?returnUrl=%2Fhq', '/freeaccount', '/buy/register', '/paywall?slow=3#benefits']) {
      expect(sendsToSlowDown(['research', 'months', {}], page)).toBe(false);
    }
  });
});

let calls = 0;

function ResearchPage() {
  useSlowScrapingRedirect();
  useQuery({
    queryKey: ['research'],
    queryFn: () => {
      calls += 1;
      return Promise.reject(tooFast());
    },
  });
  return <p>research</p>;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

describe('useSlowScrapingRedirect', () => {
  it('leaves the research page for the slow-the-scraping page at the first refused call, without retrying it', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/seo/overview/domain?query=a.com']}>
          <Routes>
            <Route path="/seo/overview/domain" element={<ResearchPage />} />
            <Route path="/paywall" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/paywall?slow=42&returnUrl=%2Fseo%2Foverview%2Fdomain%3Fquery%3Da.com#benefits');
    expect(calls).toBe(1);
  });

  it('stays on the login page when the footer\'s site figures are refused', async () => {
    function LoginPage() {
      useSlowScrapingRedirect();
      const figures = useQuery({ queryKey: ['research', 'footprint'], queryFn: () => Promise.reject(tooFast()) });
      return <p data-testid="where">{figures.isError ? 'login, figures refused' : 'login'}</p>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/paywall" element={<p data-testid="where">paywall</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('login, figures refused')).toBeInTheDocument();
  });
});

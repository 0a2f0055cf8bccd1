import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import type { ActiveState } from '@serpwise/contracts';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { activeState, loggedInState } from '@test/active-state';
import { ApiNavigation } from './api-docs/api-navigation';
import { Providers, createQueryClient } from '@/app/providers';
import { ApiV1Page } from './api-docs/api-docs-pages';
import { AlternativePage } from './pages/alternative-page';
import { alternativeTitle, competitorOf } from './pages/alternative-slug';
import { CompanyPage } from './pages/company-page';
import { ContentAssistantOfferPage } from './pages/content-assistant-offer-page';
import { TermsPage, PrivacyPage, VulnerabilityDisclosurePage } from './pages/legal-pages';
import { PartnerOfferPage } from './pages/partner-offer-page';
import { marketingRoutes } from './routes';

let state: ActiveState;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderRoute(pattern: string, element: React.ReactNode, path: string, answers: Record<string, unknown> = {}) {
  globalThis.fetch = (async (url: string) =>
    url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(state) : jsonResponse(answers[url] ?? [])) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  state = activeState();
});

describe('competitor-alternative pages', () => {
  it('titles the named pages and any {name}-alternative', () => {
    expect(alternativeTitle(competitorOf('semrush-alternative')!)).toBe('The Semrush Alternative (with Unlimited Data)');
    expect(alternativeTitle(competitorOf('Ahrefs-Alternative')!)).toBe('The Ahrefs Alternative (with Unlimited Data)');
    expect(competitorOf('keyword-tool-alternative')).toBe('Keyword Tool');
    expect(competitorOf('company')).toBeNull();
  });

  it('has the hero with the demo, two price tables, the risk-free buttons and the closing line', () => {
    renderRoute('/:slug', <AlternativePage />, '/semrush-alternative');
    expect(screen.getByRole('heading', { level: 1, name: 'The Semrush Alternative (with Unlimited Data)' })).toBeInTheDocument();
    expect(document.title).toBe('The Semrush Alternative (with Unlimited Data) | Serpwise');
    expect(screen.getAllByRole('table')).toHaveLength(2);
    expect(screen.getByRole('img', { name: /preview of Serpwise/ })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Try it today, risk free' })) expect(link).toHaveAttribute('href', '/mainpurchase');
    expect(screen.getByText(/starts at just \$33\/month with unlimited data and downloads/)).toHaveTextContent('30-day no-questions-asked money-back guarantee');
    expect(screen.getByText(/starts at just \$33\/month/)).toHaveTextContent('no contracts');
  });

  it('shows the 404 page for a single path segment that is not a comparison page', () => {
    renderRoute('/:slug', <AlternativePage />, '/no-such-page');
    expect(screen.getByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
  });

  it('routes an unknown single segment to the 404 page in the first render, without loading the comparison page chunk', () => {
    globalThis.fetch = (() => new Promise(() => undefined)) as unknown as typeof fetch;
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(marketingRoutes, { initialEntries: ['/this-page-does-not-exist'] })} />
      </Providers>,
    );
    // No Suspense boundary here: a lazily loaded page would leave the screen empty.
    expect(screen.getByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
  });
});

describe('company page', () => {
  it('selects the contact section with section=contactUs', () => {
    renderRoute('/company', <CompanyPage />, '/company?section=contactUs');
    const contact = screen.getByRole('region', { name: 'Contact us' });
    expect(contact).toHaveClass('company__contact--selected');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('aria-current', 'page');
  });

  it('does not select it otherwise', () => {
    renderRoute('/company', <CompanyPage />, '/company');
    expect(screen.getByRole('region', { name: 'Contact us' })).not.toHaveClass('company__contact--selected');
  });
});

describe('partner offers', () => {
  it('gives the Capital One spring offer the coupon code spring, filled in on the pricing page', () => {
    renderRoute('/capital-one-spring-member-offer', <PartnerOfferPage offer="capital-one-spring" />, '/capital-one-spring-member-offer');
    expect(screen.getByText('spring', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Claim/ })).toHaveAttribute('href', '/buy/register?couponcode=spring');
  });
});

describe('AI Content Assistant offer', () => {
  it('needs login, and returns to the page after it', async () => {
    renderRoute('/content-assistant-offer', <ContentAssistantOfferPage />, '/content-assistant-offer?domain=a.example&page=sfpromo&sfu=free');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`/auth/login?returnUrl=${encodeURIComponent('/content-assistant-offer?domain=a.example&page=sfpromo&sfu=free')}`),
    );
  });

  it('shows a logged-in user the offer for the domain', async () => {
    state = loggedInState();
    renderRoute('/content-assistant-offer', <ContentAssistantOfferPage />, '/content-assistant-offer?domain=a.example');
    expect(await screen.findByRole('heading', { name: 'Improve a.example with the AI Content Assistant' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Kombat →' })).toHaveAttribute('href', '/seo/kombat/domain?query=a.example');
  });
});

describe('legal and API pages', () => {
  it('have their headings', () => {
    render(
      <MemoryRouter>
        <TermsPage />
        <PrivacyPage />
        <VulnerabilityDisclosurePage />
      </MemoryRouter>,
    );
    for (const name of ['Terms & Conditions', 'Privacy Policy', 'Vulnerability Disclosure Policy']) expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
  });

  it('documents each v1 group from the server’s OpenAPI document, with curl examples on the installation’s own address', async () => {
    const document = {
      info: { title: 'Serpwise API', description: '' },
      servers: [{ url: 'https://seo.agency.test/api/v1' }],
      components: { securitySchemes: { apiKey: { name: 'x-api-key' } } },
      paths: {
        '/seo/kombat': {
          get: {
            operationId: 'organicKombat',
            tags: ['kombat'],
            summary: 'Organic keywords two or three domains share',
            parameters: [{ name: 'domains', required: true, example: 'a.example,b.example', schema: { type: 'string' } }],
            responses: {},
          },
        },
        '/seo/keywords': { get: { operationId: 'organicKeywords', tags: ['core'], summary: 'Organic keywords', parameters: [], responses: {} } },
      },
    };
    renderRoute('/api/v1/:page', <ApiV1Page />, '/api/v1/kombat', { '/api/v1/openapi.json': document });
    expect(screen.getByRole('heading', { level: 1, name: 'Kombat' })).toBeInTheDocument();
    expect(await screen.findByText('/api/v1/seo/kombat')).toBeInTheDocument();
    expect(screen.queryByText('/api/v1/seo/keywords')).not.toBeInTheDocument();
    expect(screen.getByText(/curl -H "x-api-key: \$SERPWISE_API_KEY"/).textContent).toContain('"https://seo.agency.test/api/v1/seo/kombat?domains=a.example%2Cb.example"');
  });

  it('answers an unknown v1 page with the 404 page', () => {
    renderRoute('/api/v1/:page', <ApiV1Page />, '/api/v1/nothing');
    expect(screen.getByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
  });

  it('links every API page from the API navigation', () => {
    render(
      <MemoryRouter>
        <ApiNavigation />
      </MemoryRouter>,
    );
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/api', '/api/v2', ...['overview', 'ad-history', 'core', 'keyword', 'leads', 'url', 'weekly-tracking', 'kombat', 'project-manager'].map((page) => `/api/v1/${page}`)]);
  });
});

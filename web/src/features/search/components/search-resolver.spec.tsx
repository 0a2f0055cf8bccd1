import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { activeState } from '@test/active-state';
import { Providers, createQueryClient } from '@/app/providers';
import { DomainAsKeywordMessage, domainMessageMs } from './domain-as-keyword-message';
import { SearchResolverPage } from './search-resolver';

const requested: string[] = [];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Again() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/overview?query=other.example')}>
      again
    </button>
  );
}

function renderAt(path: string) {
  globalThis.fetch = (async (url: string) => {
    requested.push(url);
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(activeState());
    if (url.startsWith('/Endpoints/Search/JsonSearch')) {
      const params = new URL(url, 'http://x').searchParams;
      const query = params.get('query')!;
      if (query === 'bad..query') return jsonResponse({ statusCode: 400, message: 'It looks like you mis-typed the url in your search.' }, 400);
      if (query === 'down.example') return jsonResponse({ statusCode: 503, message: 'Unavailable' }, 503);
      const isUrl = query.startsWith('http');
      return jsonResponse({ cleansedQuery: query.toLowerCase(), isSerpBacked: true, queryId: 1, resultType: isUrl ? 'URL' : query.includes('.') ? 'Domain' : 'Term', wasQueryFound: true, countryCode: params.get('countryCode'), isDemoData: true });
    }
    return jsonResponse({}, 404);
  }) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <DomainAsKeywordMessage />
        <Again />
        <Routes>
          <Route path="/overview" element={<SearchResolverPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  requested.length = 0;
  localStorage.clear();
});

describe('/overview query lookup (docs/product/site.md §4)', () => {
  it('replaces /overview?query= with the page of the result type', async () => {
    renderAt('/overview?query=Shop.Example');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/overview/domain?query=shop.example'));
    renderAt('/overview?query=https%3A%2F%2Fshop.example%2Fp');
    await waitFor(() => expect(screen.getAllByTestId('where').at(-1)).toHaveTextContent('/overview/url?query=https%3A%2F%2Fshop.example%2Fp'));
  });

  it('looks up a search from another territory in that territory and keeps its parameters', async () => {
    renderAt('/overview?alt=4&query=shoes&countryCode=DE');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/keyword/overview?query=shoes&alt=4&countryCode=DE'));
    const lookup = requested.find((url) => url.startsWith('/Endpoints/Search/JsonSearch'))!;
    expect(new URL(lookup, 'http://x').searchParams.get('countryCode')).toBe('DE');
  });

  it('opens the typo page on 400 and the server-error page on any other failure', async () => {
    renderAt('/overview?query=bad..query');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/typo?query=bad..query'));
    renderAt('/overview?query=down.example');
    await waitFor(() => expect(screen.getAllByTestId('where').at(-1)).toHaveTextContent(/^\/server-error$/));
  });

  it('shows the search landing without a query', () => {
    renderAt('/overview');
    expect(screen.getByRole('heading', { name: 'Research any domain, URL, or keyword' })).toBeInTheDocument();
  });
});

describe('domain-as-keyword message', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows after a query was taken as a domain, offers the keyword, and hides itself after 20 s', async () => {
    jest.useFakeTimers();
    renderAt('/overview?query=shop.example');
    await act(async () => {});
    await act(async () => {});
    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('Did you mean the keyword');
    expect(screen.getByRole('link', { name: '“shop.example”' })).toHaveAttribute('href', '/keyword/overview?query=shop.example');
    act(() => void jest.advanceTimersByTime(domainMessageMs - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is not shown for a keyword', async () => {
    renderAt('/overview?query=running shoes');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/keyword/overview'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

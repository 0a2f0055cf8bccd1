import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { jsonResponse } from '@test/fake-socket';
import { activeState, loggedInState } from '@test/active-state';
import { setCountryCode } from '@/lib/country';
import { suggestionDebounceMs } from '../hooks/use-suggestions';
import { SearchBox, suggestionHideDelayMs } from './search-box';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
let state = activeState();

const suggestionWords = ['shopsphere.example', 'shoes online', 'shoe store', 'shop deals', 'shopping cart', 'shoelace', 'shorts'];
const calls = (prefix: string) => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith(prefix));
const param = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBox(props: Parameters<typeof SearchBox>[0] = {}, path = '/') {
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SearchBox {...props} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const input = () => screen.getByRole('combobox', { name: 'Domain, URL, or keyword' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const flush = () => act(async () => {});
const advance = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  state = activeState();
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(state);
    if (url.startsWith('/NsaApi/suggest/')) {
      const query = param(url, 'query') ?? '';
      const limit = Number(param(url, 'limit'));
      return jsonResponse(suggestionWords.filter((word) => word.startsWith(query)).slice(0, limit + 2).map((value) => ({ value, type: value.includes('.') ? 'domain' : 'term', popularity: 1 })));
    }
    if (url.startsWith('/Endpoints/Search/JsonSearch')) {
      const query = param(url, 'query')!;
      if (query.includes('..')) return jsonResponse({ statusCode: 400, message: 'It looks like you mis-typed the url in your search.' }, 400);
      if (query === 'boom') return jsonResponse({ statusCode: 500, message: 'Something went wrong on our side. Please try again.' }, 500);
      const isDomain = query.includes('.');
      return jsonResponse({
        cleansedQuery: query.toLowerCase(),
        isSerpBacked: true,
        queryId: 1,
        resultType: isDomain ? 'Domain' : 'Term',
        wasQueryFound: query !== 'unknown words',
        countryCode: param(url, 'countryCode'),
        isDemoData: true,
      });
    }
    if (url.startsWith('/endpoints/accountapi/performloggedineventlogging')) return jsonResponse({ logged: true });
    return jsonResponse({}, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('landing search box', () => {
  it('shows the documented placeholder and a Search button', () => {
    renderBox();
    expect(input()).toHaveAttribute('placeholder', 'Enter a domain, URL, or keyword');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('asks for suggestions only after 300 ms without typing, and only for the last text', async () => {
    renderBox();
    type('s');
    await advance(suggestionDebounceMs - 1);
    type('sh');
    await advance(suggestionDebounceMs - 1);
    type('sho');
    await advance(suggestionDebounceMs - 1);
    expect(calls('/NsaApi/suggest/')).toHaveLength(0);
    await advance(1);
    await flush();
    expect(calls('/NsaApi/suggest/')).toHaveLength(1);
    expect(param(calls('/NsaApi/suggest/')[0]!, 'query')).toBe('sho');
    // Backspace is a change too: it starts the wait again.
    type('sh');
    await advance(suggestionDebounceMs);
    await flush();
    expect(calls('/NsaApi/suggest/').map((url) => param(url, 'query'))).toEqual(['sho', 'sh']);
  });

  it('shows at most 5 suggestions, from the general call by default and the domain call when set', async () => {
    renderBox();
    type('sh');
    await advance(suggestionDebounceMs);
    await flush();
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(calls('/NsaApi/suggest/getsuggestions')).toHaveLength(1);
    expect(param(calls('/NsaApi/suggest/')[0]!, 'countryCode')).toBe('US');
  });

  it('uses the suggestion call of the configured type', async () => {
    renderBox({ suggestionType: 'domains' });
    type('sh');
    await advance(suggestionDebounceMs);
    await flush();
    expect(calls('/NsaApi/suggest/getdomainsuggestions')).toHaveLength(1);
  });

  it('hides the suggestions 150 ms after the field loses focus', async () => {
    renderBox();
    act(() => input().focus());
    type('sh');
    await advance(suggestionDebounceMs);
    await flush();
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeInTheDocument();
    fireEvent.blur(input());
    await advance(suggestionHideDelayMs - 1);
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).not.toBeInTheDocument();
  });

  it('searches a picked suggestion and opens its overview in the app', async () => {
    renderBox();
    type('shops');
    await advance(suggestionDebounceMs);
    await flush();
    fireEvent.click(screen.getByRole('option', { name: /shopsphere\.example/ }));
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/overview/domain?query=shopsphere.example'));
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).not.toBeInTheDocument();
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    renderBox();
    type('sho');
    await advance(suggestionDebounceMs);
    await flush();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.submit(input().closest('form')!);
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/keyword/overview?query=shoes+online'));
  });

  it('sends a keyword to the keyword overview, trimmed', async () => {
    renderBox();
    type('  running shoes  ');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/keyword/overview?query=running+shoes'));
    expect(param(calls('/Endpoints/Search/JsonSearch')[0]!, 'query')).toBe('running shoes');
  });

  it('opens the typo page for a malformed query (400) and the server-error page for other failures', async () => {
    renderBox();
    type('www..shop.example');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/typo?query=www..shop.example'));
    type('boom');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/server-error$/));
  });

  it('does a full page load to the overview of another territory, keeping the page parameters', async () => {
    const loads: string[] = [];
    renderBox({ onFullPageLoad: (url) => loads.push(url) }, '/?alt=4&competitors=x.example');
    fireEvent.click(screen.getByRole('button', { name: /^Search territory/ }));
    fireEvent.click(screen.getByRole('option', { name: /DE Germany/ }));
    type(' shoes ');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    expect(loads).toEqual(['/overview?alt=4&query=shoes&countryCode=DE']);
    expect(calls('/Endpoints/Search/JsonSearch')).toHaveLength(0);
  });

  it('searches in the app when the picked territory is the user’s current country', async () => {
    setCountryCode('UK');
    const loads: string[] = [];
    renderBox({ onFullPageLoad: (url) => loads.push(url) });
    expect(screen.getByRole('button', { name: /^Search territory/ })).toHaveAccessibleName('Search territory: United Kingdom');
    type('shoes');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/keyword/overview?query=shoes'));
    expect(loads).toEqual([]);
    expect(param(calls('/Endpoints/Search/JsonSearch')[0]!, 'countryCode')).toBe('UK');
  });

  it('logs a missed search for a logged-in user only', async () => {
    state = loggedInState();
    renderBox();
    await flush();
    type('unknown words');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    await waitFor(() => expect(calls('/endpoints/accountapi/performloggedineventlogging')).toHaveLength(1));
    const logged = calls('/endpoints/accountapi/performloggedineventlogging')[0]!;
    expect(param(logged, 'eventName')).toBe('Search_Keyword_Missed');
    expect(param(logged, 'eventAction')).toBe('KeywordNotFound');
  });

  it('does not log a visitor’s missed search', async () => {
    renderBox();
    await flush();
    type('unknown words');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await flush();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/keyword/overview'));
    expect(calls('/endpoints/accountapi/performloggedineventlogging')).toHaveLength(0);
  });
});

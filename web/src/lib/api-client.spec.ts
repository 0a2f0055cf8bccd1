import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiRequest, ApiRequestError, errorsOf } from './api-client';
import { forgetCsrfToken } from './csrf';
import { jsonResponse } from '@test/fake-socket';

type FetchArgs = [string, RequestInit];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="token-from-page">';
  forgetCsrfToken();
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => localStorage.clear());

const lastCall = () => fetchMock.mock.calls.at(-1)!;

describe('apiRequest', () => {
  it('sends the cross-site request token from the page meta tag on state-changing calls', async () => {
    await apiRequest('/rest/diagnostics', { method: 'POST', body: {} });
    expect((lastCall()[1].headers as Record<string, string>)['x-csrf-token']).toBe('token-from-page');
  });

  it('sends no token on reads', async () => {
    await apiRequest('/rest/jobs/1');
    expect((lastCall()[1].headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('adds countryCode to the params of search-API reads', async () => {
    localStorage.setItem('serpwise:country', 'DE');
    await apiRequest('/NsaApi/suggest/getsuggestions', { query: { query: 'shoes' } });
    expect(lastCall()[0]).toBe('/NsaApi/suggest/getsuggestions?query=shoes&countryCode=DE');
  });

  it('adds countryCode to the body of search-API posts, and leaves other calls alone', async () => {
    await apiRequest('/Endpoints/Search/JsonSearch', { method: 'POST', body: { query: 'x' } });
    expect(JSON.parse(lastCall()[1].body as string)).toEqual({ countryCode: 'US', query: 'x' });
    await apiRequest('/rest/diagnostics', { method: 'POST', body: {} });
    expect(JSON.parse(lastCall()[1].body as string)).toEqual({});
  });

  it('turns an error answer into ApiRequestError with the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ statusCode: 404, message: 'Job not found.' }, 404));
    await expect(apiRequest('/rest/jobs/x')).rejects.toEqual(new ApiRequestError(404, 'Job not found.'));
  });
});

describe('errorsOf', () => {
  const refused = (...errors: string[]) => new ApiRequestError(400, errors[0] ?? 'Bad request', errors);

  it('shows a validation message without the request field the API names before it', () => {
    expect(errorsOf(refused('webhookUrl: The webhook must be an http:// or https:// address.'))).toEqual(['The webhook must be an http:// or https:// address.']);
    expect(errorsOf(refused('settings.note: The max number of characters is 1770'))).toEqual(['The max number of characters is 1770']);
  });

  it("keeps an item's index, and messages that are not a field's", () => {
    expect(errorsOf(refused('emails.2: Enter a valid e-mail address.'))).toEqual(['emails.2: Enter a valid e-mail address.']);
    expect(errorsOf(refused('Row 3: The URL "x" is not an http(s) address of a site.'))).toEqual(['Row 3: The URL "x" is not an http(s) address of a site.']);
    expect(errorsOf(refused('note: lowercase is not a sentence'))).toEqual(['note: lowercase is not a sentence']);
    expect(errorsOf(refused('Error: Timed out'))).toEqual(['Error: Timed out']);
  });
});

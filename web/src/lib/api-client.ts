import { csrfHeaderName, isSearchApiPath, scraperInfoHeader, scraperInfoRefetch, type ApiError } from '@serpwise/contracts';
import { currentCountryCode } from './country';
import { csrfToken } from './csrf';
import { renewScraperToken, scraperTokenHeaders } from './scraper-token';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    /** The answer's data (e.g. the upsell's totalRows and maxExportRows), when it sent any. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The API names the request field before a validation message ("webhookUrl: The webhook must be …"), which helps a
 * caller of the API but reads as code on a form that shows the message beside its field. Dropped when the path is
 * plain field names (camelCase: an error class such as "Error: …" is not one) and the message is a sentence of its
 * own; an item's index ("emails.2: …") stays, it says which.
 */
const fieldPrefix = /^[a-z]\w*(?:\.[A-Za-z_]\w*)*: (?=[A-Z"“])/;
export const withoutFieldName = (message: string) => message.replace(fieldPrefix, '');

/** The messages to show for a failed call: the documented data.errors, else its message, else the fallback. */
export function errorsOf(error: unknown, fallback = 'Something went wrong. Check your connection and try again.'): string[] {
  if (!error) return [];
  if (error instanceof ApiRequestError) return (error.errors.length ? error.errors : [error.message]).map(withoutFieldName);
  return [fallback];
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  /** A multipart form (files, or a documented multipart call) instead of a JSON body. */
  form?: FormData;
  signal?: AbortSignal;
  /** Send the cross-site request token on a GET too (the documented GET calls that change something). */
  csrf?: boolean;
  /** Query parameters repeated once per value (e.g. emails=a&emails=b). */
  repeatedQuery?: Record<string, string[]>;
}

const unsafe = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/**
 * Every call the web app makes goes through here (docs/product/site.md §7): state-changing requests carry the
 * cross-site request token, search-API calls get countryCode in the query (GET) or the body (others), and research
 * calls carry the scraper token while it is enabled (lib/scraper-token.ts).
 */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return send<T>(path, request, false);
}

async function send<T>(path: string, request: ApiRequest, repeated: boolean): Promise<T> {
  const method = request.method ?? 'GET';
  const query = { ...request.query };
  let body = request.body;
  if (isSearchApiPath(path)) {
    if (method === 'GET') query.countryCode ??= currentCountryCode();
    else body = { countryCode: currentCountryCode(), ...body };
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  for (const [key, values] of Object.entries(request.repeatedQuery ?? {})) for (const value of values) search.append(key, value);
  const url = search.size ? `${path}?${search}` : path;

  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined && !request.form) headers['content-type'] = 'application/json';
  if (unsafe(method) || request.csrf) headers[csrfHeaderName] = await csrfToken();
  Object.assign(headers, scraperTokenHeaders(path));

  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: request.form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: request.signal,
  });
  // The scraper token was missing or stale: refetch the tracking state (a new seed) and repeat the call, once.
  if (!repeated && response.headers.get(scraperInfoHeader) === scraperInfoRefetch) {
    await renewScraperToken(response.headers.get('date'));
    return send<T>(path, request, true);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? `The request failed (${response.status}).`, error.errors ?? [], error.data ?? null);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

import { csrfHeaderName, sessionCookieName } from '@serpwise/contracts';

/** A minimal browser stand-in for API tests: keeps the session cookie and the page's csrf token. */
export class HttpSession {
  cookie = '';
  csrfToken = '';

  constructor(private readonly baseUrl: string) {}

  /** Loads a page like a browser does: gets the session cookie and reads the token from the meta tag. */
  async open(path = '/'): Promise<string> {
    const response = await this.request('GET', path, { accept: 'text/html' });
    const html = await response.text();
    this.csrfToken = /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1] ?? '';
    return html;
  }

  /** `rawBody` sends a body as is (a plain HTML form post), with the content-type given in `headers`. */
  async request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown, rawBody?: string): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        accept: 'application/json',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      redirect: 'manual', // a test sees a redirect as the browser gets it
    });
    const setCookie = response.headers.get('set-cookie');
    const session = setCookie && new RegExp(`${sessionCookieName}=([^;]+)`).exec(setCookie)?.[1];
    if (session) this.cookie = `${sessionCookieName}=${session}`;
    return response;
  }

  post(path: string, body: unknown = {}, withToken = true): Promise<Response> {
    return this.request('POST', path, withToken ? { [csrfHeaderName]: this.csrfToken } : {}, body);
  }

  /** A multipart form (FormData), as a browser posts one, with the page's cross-site token. */
  async postForm(path: string, form: FormData): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { accept: 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), [csrfHeaderName]: this.csrfToken },
      body: form,
      redirect: 'manual',
    });
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request('GET', path);
  }

  /** A documented GET that changes something: it carries the page's cross-site token, as the web client sends it. */
  getWithToken(path: string): Promise<Response> {
    return this.request('GET', path, { [csrfHeaderName]: this.csrfToken });
  }
}

import { Link, useLocation, useRouteError, useSearchParams, isRouteErrorResponse } from 'react-router';
import { SearchBox } from '@/features/search';
import { NotFoundPage } from './not-found-page';
import './error-pages.css';

export const typoTexts = {
  heading: 'Oops!',
  body: 'Sorry, partner. It looks like you mis-typed the url in your search.',
} as const;

/** docs/product/site.md §8 does not give the server-error page's words: these are ours. */
export const serverErrorTexts = {
  heading: 'Something went wrong on our end',
  body: 'Sorry, partner. Our servers hit a snag while looking that up. It isn’t anything you did: please try again in a minute.',
} as const;

/** /typo: a query lookup answered 400 (docs/product/site.md §4, §8). The search box holds the query to fix. */
export function TypoPage() {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  return (
    <section className="page error-page">
      <p className="error-page__code" aria-hidden="true">?!</p>
      <h1>{typoTexts.heading}</h1>
      <p className="error-page__text">{typoTexts.body}</p>
      {query && (
        <p className="error-page__query">
          You searched for <code>{query}</code>. Check for doubled dots, spaces or a missing domain ending, like <code>example.com</code>.
        </p>
      )}
      <div className="error-page__search">
        <SearchBox size="compact" initialQuery={query} />
      </div>
    </section>
  );
}

/** The server-error page's content, also shown when a page fails to render. */
export function ServerErrorContent({ retryTo }: { retryTo?: string }) {
  return (
    <section className="page error-page">
      <p className="error-page__code" aria-hidden="true">500</p>
      <h1>{serverErrorTexts.heading}</h1>
      <p className="error-page__text">{serverErrorTexts.body}</p>
      <p className="error-page__actions">
        {retryTo ? (
          <Link className="button button--primary" to={retryTo}>
            Try again
          </Link>
        ) : (
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

/** /server-error: any failed query lookup other than a 400 (docs/product/site.md §4), or the server-error flag of the user state. */
export function ServerErrorPage() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <ServerErrorContent retryTo={from} />;
}

/** The router's error element, for errors outside a page (the layout itself). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ServerErrorContent />;
}

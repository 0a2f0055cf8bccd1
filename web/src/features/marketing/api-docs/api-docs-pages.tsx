import { apiV1Pages } from '@serpwise/contracts';
import { Link, useParams } from 'react-router';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { NotFoundPage } from '@/features/error-pages';
import { apiBaseUrl, apiPageTitles, apiV1Groups, type ApiV1Page } from './api-pages';
import '../marketing.css';
import './api-docs.css';

/** The v2 calls: each answers as its v1 group, whose page lists the parameters. */
const v2CallColumns: SimpleColumn<ApiV1Page>[] = [
  { header: 'Call', cell: (page) => <code>/v2/{page}</code> },
  {
    header: 'Answers',
    cell: (page) => (
      <>
        {apiV1Groups[page].intro} <Link to={`/api/v1/${page}`}>Parameters</Link>
      </>
    ),
  },
];

/** An endpoint's parameters: name and meaning. */
const parameterColumns: SimpleColumn<[name: string, description: string]>[] = [
  { header: 'Parameter', cell: ([name]) => <code>{name}</code> },
  { header: 'Meaning', cell: ([, description]) => description },
];

function Authentication() {
  return (
    <>
      <h2>Authentication</h2>
      <p>
        Create a key under <Link to="/account/api">Account › API</Link> (full plans) and send it with every request in the <code>x-api-key</code> header.
        A new key replaces the old one at once. Keep it secret: anyone with the key uses your allowance.
      </p>
      <pre className="code-block">
        <code>{`curl -H "x-api-key: sw_…" \\\n  "${apiBaseUrl}/v2/keyword/overview?keyword=running+shoes&country=US"`}</code>
      </pre>
    </>
  );
}

/** /api: the keyword research API (docs/product/site.md §1 "a keyword-research API"). */
export function ApiLandingPage() {
  return (
    <article className="prose api-docs">
      <p className="prose__updated">API documentation</p>
      <h1>Serpwise Keyword Research API</h1>
      <p>
        The same data as the research pages, as JSON: keyword metrics, competitor keywords, ad history and rankings in 30 territories. Use it to feed
        dashboards, enrich your own tools, or automate client reporting.
      </p>
      <div className="api-docs__cards">
        <Link to="/api/v2" className="api-docs__card">
          <b>API v2</b>
          <span>Current version. Start here.</span>
        </Link>
        <Link to="/api/v1/overview" className="api-docs__card">
          <b>API v1 reference</b>
          <span>Domain, keyword, ad history, Kombat and project calls.</span>
        </Link>
        <Link to="/account/api" className="api-docs__card">
          <b>Your key and usage</b>
          <span>Create a key and see this month’s calls.</span>
        </Link>
      </div>
      <Authentication />
      <h2>Limits</h2>
      <p>
        Each account includes 10,000 calls a month; list calls return up to 1,000 rows per call. Answers are JSON; errors are{' '}
        <code>{'{ "statusCode", "message" }'}</code> with an HTTP status that says what went wrong (400 bad input, 401 bad key, 429 over the limit).
      </p>
    </article>
  );
}

/** /api/v2. */
export function ApiV2Page() {
  return (
    <article className="prose api-docs">
      <p className="prose__updated">API documentation · v2</p>
      <h1>API v2</h1>
      <p>
        Version 2 brings every call under one base URL, one paging scheme (<code>startingRow</code>, <code>pageSize</code>) and one territory parameter
        (<code>country</code>). It answers the same data as the <Link to="/api/v1/overview">v1 calls</Link>, which keep working.
      </p>
      <p>
        Base URL: <code>{apiBaseUrl}/v2</code>
      </p>
      <Authentication />
      <h2>Calls</h2>
      <SimpleTable className="mk-table api-docs__table" columns={v2CallColumns} rows={apiV1Pages} rowKey={(page) => page} />
    </article>
  );
}

/** /api/v1/{page}: one group of the v1 reference. */
export function ApiV1Page() {
  const { page } = useParams();
  const key = page?.toLowerCase() as ApiV1Page | undefined;
  if (!key || !(apiV1Pages as readonly string[]).includes(key)) return <NotFoundPage />;
  const group = apiV1Groups[key];
  return (
    <article className="prose api-docs">
      <p className="prose__updated">API documentation · v1</p>
      <h1>{apiPageTitles[key]}</h1>
      <p>{group.intro}</p>
      {group.endpoints.map((endpoint) => (
        <section key={`${endpoint.method} ${endpoint.path}`} className="api-docs__endpoint">
          <h2>
            <span className={`api-docs__method api-docs__method--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span> <code>{endpoint.path}</code>
          </h2>
          <p>{endpoint.summary}.</p>
          {endpoint.params.length > 0 && (
            <SimpleTable className="mk-table api-docs__table" columns={parameterColumns} rows={endpoint.params} rowKey={([name]) => name} />
          )}
        </section>
      ))}
      <h2>Example</h2>
      <pre className="code-block">
        <code>{group.example.request}</code>
      </pre>
      <pre className="code-block">
        <code>{group.example.response}</code>
      </pre>
    </article>
  );
}

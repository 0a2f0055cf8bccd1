import { apiMonthlyCallLimits, apiV1Pages } from '@serpwise/contracts';
import { Link, useParams } from 'react-router';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { NotFoundPage } from '@/features/error-pages';
import { apiPageIntros, apiPageTitles, type ApiV1Page } from './api-pages';
import { curlExample, exampleUrl, openApiPath, operationsOf, serverUrlOf, useOpenApiDocument, type OpenApiDocument, type OpenApiParameter } from '@/lib/openapi-document';
import '../marketing.css';
import './api-docs.css';

/** The v1 pages, each with the calls it documents. */
const pageColumns: SimpleColumn<ApiV1Page>[] = [
  { header: 'Page', cell: (page) => <Link to={`/api/v1/${page}`}>{apiPageTitles[page]}</Link> },
  { header: 'Covers', cell: (page) => apiPageIntros[page] },
];

const typeOf = (parameter: OpenApiParameter) => (parameter.schema.enum ? parameter.schema.enum.join(' | ') : (parameter.schema.type ?? 'string'));

/** A call's query parameters: name, type, whether required, default. */
const parameterColumns: SimpleColumn<OpenApiParameter>[] = [
  { header: 'Parameter', cell: (parameter) => <code>{parameter.name}</code> },
  { header: 'Type', cell: typeOf },
  { header: 'Required', cell: (parameter) => (parameter.required ? 'yes' : 'no') },
  { header: 'Default', cell: (parameter) => (parameter.schema.default === undefined ? '' : <code>{String(parameter.schema.default)}</code>) },
];

/** The document a page renders: loading and failure said in words. */
function WithDocument({ render }: { render: (document: OpenApiDocument) => React.ReactNode }) {
  const document = useOpenApiDocument();
  if (document.isError) return <p className="notice--error">The API description could not be loaded. Reload the page to try again.</p>;
  if (!document.data) return <p>Loading the API description…</p>;
  return <>{render(document.data)}</>;
}

function Authentication({ document }: { document: OpenApiDocument }) {
  const first = Object.entries(document.paths)[0];
  return (
    <>
      <h2>Authentication</h2>
      <p>
        Create a key under <Link to="/account/api">Account › API</Link> (full plans) and send it with every request in the{' '}
        <code>{document.components.securitySchemes.apiKey.name}</code> header. A new key replaces the old one at once; you can also revoke it there.
        Keep it secret: anyone with the key uses your allowance.
      </p>
      <p>
        Base URL: <code>{serverUrlOf(document)}</code>
      </p>
      {first ? (
        <pre className="code-block">
          <code>{curlExample(document, exampleUrl(document, first[0], first[1].get))}</code>
        </pre>
      ) : null}
    </>
  );
}

/** /api: the research data API (docs/product/site.md §1 "a keyword-research API"). */
export function ApiLandingPage() {
  return (
    <article className="prose api-docs">
      <p className="prose__updated">API documentation</p>
      <h1>Serpwise API</h1>
      <p>
        The same data as the research pages, as JSON: domain overviews, organic and paid keywords, competitors, Kombat, keyword research, ad history,
        backlinks and your projects’ tracked keywords, with the same filters, sorting and paging as the tables on screen.
      </p>
      <div className="api-docs__cards">
        <Link to="/api/v1/overview" className="api-docs__card">
          <b>API v1 reference</b>
          <span>Every call, its parameters and a curl example.</span>
        </Link>
        <a href={openApiPath} className="api-docs__card">
          <b>OpenAPI 3.1 document</b>
          <span>For client generators and API tools.</span>
        </a>
        <Link to="/account/api" className="api-docs__card">
          <b>Your key and usage</b>
          <span>Create a key and see this month’s calls.</span>
        </Link>
      </div>
      <WithDocument render={(document) => <Authentication document={document} />} />
      <h2>Limits</h2>
      <p>
        Each call counts against your plan’s monthly allowance: {apiMonthlyCallLimits.full.toLocaleString('en-US')} calls on a full plan,{' '}
        {apiMonthlyCallLimits.recon_full.toLocaleString('en-US')} on the recon plan, {apiMonthlyCallLimits.free.toLocaleString('en-US')} on a free one.
        Past it, calls answer 429 with a <code>Retry-After</code> header (seconds until the first day of next month). Tables return up to 1,000 rows per
        call (<code>pageSize</code>) and, like the screens, withhold what your plan does not show.
      </p>
      <h2>Errors</h2>
      <p>
        Every error answers <code>{'{ "error": { "code", "message" } }'}</code>. Codes: <code>missing_api_key</code>, <code>invalid_api_key</code> (401),{' '}
        <code>plan_required</code>, <code>forbidden</code> (403), <code>invalid_request</code> (400), <code>not_found</code> (404), <code>quota_exceeded</code>{' '}
        (429), <code>service_unavailable</code> (503), <code>internal_error</code> (500).
      </p>
    </article>
  );
}

/** /api/v2: the page the spec lists; the installation has one version of the API, v1. */
export function ApiV2Page() {
  return (
    <article className="prose api-docs">
      <p className="prose__updated">API documentation · v2</p>
      <h1>API versions</h1>
      <p>
        This installation serves one version of the API, v1, described by its <a href={openApiPath}>OpenAPI document</a>. Its calls, by page:
      </p>
      <SimpleTable className="mk-table api-docs__table" columns={pageColumns} rows={apiV1Pages} rowKey={(page) => page} />
    </article>
  );
}

/** /api/v1/{page}: one group of the v1 reference, rendered from the server's OpenAPI document. */
export function ApiV1Page() {
  const { page } = useParams();
  const key = page?.toLowerCase() as ApiV1Page | undefined;
  if (!key || !(apiV1Pages as readonly string[]).includes(key)) return <NotFoundPage />;
  return (
    <article className="prose api-docs">
      <p className="prose__updated">API documentation · v1</p>
      <h1>{apiPageTitles[key]}</h1>
      <p>{apiPageIntros[key]}</p>
      <WithDocument
        render={(document) =>
          operationsOf(document, key).map(({ path, operation }) => (
            <section key={path} className="api-docs__endpoint">
              <h2>
                <span className="api-docs__method">GET</span> <code>/api/v1{path}</code>
              </h2>
              <p>
                {operation.summary}.{operation.description ? ` ${operation.description}` : ''}
              </p>
              {operation.parameters.length > 0 && (
                <SimpleTable className="mk-table api-docs__table" columns={parameterColumns} rows={operation.parameters} rowKey={(parameter) => parameter.name} />
              )}
              <pre className="code-block">
                <code>{curlExample(document, exampleUrl(document, path, operation))}</code>
              </pre>
            </section>
          ))
        }
      />
    </article>
  );
}

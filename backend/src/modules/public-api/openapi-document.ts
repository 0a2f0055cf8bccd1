import { apiMonthlyCallLimits } from '@serpwise/contracts';
import { componentRef, requestJsonSchema, responseComponents, type JsonSchema } from '../../common/openapi-schemas.js';
import { apiKeyHeader } from './api-key.guard.js';
import { publicApiErrorCodes, publicApiErrorSchema } from './public-api-error.js';
import { publicEndpoints, type PublicEndpoint } from './public-endpoints.js';

/** The public API's base path; the document's server is the installation's own address (PUBLIC_URL) plus this. */
export const publicApiBasePath = '/api/v1';

const pageDescriptions: Record<PublicEndpoint['page'], string> = {
  overview: 'Domain overview, history and competitors',
  core: 'Organic and paid keywords, ranking history and backlinks of a domain',
  url: 'One page (URL) of a site',
  keyword: 'Keyword overview, related keywords, questions, results page, ranking history and backlinks',
  'ad-history': 'Ads of a domain or on a keyword, month by month',
  kombat: 'Keywords several domains share or miss',
  leads: 'Link leads',
  'weekly-tracking': 'The tracked keywords of the account’s projects',
  'project-manager': 'The account’s projects',
};

const componentName = (endpoint: PublicEndpoint) => `${endpoint.operationId[0]!.toUpperCase()}${endpoint.operationId.slice(1)}Response`;

/** A request schema's fields as OpenAPI query parameters (their input side: what a client sends). */
function queryParameters(endpoint: PublicEndpoint): JsonSchema[] {
  const schema = requestJsonSchema(endpoint.request);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
    ...(endpoint.example[name] !== undefined ? { example: endpoint.example[name] } : {}),
  }));
}


const errorResponse = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: componentRef('Error') } } },
});

/** The component that documents an endpoint's answer (endpoints answering the same schema share one). */
function responseRef(endpoint: PublicEndpoint): string {
  const first = publicEndpoints.find((candidate) => candidate.response === endpoint.response)!;
  return componentRef(componentName(first));
}

/**
 * The OpenAPI 3.1 document of the public API, generated from the zod schemas the endpoints validate requests with and
 * answer by (one source: nothing here repeats a field by hand). `publicUrl` is the installation's own address.
 */
export function openApiDocument(publicUrl: string): JsonSchema {
  // Endpoints answering the same schema share its component (named after the first of them).
  const components = responseComponents([['Error', publicApiErrorSchema], ...publicEndpoints.map((endpoint) => [componentName(endpoint), endpoint.response] as const)]);
  const paths = Object.fromEntries(
    publicEndpoints.map((endpoint) => [
      `/${endpoint.path}`,
      {
        get: {
          operationId: endpoint.operationId,
          tags: [endpoint.page],
          summary: endpoint.summary,
          ...(endpoint.needsFullPlan ? { description: 'Full plans only (403 plan_required otherwise).' } : {}),
          parameters: queryParameters(endpoint),
          responses: {
            '200': { description: 'The answer', content: { 'application/json': { schema: { $ref: responseRef(endpoint) } } } },
            '400': errorResponse('invalid_request: a parameter is missing or not valid'),
            '401': errorResponse('missing_api_key or invalid_api_key'),
            '403': errorResponse('plan_required or forbidden'),
            '404': errorResponse('not_found: the domain, keyword, URL or project is not known (or not the key owner’s)'),
            '429': errorResponse('quota_exceeded: this month’s allowance is used up', {
              'Retry-After': { description: 'Seconds until the allowance renews (the first day of next month, UTC)', schema: { type: 'integer', minimum: 1 } },
            }),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Serpwise API',
      version: '1.0.0',
      description: [
        'The research data of the screens as JSON: the same tables, filters, sorting (sort, sortDirection, emptyValues) and paging (startRow, pageSize).',
        `Send your key in the ${apiKeyHeader} header. Each call counts against your plan’s monthly allowance (free ${apiMonthlyCallLimits.free}, full ${apiMonthlyCallLimits.full}, recon ${apiMonthlyCallLimits.recon_full} calls).`,
        `Errors answer { "error": { "code", "message" } } with one of the codes ${publicApiErrorCodes.join(', ')}.`,
      ].join(' '),
    },
    servers: [{ url: `${publicUrl}${publicApiBasePath}`, description: 'This installation' }],
    security: [{ apiKey: [] }],
    tags: publicEndpoints
      .map((endpoint) => endpoint.page)
      .filter((page, index, pages) => pages.indexOf(page) === index)
      .map((page) => ({ name: page, description: pageDescriptions[page] })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: apiKeyHeader } },
      schemas: components,
    },
  };
}

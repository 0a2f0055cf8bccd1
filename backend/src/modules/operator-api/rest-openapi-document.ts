import { csrfHeaderName, sessionCookieName, type AccessLevel } from '@serpwise/contracts';
import { z } from 'zod';
import type { RestRoute } from './rest-routes.js';

type JsonSchema = Record<string, unknown>;

/** Where the operators' document is served (admin only: docs/decisions.md). */
export const restOpenApiPath = '/rest/openapi.json';

const accessDescriptions: Record<AccessLevel, string> = {
  public: 'Anyone, without a session.',
  session: 'Any browser session (the cookie a first page load sets).',
  user: 'A logged-in user.',
  full: 'A logged-in user with a full plan (own or the parent account’s).',
  recon: 'A logged-in user with the full recon plan.',
  parent: 'A logged-in user that is not a child account.',
  admin: 'An admin.',
  'admin-action': 'An admin with admin actions enabled within the last hour.',
};

/** The request side of a zod schema as JSON Schema 2020-12 (what a client sends), without the per-document keywords. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** An object schema's fields as parameters in one place (query or path); any other schema as one exploded object. */
function parametersOf(schema: z.ZodType, location: 'query' | 'path', name: string): JsonSchema[] {
  const json = inputSchema(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [{ name, in: location, required: location === 'path', style: 'form', explode: true, schema: json }];
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([field, property]) => ({
    name: field,
    in: location,
    required: location === 'path' || required.has(field),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function parameters(route: RestRoute): JsonSchema[] {
  const { schemas } = route;
  const fieldParameter = (name: string, schema: z.ZodType, location: 'query' | 'path') => {
    const json = inputSchema(schema);
    return { name, in: location, required: location === 'path' || !schema.safeParse(undefined).success, ...(typeof json.description === 'string' ? { description: json.description } : {}), schema: json };
  };
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return [
    ...(schemas.params ? parametersOf(schemas.params, 'path', 'params').filter((parameter) => pathNames.includes(parameter.name as string)) : []),
    ...Object.entries(schemas.paramFields).map(([name, schema]) => fieldParameter(name, schema, 'path')),
    ...(schemas.query ? parametersOf(schemas.query, 'query', 'query') : []),
    ...Object.entries(schemas.queryFields).map(([name, schema]) => fieldParameter(name, schema, 'query')),
  ];
}

const tagOf = (path: string) => path.split('/')[2] ?? 'rest';

function operation(route: RestRoute, operationId: string): JsonSchema {
  const validates = Boolean(route.schemas.query || route.schemas.body || route.schemas.params) || Object.keys({ ...route.schemas.queryFields, ...route.schemas.paramFields }).length > 0;
  const session = route.access === 'public' ? [] : [{ session: [] as string[], ...(route.needsCsrfToken ? { csrfToken: [] as string[] } : {}) }];
  return {
    operationId,
    tags: [tagOf(route.path)],
    summary: `${route.handler}`,
    description: `Who may call it: ${accessDescriptions[route.access]}${route.needsCsrfToken ? ` Changes state: send the session’s cross-site token in ${csrfHeaderName}.` : ''}`,
    ...(route.access === 'public' ? {} : { security: session }),
    parameters: parameters(route),
    ...(route.schemas.body ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(route.schemas.body) } } } } : {}),
    responses: {
      [String(route.successStatus)]: { description: 'The answer: JSON (a few routes send a file: a PDF preview). Its shape is a TypeScript type of @serpwise/contracts, not a zod schema, so it is not described here.' },
      ...(validates ? { '400': { description: 'A parameter is missing or not valid: { statusCode, message, errors } lists every problem.' } } : {}),
      ...(route.access === 'public' ? {} : { '401': { description: 'No session, or not logged in.' }, '403': { description: `Not allowed: ${accessDescriptions[route.access]} is needed${route.needsCsrfToken ? ', or the cross-site token is missing' : ''}.` } }),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the internal REST API (/rest/…) for operators, generated from the routes' own metadata
 * and the zod schemas their pipes validate with (rest-routes.ts): nothing here repeats a field by hand. Routes that
 * read a request part without a zod schema are left out and listed in `x-undocumented-routes`.
 */
export function restOpenApiDocument(routes: RestRoute[], publicUrl: string): JsonSchema {
  const documented = routes.filter((route) => route.undocumentedBecause === null);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const usedIds = new Set<string>();
  for (const route of documented) {
    let operationId = route.handler.replace(/[^\w.]/g, '_');
    if (usedIds.has(operationId)) operationId = `${operationId}_${route.path.slice('/rest/'.length).replace(/\W+/g, '_')}`;
    usedIds.add(operationId);
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route, operationId);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Serpwise internal REST API',
      version: '1.0.0',
      description: [
        'The API the web client calls under /rest/, for operators. Calls answer a browser session: the session cookie, and on calls that change state the session’s cross-site token (from the page’s csrf-token meta tag).',
        'Generated from the routes and the zod schemas they validate requests with; answers are not described (no zod schemas). The public data API has its own document at /api/v1/openapi.json.',
      ].join(' '),
    },
    servers: [{ url: publicUrl, description: 'This installation' }],
    tags: [...new Set(documented.map((route) => tagOf(route.path)))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName },
        csrfToken: { type: 'apiKey', in: 'header', name: csrfHeaderName },
      },
    },
    'x-undocumented-routes': routes
      .filter((route) => route.undocumentedBecause !== null)
      .map((route) => ({ method: route.method.toUpperCase(), path: route.path, handler: route.handler, because: route.undocumentedBecause })),
  };
}

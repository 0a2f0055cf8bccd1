import * as contracts from '@serpwise/contracts';
import { apiErrorSchema, csrfHeaderName, sessionCookieName, type AccessLevel, type OpenApiDocument } from '@serpwise/contracts';
import { z } from 'zod';
import { componentRef, requestJsonSchema, responseComponents, type JsonSchema } from '../../common/openapi-schemas.js';
import type { RestRoute, RouteSchemas } from './rest-routes.js';

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

const inputSchema = requestJsonSchema;

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

/** A JSON body, or a multipart/form-data upload: its fields (their input schema) and its file part. */
function requestBody(schemas: RouteSchemas): JsonSchema | null {
  if (schemas.body) return { required: true, content: { 'application/json': { schema: inputSchema(schemas.body) } } };
  if (!schemas.multipart) return null;
  const { fields, file } = schemas.multipart;
  const fieldSchema = fields ? inputSchema(fields) : { type: 'object', properties: {} };
  const schema = {
    ...fieldSchema,
    properties: { ...(fieldSchema.properties as JsonSchema), [file.name]: { type: 'string', contentMediaType: 'application/octet-stream', description: file.description } },
    required: [...((fieldSchema.required ?? []) as string[]), file.name],
  };
  // The fields come before the file: the server reads the stream in order.
  return { required: true, content: { 'multipart/form-data': { schema, encoding: { [file.name]: { contentType: 'application/octet-stream' } } } } };
}

/**
 * The success answer: its JSON schema's component, a file, or nothing (204). A handler without @ResponseSchema /
 * @FileResponse gets a description only; the operators' document test fails on it (every answer is described).
 */
function successResponse(route: RestRoute, component: string | undefined): JsonSchema {
  const { answer } = route;
  if (route.successStatus === 204) return { description: 'Done; no content.' };
  if (answer?.kind === 'json') return { description: 'The answer.', content: { 'application/json': { schema: { $ref: componentRef(component!) } } } };
  if (answer?.kind === 'file') {
    return { description: answer.description, content: Object.fromEntries(answer.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) };
  }
  return { description: 'The answer: JSON without a zod schema (its handler lacks @ResponseSchema).' };
}

let schemaNames: Map<unknown, string> | null = null;

/** The zod schemas @serpwise/contracts exports, by their component names (jobListPageSchema → JobListPage). */
function contractSchemaNames(): Map<unknown, string> {
  schemaNames ??= new Map(
    Object.entries(contracts)
      .filter(([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType)
      .map(([name, value]) => [value, `${name.charAt(0).toUpperCase()}${name.slice(1, -'Schema'.length)}`]),
  );
  return schemaNames;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: componentRef('Error') } } } });

function operation(route: RestRoute, operationId: string, component: string | undefined): JsonSchema {
  const validates =
    Boolean(route.schemas.query || route.schemas.body || route.schemas.params || route.schemas.multipart) || Object.keys({ ...route.schemas.queryFields, ...route.schemas.paramFields }).length > 0;
  const body = requestBody(route.schemas);
  const redirect = route.answer?.kind === 'file' ? route.answer.redirect : undefined;
  const session = route.access === 'public' ? [] : [{ session: [] as string[], ...(route.needsCsrfToken ? { csrfToken: [] as string[] } : {}) }];
  return {
    operationId,
    tags: [tagOf(route.path)],
    summary: `${route.handler}`,
    description: `Who may call it: ${accessDescriptions[route.access]}${route.needsCsrfToken ? ` Changes state: send the session’s cross-site token in ${csrfHeaderName}.` : ''}`,
    ...(route.access === 'public' ? {} : { security: session }),
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(route.successStatus)]: successResponse(route, component),
      ...(redirect ? { '302': { description: redirect, headers: { Location: { description: 'Where the file is.', schema: { type: 'string', format: 'uri' } } } } } : {}),
      ...(validates ? { '400': errorResponse('A parameter is missing or not valid: errors lists every problem.') } : {}),
      ...(route.access === 'public'
        ? {}
        : {
            '401': errorResponse('No session, or not logged in.'),
            '403': errorResponse(`Not allowed: ${accessDescriptions[route.access]} is needed${route.needsCsrfToken ? ', or the cross-site token is missing' : ''}.`),
          }),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the internal REST API (/rest/…) for operators, generated from the routes' own metadata
 * and the zod schemas their pipes validate with (rest-routes.ts): nothing here repeats a field by hand. Routes that
 * read a request part without a zod schema are left out and listed in `x-undocumented-routes`.
 */
export function restOpenApiDocument(routes: RestRoute[], publicUrl: string): OpenApiDocument {
  const documented = routes.filter((route) => route.undocumentedBecause === null);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const usedIds = new Set<string>();
  // One component per answer schema: a schema of @serpwise/contracts by its name there (exportStatusSchema →
  // ExportStatus), another after the first handler answering it (ExportsController.list → ExportsList).
  const componentOf = new Map<z.ZodType, string>([[apiErrorSchema, 'Error']]);
  for (const route of documented) {
    if (route.answer?.kind !== 'json' || componentOf.has(route.answer.schema)) continue;
    const [controller = '', method = ''] = route.handler.split('.');
    const title = route.answer.schema.meta()?.title;
    const base = contractSchemaNames().get(route.answer.schema) ?? (typeof title === 'string' ? title : `${controller.replace(/Controller$/, '')}${method.charAt(0).toUpperCase()}${method.slice(1)}`);
    let name = base;
    for (let n = 2; [...componentOf.values()].includes(name); n += 1) name = `${base}${n}`;
    componentOf.set(route.answer.schema, name);
  }
  for (const route of documented) {
    let operationId = route.handler.replace(/[^\w.]/g, '_');
    if (usedIds.has(operationId)) operationId = `${operationId}_${route.path.slice('/rest/'.length).replace(/\W+/g, '_')}`;
    usedIds.add(operationId);
    const component = route.answer?.kind === 'json' ? componentOf.get(route.answer.schema) : undefined;
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route, operationId, component);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Serpwise internal REST API',
      version: '1.0.0',
      description: [
        'The API the web client calls under /rest/, for operators. Calls answer a browser session: the session cookie, and on calls that change state the session’s cross-site token (from the page’s csrf-token meta tag).',
        'Generated from the routes, the zod schemas they validate requests with and the zod schemas of their answers (@serpwise/contracts, the types the handlers return). Errors answer { statusCode, message, errors? }. The public data API has its own document at /api/v1/openapi.json.',
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
      schemas: responseComponents([...componentOf].map(([schema, name]) => [name, schema] as const)),
    },
    'x-undocumented-routes': routes
      .filter((route) => route.undocumentedBecause !== null)
      .map((route) => ({ method: route.method.toUpperCase(), path: route.path, handler: route.handler, because: route.undocumentedBecause })),
  };
}

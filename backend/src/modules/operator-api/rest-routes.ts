import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { AccessLevel } from '@serpwise/contracts';
import type { z } from 'zod';
import {
  ROUTE_REQUEST_PARTS,
  ROUTE_REQUEST_SCHEMA,
  type DeclaredRequestParts,
  type MultipartPart,
  type RouteRequestSchema,
} from '../../common/route-request-schema.js';
import { ROUTE_RESPONSE, type RouteResponse } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ACCESS_LEVEL } from '../access/access.decorator.js';
import { isMarkedChangesState } from '../sessions/csrf.guard.js';

/** The internal REST API: the routes the operators' document covers (the public API under /api/v1 has its own). */
export const restPathPrefix = '/rest/';

/** What one route reads from the request, by the zod schemas it validates with. */
export interface RouteSchemas {
  /** The whole query string (an object schema), or single named fields. */
  query?: z.ZodType;
  queryFields: Record<string, z.ZodType>;
  body?: z.ZodType;
  /** The whole path parameters (an object schema), or single named ones. */
  params?: z.ZodType;
  paramFields: Record<string, z.ZodType>;
  /** A multipart/form-data upload: its fields' schema and its file part. */
  multipart?: MultipartPart;
}

/** What a route answers on success: the JSON's zod schema, a file, or null when no @ResponseSchema/@FileResponse says. */
export type RouteAnswer = { kind: 'json'; schema: z.ZodType } | Extract<RouteResponse, { kind: 'file' }> | null;

/** One route of the internal REST API, read from the controllers' own metadata. */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** As Nest matches it: /rest/exports/:id */
  path: string;
  /** Controller.method */
  handler: string;
  access: AccessLevel;
  /** The status a success answers with (@HttpCode, else Nest's 201 for a POST and 200 otherwise). */
  successStatus: number;
  /** A POST/PUT/DELETE, or a GET marked @ChangesState(): needs the session's cross-site token. */
  needsCsrfToken: boolean;
  schemas: RouteSchemas;
  answer: RouteAnswer;
  /** Why the route is left out of the document (a request part read without a zod schema), or null when it is in. */
  undocumentedBecause: string | null;
}

type ControllerClass = (new (...args: never[]) => object) & { name: string };

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const methodNames: Partial<Record<RequestMethod, RestRoute['method']>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

/** Built-in parameter decorators that read the request itself; custom ones (identity, session, table) read what the guards put there. */
const rawRequestParts = new Map<RouteParamtypes, string>([
  [RouteParamtypes.REQUEST, '@Req()'],
  [RouteParamtypes.HEADERS, '@Headers()'],
  [RouteParamtypes.FILE, '@UploadedFile()'],
  [RouteParamtypes.FILES, '@UploadedFiles()'],
  [RouteParamtypes.RAW_BODY, '@RawBody()'],
]);

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [''] : Array.isArray(value) ? value : [value]);
const joinPath = (...segments: string[]) => `/${segments.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
const zodSchemaOf = (argument: RouteArgument): z.ZodType | undefined => argument.pipes?.find((pipe): pipe is ZodValidationPipe<z.ZodType> => pipe instanceof ZodValidationPipe)?.schema;
const pathParameterNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The keys of an object schema (z.object and friends), or null for any other schema. */
function objectKeys(schema: z.ZodType): string[] | null {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : null;
}

/** Reads one handler's request parts; returns the schemas and the first part it reads without one. */
function readRequestParts(controller: ControllerClass, methodName: string, declared: RouteRequestSchema | undefined, parts: DeclaredRequestParts, handlerPath: string) {
  const schemas: RouteSchemas = {
    queryFields: {},
    paramFields: {},
    ...(parts.params ? { params: parts.params } : {}),
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.multipart ? { multipart: parts.multipart } : {}),
  };
  const unvalidated: string[] = [];
  let readsRawRequest = false;
  const argumentsByKey = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, RouteArgument>;
  for (const [key, argument] of Object.entries(argumentsByKey)) {
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    if (Number.isNaN(type)) continue; // a custom decorator
    const schema = zodSchemaOf(argument) ?? (declared && declared.part === (type === RouteParamtypes.BODY ? 'body' : type === RouteParamtypes.QUERY ? 'query' : '') ? declared.schemaOf(handlerPath) : undefined);
    const field = typeof argument.data === 'string' ? argument.data : undefined;
    if (type === RouteParamtypes.QUERY || type === RouteParamtypes.PARAM || type === RouteParamtypes.BODY) {
      const label = `${type === RouteParamtypes.QUERY ? '@Query' : type === RouteParamtypes.PARAM ? '@Param' : '@Body'}(${field ? `'${field}'` : ''})`;
      if (!schema || (type === RouteParamtypes.BODY && field)) {
        unvalidated.push(label);
        continue;
      }
      if (type === RouteParamtypes.BODY) schemas.body = schema;
      else if (type === RouteParamtypes.QUERY && field) schemas.queryFields[field] = schema;
      else if (type === RouteParamtypes.QUERY) schemas.query = schema;
      else if (field) schemas.paramFields[field] = schema;
      else schemas.params = schema;
    } else if (rawRequestParts.has(type)) {
      // A declared multipart upload is what @Req() streams and @UploadedFile() receives.
      if (parts.multipart && (type === RouteParamtypes.REQUEST || type === RouteParamtypes.FILE)) continue;
      if (type === RouteParamtypes.REQUEST) readsRawRequest = true;
      else unvalidated.push(rawRequestParts.get(type)!);
    }
  }
  return { schemas, unvalidated, readsRawRequest };
}

/** Why a route cannot be documented by its zod schemas, or null when it can. */
function undocumentedReason(path: string, schemas: RouteSchemas, unvalidated: string[], readsRawRequest: boolean): string | null {
  if (unvalidated.length) return `reads ${unvalidated.join(', ')} without a zod schema`;
  const paramKeys = schemas.params ? (objectKeys(schemas.params) ?? []) : [];
  const uncovered = pathParameterNames(path).filter((name) => !(name in schemas.paramFields) && !paramKeys.includes(name));
  if (uncovered.length) return `path parameter ${uncovered.map((name) => `:${name}`).join(', ')} without a zod schema`;
  const validatesSomething = Boolean(schemas.query || schemas.body || schemas.params || schemas.multipart) || Object.keys(schemas.queryFields).length + Object.keys(schemas.paramFields).length > 0;
  // @Req() beside a validated part reads the viewer, the address or the raw stream of that part; alone, it reads the request by hand.
  if (readsRawRequest && !validatesSomething) return 'reads the request itself (@Req()), with no zod schema';
  return null;
}

/** Every route of the internal REST API (paths under /rest/), read from the controllers' metadata: one source. */
export function restRoutes(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as ControllerClass | undefined;
    if (!controller) continue;
    const controllerPaths = asList(reflector.get<string | string[] | undefined>(PATH_METADATA, controller));
    const classAccess = reflector.get<AccessLevel | undefined>(ACCESS_LEVEL, controller);
    for (const methodName of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, object>)[methodName]!;
      const handlerPaths = reflector.get<string | string[] | undefined>(PATH_METADATA, handler as never);
      const method = methodNames[reflector.get<RequestMethod>(METHOD_METADATA, handler as never)];
      if (handlerPaths === undefined || !method) continue;
      const declared = reflector.get<RouteRequestSchema | undefined>(ROUTE_REQUEST_SCHEMA, handler as never);
      const declaredParts = (Reflect.getMetadata(ROUTE_REQUEST_PARTS, handler) ?? {}) as DeclaredRequestParts;
      const response = reflector.get<RouteResponse | undefined>(ROUTE_RESPONSE, handler as never);
      const httpCode = reflector.get<number | undefined>(HTTP_CODE_METADATA, handler as never);
      for (const controllerPath of controllerPaths) {
        for (const handlerPath of asList(handlerPaths)) {
          const path = joinPath(controllerPath, handlerPath);
          if (!path.startsWith(restPathPrefix)) continue;
          const { schemas, unvalidated, readsRawRequest } = readRequestParts(controller, methodName, declared, declaredParts, handlerPath);
          routes.push({
            method,
            path,
            handler: `${controller.name}.${methodName}`,
            access: reflector.get<AccessLevel | undefined>(ACCESS_LEVEL, handler as never) ?? classAccess ?? 'public',
            successStatus: httpCode ?? (method === 'post' ? 201 : 200),
            needsCsrfToken: method !== 'get' || isMarkedChangesState(reflector, handler),
            schemas,
            answer: !response ? null : response.kind === 'json' ? { kind: 'json', schema: response.schemaOf(handlerPath) } : response,
            undocumentedBecause: undocumentedReason(path, schemas, unvalidated, readsRawRequest),
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

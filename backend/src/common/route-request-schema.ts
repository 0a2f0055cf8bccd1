import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const ROUTE_REQUEST_SCHEMA = 'serpwise:route-request-schema';
export const ROUTE_REQUEST_PARTS = 'serpwise:route-request-parts';

/** A request part a handler validates itself (not through a pipe), by a schema that depends on the route's path. */
export interface RouteRequestSchema {
  part: 'query' | 'body';
  /** The schema for one of the handler's paths (as written in its @Get/@Post, e.g. 'seo/keywords'). */
  schemaOf(handlerPath: string): z.ZodType;
}

/**
 * For a handler serving several paths that each validate with their own schema inside the handler (the research
 * tables: one route per catalogue table): names the schema per path, so the operators' OpenAPI document
 * (modules/operator-api/) can describe it. The handler must validate with the same `schemaOf`.
 */
export const RequestSchemaOfRoute = (part: RouteRequestSchema['part'], schemaOf: RouteRequestSchema['schemaOf']) =>
  SetMetadata(ROUTE_REQUEST_SCHEMA, { part, schemaOf } satisfies RouteRequestSchema);

/** A multipart/form-data body: its text fields (a zod object schema) and its one file part. */
export interface MultipartPart {
  fields?: z.ZodType;
  file: { name: string; description: string };
}

/**
 * Request parts read by something other than a pipe on a built-in decorator (a custom parameter decorator, a stream
 * read from the request), declared with the schema that reads them: what the operators' document shows.
 */
export interface DeclaredRequestParts {
  params?: z.ZodType;
  query?: z.ZodType;
  multipart?: MultipartPart;
}

/** Adds declared parts to a handler (merged with what an earlier decorator declared). */
export function declareRequestParts(handler: object, parts: DeclaredRequestParts): void {
  const declared = (Reflect.getMetadata(ROUTE_REQUEST_PARTS, handler) ?? {}) as DeclaredRequestParts;
  Reflect.defineMetadata(ROUTE_REQUEST_PARTS, { ...declared, ...parts }, handler);
}

/** For a custom parameter decorator (createParamDecorator's enhancers): declares the parts it reads on its handler. */
export const declaresRequestParts =
  (parts: DeclaredRequestParts) =>
  (target: object, propertyKey?: string | symbol): void => {
    if (propertyKey !== undefined) declareRequestParts((target as Record<string | symbol, object>)[propertyKey]!, parts);
  };

/**
 * A handler that reads a multipart/form-data upload from the request stream itself (@Req()) or through multer
 * (@UploadedFile()): the fields' schema it validates them with and its file part.
 */
export const MultipartRequest = (multipart: MultipartPart): MethodDecorator => (_target, _key, descriptor) => {
  declareRequestParts(descriptor.value as object, { multipart });
};

import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const ROUTE_REQUEST_SCHEMA = 'serpwise:route-request-schema';

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

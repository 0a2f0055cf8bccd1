import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const ROUTE_RESPONSE = 'serpwise:route-response';

/** What a route answers on success: JSON of a zod schema (per handler path, for a handler serving several), or a file. */
export type RouteResponse =
  | { kind: 'json'; schemaOf(handlerPath: string): z.ZodType }
  | { kind: 'file'; contentTypes: string[]; description: string; redirect?: string };

/**
 * The zod schema of a route's JSON answer (the type the handler returns is inferred from the same schema in
 * @serpwise/contracts): the operators' OpenAPI document (modules/operator-api/) describes the answer by it, and its
 * integration test checks real answers against it. A function names the schema per handler path.
 */
export const ResponseSchema = (schema: z.ZodType | ((handlerPath: string) => z.ZodType)) =>
  SetMetadata(ROUTE_RESPONSE, { kind: 'json', schemaOf: typeof schema === 'function' ? schema : () => schema } satisfies RouteResponse);

/**
 * A route that answers a file (a download, a PDF, an image), not JSON: its content types, and when it may answer a
 * 302 to the file's address instead (`redirect` says when).
 */
export const FileResponse = (contentTypes: string | string[], description: string, options: { redirect?: string } = {}) =>
  SetMetadata(ROUTE_RESPONSE, { kind: 'file', contentTypes: [contentTypes].flat(), description, ...options } satisfies RouteResponse);

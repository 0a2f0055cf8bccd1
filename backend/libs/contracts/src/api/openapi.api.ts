import { z } from 'zod';

/**
 * GET /rest/openapi.json and /api/v1/openapi.json: an OpenAPI 3.1 document. Its own parts are described by the
 * OpenAPI specification, not here: the fields every document has, the rest left open.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

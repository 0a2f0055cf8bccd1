import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The parts of the server's OpenAPI document (GET /api/v1/openapi.json) the documentation pages render. */
export interface OpenApiParameter {
  name: string;
  required: boolean;
  description?: string;
  example?: string;
  schema: { type?: string; enum?: string[]; default?: unknown; anyOf?: unknown[] };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters: OpenApiParameter[];
  responses: Record<string, { description: string }>;
}

export interface OpenApiDocument {
  info: { title: string; description: string };
  servers: { url: string }[];
  paths: Record<string, { get: OpenApiOperation }>;
  components: { securitySchemes: { apiKey: { name: string } } };
}

export const openApiPath = '/api/v1/openapi.json';

/** One document per page load: it changes only with a new server version. */
export const useOpenApiDocument = () =>
  useQuery({ queryKey: ['api-docs', 'openapi'], queryFn: () => apiRequest<OpenApiDocument>(openApiPath), staleTime: Number.POSITIVE_INFINITY });

/** The calls of one documentation page (its tag), in the document's order. */
export const operationsOf = (document: OpenApiDocument, page: string) =>
  Object.entries(document.paths)
    .filter(([, item]) => item.get.tags.includes(page))
    .map(([path, item]) => ({ path, operation: item.get }));

/** The base of every call: the installation's own address (the server's PUBLIC_URL), as the document names it. */
export const serverUrlOf = (document: OpenApiDocument) => document.servers[0]?.url ?? `${window.location.origin}/api/v1`;

/** The URL of a call with the documented example value of each parameter that has one. */
export function exampleUrl(document: OpenApiDocument, path: string, operation: OpenApiOperation): string {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) if (parameter.example !== undefined) query.set(parameter.name, parameter.example);
  return `${serverUrlOf(document)}${path}${query.size ? `?${query}` : ''}`;
}

/** A curl line a reader can paste: the key in the documented header, the URL quoted for the shell. */
export const curlExample = (document: OpenApiDocument, url: string, key = '$SERPWISE_API_KEY') =>
  `curl -H "${document.components.securitySchemes.apiKey.name}: ${key}" \\\n  "${url}"`;

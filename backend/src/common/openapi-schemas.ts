import { z } from 'zod';

/**
 * zod schemas as the JSON Schema 2020-12 of an OpenAPI 3.1 document: the one way both documents (the public API's,
 * modules/public-api/openapi-document.ts, and the operators', modules/operator-api/) turn their schemas into JSON.
 */
export type JsonSchema = Record<string, unknown>;

/** JSON Schema without the per-schema keywords an OpenAPI component or parameter does not carry. */
export const bareJsonSchema = (schema: JsonSchema): JsonSchema => {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
};

/** The request side of a zod schema (what a client sends: defaults optional, coercions as their input). */
export const requestJsonSchema = (schema: z.ZodType): JsonSchema =>
  bareJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema);

export const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * Answer schemas as components, generated in one pass so a schema named twice is one component and the named ones
 * refer to each other by $ref. Their output side: what the server sends (z.object lists its fields exactly, so an
 * answer with a field the schema does not know fails validation).
 */
export function responseComponents(named: Iterable<readonly [string, z.ZodType]>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) if (!registry.has(schema)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12', uri: componentRef });
  return Object.fromEntries(Object.entries(generated.schemas).map(([id, schema]) => [id, bareJsonSchema(schema as JsonSchema)]));
}

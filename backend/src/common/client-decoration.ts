import { clientDecorationKeys } from '@serpwise/contracts';
import type { z } from 'zod';

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Whether the schema reads this key of its input (through transforms, pipes, optionals, unions). */
export function declaresKey(schema: z.ZodType, key: string): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.hasOwn(def.shape ?? {}, key);
    case 'pipe':
      return declaresKey(def.in!, key);
    case 'union':
      return (def.options ?? []).some((option) => declaresKey(option, key));
    case 'intersection':
      return declaresKey(def.left!, key) || declaresKey(def.right!, key);
    default:
      // optional, nullable, default, readonly, catch…: look inside; anything else (a record, any) takes every key.
      return def.innerType ? declaresKey(def.innerType, key) : true;
  }
}

/**
 * The input without the web client's decoration keys (countryCode) that the call does not use (docs/decisions.md
 * issue 24): the client adds them to every search-API call, and a strict schema must not refuse the client itself.
 */
export function withoutClientDecoration(schema: z.ZodType, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const dropped = clientDecorationKeys.filter((key) => Object.hasOwn(value, key) && !declaresKey(schema, key));
  if (!dropped.length) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of dropped) delete copy[key];
  return copy;
}

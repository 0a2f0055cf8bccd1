import type { PipeTransform } from '@nestjs/common';
import { badRequest } from './bad-request.js';
import type { z } from 'zod';
import { withoutClientDecoration } from './client-decoration.js';

/**
 * Validates one request part against a zod schema; a bad value gets a 400 listing every problem. The web client's own
 * decoration keys are dropped first where the schema does not use them (client-decoration.ts).
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  /** Public so the operators' OpenAPI document (operator-api/) describes a route by the very schema it validates with. */
  constructor(readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(withoutClientDecoration(this.schema, value ?? {}));
    if (parsed.success) return parsed.data;
    const errors = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
    throw badRequest(errors);
  }
}

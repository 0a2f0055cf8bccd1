import { z } from 'zod';

export const jobIdParamSchema = z.object({ id: z.uuid({ message: 'The job id must be a UUID.' }) });

/** POST /rest/diagnostics takes no body fields today; unknown ones are refused so typos surface. */
export const startDiagnosticBodySchema = z.object({}).strict();

export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.string()).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

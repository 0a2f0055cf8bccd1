import { z } from 'zod';

export const jobIdParamSchema = z.object({ id: z.uuid({ message: 'The job id must be a UUID.' }) });

/**
 * The query of a signed file link (an export's download, an import's error report, a report's PDF): when it expires
 * and its signature, which the service checks (a link without them, or not this user's, is refused). A value that is
 * not one text (a repeated parameter) counts as missing.
 */
export const signedLinkQuerySchema = z.object({
  expires: z.string().optional().catch(undefined).describe('When the link expires (milliseconds since 1970), as the link was given.'),
  signature: z.string().optional().catch(undefined).describe('The link’s signature, as the link was given.'),
});

/** POST /rest/diagnostics takes no body fields today; unknown ones are refused so typos surface. */
export const startDiagnosticBodySchema = z.object({}).strict();

export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.string()).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

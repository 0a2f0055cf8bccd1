import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { jobIdParamSchema, signedLinkQuerySchema } from '@serpwise/contracts';
import type { Request } from 'express';
import { declaresRequestParts } from './route-request-schema.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

/** A request for a job's file through its signed link: the job (:id) and the link's parts, which the service checks. */
export interface SignedFileRequest {
  jobId: string;
  link: { expires?: string; signature?: string };
}

/**
 * The job id of the route (a UUID, else 400) and the signed link's `expires` and `signature` query values: the one
 * request shape of every signed file download (exports, import error reports, report PDFs, mailed PDFs). Both read
 * through their zod schemas, which the decorator declares on its handler for the operators' OpenAPI document.
 */
export const SignedJobFile = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SignedFileRequest => {
    const request = context.switchToHttp().getRequest<Request>();
    const { id } = new ZodValidationPipe(jobIdParamSchema).transform(request.params);
    const { expires, signature } = signedLinkQuerySchema.parse(request.query ?? {});
    return { jobId: id, link: { expires, signature } };
  },
  [declaresRequestParts({ params: jobIdParamSchema, query: signedLinkQuerySchema })],
);

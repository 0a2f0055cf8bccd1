import { HttpException } from '@nestjs/common';
import type { ImportErrorCode } from '@serpwise/contracts';

/**
 * A refused project-area call: { statusCode, message, errors } like every API error, plus data.code for the two
 * codes the import flow reacts to (NO_PROJECTS opens create-project, NO_PROJECT_SELECTED the project selector).
 */
export class ProjectRefusal extends HttpException {
  constructor(status: 400 | 403 | 404 | 409, messages: string | string[], code?: ImportErrorCode) {
    const errors = Array.isArray(messages) ? messages : [messages];
    super({ statusCode: status, message: errors[0] ?? 'The request was refused.', errors, ...(code ? { data: { code } } : {}) }, status);
  }
}

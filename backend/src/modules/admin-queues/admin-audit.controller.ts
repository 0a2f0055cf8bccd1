import { Controller, Get, Query } from '@nestjs/common';
import { adminAuditPageSchema, adminAuditQuerySchema, type AdminAuditPage, type AdminAuditQuery } from '@serpwise/contracts';
import { AdminAuditLogSearch } from '@serpwise/database';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { Access } from '../access/access.decorator.js';

/**
 * GET /rest/admin/audit-log (issue 23 point 4): who did what to which queue or job, and when; filtered by admin,
 * action, queue, job and time, newest first, paged. Reading it needs the role admin, like the queues.
 */
@Controller('rest/admin/audit-log')
export class AdminAuditController {
  constructor(private readonly search: AdminAuditLogSearch) {}

  @Access('admin')
  @Get()
  @ResponseSchema(adminAuditPageSchema)
  async page(@Query(new ZodValidationPipe(adminAuditQuerySchema)) query: AdminAuditQuery): Promise<AdminAuditPage> {
    const [found, choices] = await Promise.all([this.search.page(query), this.search.choices()]);
    return { ...found, startRow: query.startRow, pageSize: query.pageSize, ...choices };
  }
}

import { z } from 'zod';
import { optionalText, optionalTime, pageWindowFields, timesInOrder } from './query-fields.js';
import { adminAuditEntrySchema } from './queues.js';

/** GET /rest/admin/audit-log: filters (each optional) and the page. */
export const adminAuditQuerySchema = z
  .object({
    admin: z.uuid('admin must be the id of an admin.').optional(),
    action: optionalText('action', 64),
    queue: optionalText('queue', 64),
    job: optionalText('job', 128),
    from: optionalTime('from'),
    to: optionalTime('to'),
    ...pageWindowFields,
  })
  .refine(...timesInOrder);
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** One audit entry as the page lists it: the admin's e-mail as well as their id. */
export const adminAuditListEntrySchema = adminAuditEntrySchema.extend({ adminEmail: z.string().nullable() });
export type AdminAuditListEntry = z.infer<typeof adminAuditListEntrySchema>;

export const adminAuditPageSchema = z.object({
  entries: z.array(adminAuditListEntrySchema),
  /** Entries matching the filters, all pages. */
  total: z.number(),
  startRow: z.number(),
  pageSize: z.number(),
  /** What the filters can choose from: every admin, action and queue the log holds. */
  admins: z.array(z.object({ userId: z.string(), email: z.string().nullable() })),
  actions: z.array(z.string()),
  queues: z.array(z.string()),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

import { z } from 'zod';
import { optionalText, optionalTime, pageWindowFields, timesInOrder } from './query-fields.js';
import type { AdminAuditEntry } from './queues.js';

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
export interface AdminAuditListEntry extends AdminAuditEntry {
  adminEmail: string | null;
}

export interface AdminAuditPage {
  entries: AdminAuditListEntry[];
  /** Entries matching the filters, all pages. */
  total: number;
  startRow: number;
  pageSize: number;
  /** What the filters can choose from: every admin, action and queue the log holds. */
  admins: { userId: string; email: string | null }[];
  actions: string[];
  queues: string[];
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { planRolesOf, rolesAt } from '@serpwise/domain';
import { UnrecoverableError } from 'bullmq';

export interface JobOwnerAccount {
  /** The plan roles that apply: a child account's come from its parent, as the API's identity loader does. */
  planRoles: string[];
  email: string;
  /** Whose shared settings (report design, project alerts) apply: the parent's for a child account. */
  accountOwnerId: string;
}

/**
 * The account a job runs for, read afresh when the job runs (a plan may have changed, or lapsed, since the request).
 * The plan is decided as the API's identity loader decides it (plan-access.ts); the worker only reads: a plan whose
 * paid period is over counts as free, and the API writes the downgrade the next time it loads the account.
 */
export async function jobOwnerAccount(em: EntityManager, userId: string, now = new Date()): Promise<JobOwnerAccount> {
  const [row] = await em.execute<
    { roles: string[]; attributes: Record<string, string> | null; email: string; parent_user_id: string | null; parent_roles: string[] | null; parent_attributes: Record<string, string> | null }[]
  >(
    `select u.roles, u.attributes, u.email, u.parent_user_id, p.roles as parent_roles, p.attributes as parent_attributes
     from app_user u left join app_user p on p.id = u.parent_user_id where u.id = ?`,
    [userId],
  );
  if (!row) throw new UnrecoverableError('The job owner no longer exists');
  const parentRoles = row.parent_roles ? rolesAt({ roles: row.parent_roles, attributes: row.parent_attributes }, now) : null;
  const planRoles = planRolesOf(rolesAt({ roles: row.roles, attributes: row.attributes }, now), parentRoles);
  return { planRoles, email: row.email, accountOwnerId: row.parent_user_id ?? userId };
}

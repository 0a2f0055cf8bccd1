import type { EntityManager } from '@mikro-orm/postgresql';
import { UnrecoverableError } from 'bullmq';

const planRoleNames = new Set(['free', 'full', 'recon_full']);

export interface JobOwnerAccount {
  /** The plan roles that apply: a child account's come from its parent, as the API's identity loader does. */
  planRoles: string[];
  email: string;
  /** Whose shared settings (report design, project alerts) apply: the parent's for a child account. */
  accountOwnerId: string;
}

/** The account a job runs for, read afresh when the job runs (a plan may have changed since the request). */
export async function jobOwnerAccount(em: EntityManager, userId: string): Promise<JobOwnerAccount> {
  const [row] = await em.execute<{ roles: string[]; email: string; parent_user_id: string | null; parent_roles: string[] | null }[]>(
    `select u.roles, u.email, u.parent_user_id, p.roles as parent_roles from app_user u left join app_user p on p.id = u.parent_user_id where u.id = ?`,
    [userId],
  );
  if (!row) throw new UnrecoverableError('The job owner no longer exists');
  const planRoles = row.parent_roles
    ? [...row.parent_roles.filter((role) => planRoleNames.has(role)), ...row.roles.filter((role) => !planRoleNames.has(role))]
    : row.roles;
  return { planRoles, email: row.email, accountOwnerId: row.parent_user_id ?? userId };
}

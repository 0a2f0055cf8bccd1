import type { EntityManager } from '@mikro-orm/postgresql';
import { planEndsAtAttribute, rolesWithoutFull } from '@serpwise/domain';
import { UnrecoverableError } from 'bullmq';

const planRoleNames = new Set(['free', 'full', 'recon_full']);

export interface JobOwnerAccount {
  /** The plan roles that apply: a child account's come from its parent, as the API's identity loader does. */
  planRoles: string[];
  email: string;
  /** Whose shared settings (report design, project alerts) apply: the parent's for a child account. */
  accountOwnerId: string;
}

/**
 * Roles as they stand at `now`: a cancelled plan whose paid period is over counts as free, as the API's identity
 * loader decides (plan-access.ts). The worker only reads: the API writes the downgrade the next time it loads the account.
 */
function currentRoles(roles: string[], attributes: Record<string, string> | null, now: Date): string[] {
  const endsAt = attributes?.[planEndsAtAttribute];
  return endsAt && roles.includes('full') && Date.parse(endsAt) <= now.getTime() ? rolesWithoutFull(roles) : roles;
}

/** The account a job runs for, read afresh when the job runs (a plan may have changed, or lapsed, since the request). */
export async function jobOwnerAccount(em: EntityManager, userId: string, now = new Date()): Promise<JobOwnerAccount> {
  const [row] = await em.execute<
    { roles: string[]; attributes: Record<string, string> | null; email: string; parent_user_id: string | null; parent_roles: string[] | null; parent_attributes: Record<string, string> | null }[]
  >(
    `select u.roles, u.attributes, u.email, u.parent_user_id, p.roles as parent_roles, p.attributes as parent_attributes
     from app_user u left join app_user p on p.id = u.parent_user_id where u.id = ?`,
    [userId],
  );
  if (!row) throw new UnrecoverableError('The job owner no longer exists');
  const roles = currentRoles(row.roles, row.attributes, now);
  const planRoles = row.parent_roles
    ? [...currentRoles(row.parent_roles, row.parent_attributes, now).filter((role) => planRoleNames.has(role)), ...roles.filter((role) => !planRoleNames.has(role))]
    : roles;
  return { planRoles, email: row.email, accountOwnerId: row.parent_user_id ?? userId };
}

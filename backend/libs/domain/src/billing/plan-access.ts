import type { UserRecord, UserRepository } from '@serpwise/database';

/**
 * How the full plan follows billing. A purchase makes the owner 'full' (and drops 'free'). A cancelled or paused
 * subscription keeps full access until the end of the period already paid: billing writes that moment into the
 * owner's attribute planEndsAt, and the identity loader (backend/src/modules/sessions/identity.service.ts) turns the owner back into
 * 'free' the first time it loads the account after that moment. No scheduler is involved.
 */
export const planEndsAtAttribute = 'planEndsAt';

export const rolesWithFull = (roles: string[]) => [...roles.filter((role) => role !== 'free' && role !== 'full'), 'full'];
export const rolesWithoutFull = (roles: string[]) => [...roles.filter((role) => role !== 'free' && role !== 'full'), 'free'];

/** An account's roles and attributes, as the API's user record or the worker's own read holds them. */
export interface PlanHolder {
  roles: string[];
  attributes: Record<string, string> | null;
}

/** True when the paid period of a cancelled or paused plan is over (the caller then drops 'full'). */
export function planHasEnded(user: PlanHolder, now = new Date()): boolean {
  const endsAt = user.attributes?.[planEndsAtAttribute];
  return Boolean(endsAt) && user.roles.includes('full') && Date.parse(endsAt!) <= now.getTime();
}

/** The roles as they stand at `now`, without writing anything: a plan whose paid period is over counts as free. */
export const rolesAt = (user: PlanHolder, now = new Date()): string[] => (planHasEnded(user, now) ? rolesWithoutFull(user.roles) : user.roles);

const planRoleNames = new Set(['free', 'full', 'recon_full']);

/**
 * The roles that decide what an account may see and do (its plan): a child account uses its parent's plan and keeps
 * its own non-plan roles (admin, infinitelogin). Decided here for the API's identity loader and for the worker's
 * jobs, which read the owner's plan again when they run.
 */
export function planRolesOf(userRoles: string[], parentRoles: string[] | null): string[] {
  return parentRoles
    ? [...parentRoles.filter((role) => planRoleNames.has(role)), ...userRoles.filter((role) => !planRoleNames.has(role))]
    : userRoles;
}

/** Applies the end of a paid period: back to free, the end marker removed. */
export async function endPlan(users: UserRepository, user: UserRecord): Promise<UserRecord> {
  const roles = rolesWithoutFull(user.roles);
  await users.setRoles(user.id, roles);
  await users.setAttribute(user.id, planEndsAtAttribute, null);
  const attributes = { ...user.attributes };
  delete attributes[planEndsAtAttribute];
  return { ...user, roles, attributes };
}

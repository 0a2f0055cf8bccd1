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

/** True when the paid period of a cancelled or paused plan is over (the caller then drops 'full'). */
export function planHasEnded(user: UserRecord, now = new Date()): boolean {
  const endsAt = user.attributes[planEndsAtAttribute];
  return Boolean(endsAt) && user.roles.includes('full') && Date.parse(endsAt!) <= now.getTime();
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

import { adminActionTimeoutMs, authMessages, hasFullPlan, hasReconPlan, type AccessLevel } from '@serpwise/contracts';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { sessionExpiredMessage } from '../sessions/request-session.js';

export type AccessDecision = { allowed: true } | { allowed: false; status: 401 | 403; message: string };

const allow: AccessDecision = { allowed: true };
const deny = (status: 401 | 403, message: string): AccessDecision => ({ allowed: false, status, message });

export const isFullIdentity = (identity: Identity) => hasFullPlan(identity.planRoles);
export const isReconIdentity = (identity: Identity) => hasReconPlan(identity.planRoles);
export const isAdminIdentity = (identity: Identity) => identity.user.roles.includes('admin');

/**
 * The whole access rule in one pure function: 401 when the caller must log in (or has no session), 403 when
 * the logged-in caller lacks the plan or role. adminActionTimeoutMs is why admin-action sessions expire.
 */
export function decideAccess(
  level: AccessLevel,
  session: RequestSession | undefined,
  identity: Identity | undefined,
  now = new Date(),
): AccessDecision {
  if (level === 'public') return allow;
  if (!session) return deny(401, sessionExpiredMessage);
  if (level === 'session') return allow;
  if (!identity) return deny(401, authMessages.loginRequired);
  switch (level) {
    case 'user':
      return allow;
    case 'full':
      return isFullIdentity(identity) ? allow : deny(403, authMessages.fullPlanRequired);
    case 'recon':
      return isReconIdentity(identity) ? allow : deny(403, authMessages.reconPlanRequired);
    case 'parent':
      return identity.parent ? deny(403, authMessages.parentRequired) : allow;
    case 'admin':
      return isAdminIdentity(identity) ? allow : deny(403, authMessages.adminRequired);
    case 'admin-action': {
      if (!isAdminIdentity(identity)) return deny(403, authMessages.adminRequired);
      const until = session.adminActionsUntil;
      const enabled = until !== null && until.getTime() > now.getTime() && until.getTime() - now.getTime() <= adminActionTimeoutMs;
      return enabled ? allow : deny(403, authMessages.adminActionsDisabled);
    }
  }
}

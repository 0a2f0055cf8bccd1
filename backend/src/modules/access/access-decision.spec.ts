import { describe, expect, it } from '@jest/globals';
import { authMessages } from '@serpwise/contracts';
import type { UserRecord } from '@serpwise/database';
import { decideAccess } from './access-decision.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';

const session: RequestSession = { id: 's', userId: 'u', csrfToken: 't', remember: false, adminActionsUntil: null };
const identity = (planRoles: string[], parent = false): Identity => ({
  user: { id: 'u', roles: planRoles } as unknown as UserRecord,
  parent: parent ? ({ id: 'p', roles: planRoles } as unknown as UserRecord) : null,
  planRoles,
});

describe("decideAccess('recon')", () => {
  it('lets in the full recon plan, own or the parent’s', () => {
    expect(decideAccess('recon', session, identity(['recon_full']))).toEqual({ allowed: true });
    expect(decideAccess('recon', session, identity(['recon_full'], true))).toEqual({ allowed: true });
  });

  it('refuses full users, admins and free users with 403, visitors with 401', () => {
    for (const roles of [['full'], ['admin'], ['free']]) {
      expect(decideAccess('recon', session, identity(roles))).toEqual({ allowed: false, status: 403, message: authMessages.reconPlanRequired });
    }
    expect(decideAccess('recon', session, undefined)).toMatchObject({ allowed: false, status: 401 });
  });

  it('still lets a recon user through the full level', () => {
    expect(decideAccess('full', session, identity(['recon_full']))).toEqual({ allowed: true });
  });
});

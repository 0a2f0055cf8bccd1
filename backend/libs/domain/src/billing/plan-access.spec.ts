import { describe, expect, it } from '@jest/globals';
import { planEndsAtAttribute, planRolesOf, rolesAt } from './plan-access.js';

const now = new Date('2026-11-25T12:00:00Z');

describe('plan access', () => {
  it('counts a full plan whose paid period is over as free, and one still paid as full', () => {
    expect(rolesAt({ roles: ['admin', 'full'], attributes: { [planEndsAtAttribute]: '2026-11-24T00:00:00Z' } }, now).sort()).toEqual(['admin', 'free']);
    expect(rolesAt({ roles: ['full'], attributes: { [planEndsAtAttribute]: '2026-12-24T00:00:00Z' } }, now)).toEqual(['full']);
    expect(rolesAt({ roles: ['full'], attributes: null }, now)).toEqual(['full']);
  });

  it('gives a child account its parent’s plan and keeps its own other roles', () => {
    expect(planRolesOf(['free', 'admin'], ['full', 'infinitelogin'])).toEqual(['full', 'admin']);
    expect(planRolesOf(['free', 'admin'], null)).toEqual(['free', 'admin']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { runHealthChecks } from './health-checks.js';

const pendingTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('runHealthChecks', () => {
  it('reports ok and leaves no timer behind, so a process that answered /healthz can still exit at once', async () => {
    const before = pendingTimers();
    const report = await runHealthChecks({ database: async () => 1, redis: async () => 'PONG' });
    expect(report).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect(pendingTimers()).toBe(before);
  });

  it('reports a failing check as degraded with its message, and leaves no timer behind', async () => {
    const before = pendingTimers();
    const report = await runHealthChecks({
      database: async () => 1,
      redis: async () => {
        throw new Error('connection refused');
      },
    });
    expect(report).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'connection refused' } });
    expect(pendingTimers()).toBe(before);
  });
});

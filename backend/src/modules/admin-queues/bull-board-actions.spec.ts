import { describe, expect, it } from '@jest/globals';
import { bullBoardActionOf, bullBoardRefusal } from './bull-board-actions.js';

describe('bull-board actions in admin mode', () => {
  it('maps the board’s job and queue calls to the console’s actions', () => {
    expect(bullBoardActionOf('PUT', '/api/queues/exports/job-1/retry')).toEqual({ kind: 'job.retry', queue: 'exports', jobId: 'job-1' });
    expect(bullBoardActionOf('PUT', '/api/queues/exports/job-1/clean')).toEqual({ kind: 'job.remove', queue: 'exports', jobId: 'job-1' });
    expect(bullBoardActionOf('PUT', '/api/queues/serp/a%2Fb/promote')).toEqual({ kind: 'job.promote', queue: 'serp', jobId: 'a/b' });
    expect(bullBoardActionOf('PUT', '/api/queues/diagnostics/pause')).toEqual({ kind: 'queue.pause', queue: 'diagnostics' });
    expect(bullBoardActionOf('PUT', '/api/queues/diagnostics/resume')).toEqual({ kind: 'queue.resume', queue: 'diagnostics' });
    expect(bullBoardActionOf('PUT', '/api/queues/diagnostics/retry/failed')).toEqual({ kind: 'queue.retry-all', queue: 'diagnostics' });
    expect(bullBoardActionOf('PUT', '/api/queues/diagnostics/promote')).toEqual({ kind: 'queue.promote-all', queue: 'diagnostics' });
  });

  it('refuses what would change Redis behind the job records', () => {
    for (const [method, path] of [
      ['PUT', '/api/queues/diagnostics/empty'],
      ['PUT', '/api/queues/diagnostics/obliterate'],
      ['PUT', '/api/queues/diagnostics/clean/completed'],
      ['PUT', '/api/queues/diagnostics/retry/completed'],
      ['POST', '/api/queues/diagnostics/add'],
      ['PUT', '/api/queues/diagnostics/job-1/update-data'],
      ['PUT', '/api/queues/pause'],
      ['POST', '/api/metrics/history/purge'],
      ['DELETE', '/api/queues/diagnostics/job-1'],
    ]) {
      expect(bullBoardActionOf(method!, path!)).toEqual({ kind: 'refused', reason: bullBoardRefusal });
    }
  });
});

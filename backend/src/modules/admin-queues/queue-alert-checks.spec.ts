import { describe, expect, it } from '@jest/globals';
import { noQueueAlertRules, type WorkerHeartbeat } from '@serpwise/contracts';
import { checkQueue, type QueueReading } from './queue-alert-checks.js';

const now = Date.parse('2026-11-27T18:00:00Z');
const worker = (rssMb: number | null): WorkerHeartbeat => ({
  id: 'w', host: 'host', pid: 7, concurrency: 4, queueConcurrency: null, queues: ['exports'], lastHeartbeat: new Date(now).toISOString(), startedAt: null,
  rssBytes: rssMb === null ? null : rssMb * 1_048_576, heapUsedBytes: null, currentJobs: [],
});
const reading = (overrides: Partial<QueueReading> = {}): QueueReading => ({ queue: 'exports', waiting: 0, oldestWaitingAt: null, failedRecently: 0, workers: [worker(100)], now, ...overrides });
const verdict = (rules: Parameters<typeof checkQueue>[0], read: QueueReading, rule: string) => checkQueue(rules, read).find((entry) => entry.rule === rule)!;

describe('queue alert checks', () => {
  it('raises "above" thresholds only when strictly above, and says the figure', () => {
    const rules = { ...noQueueAlertRules, waiting: 2, failed: { count: 0, minutes: 5 } };
    expect(verdict(rules, reading({ waiting: 2 }), 'waiting')).toEqual({ rule: 'waiting', crossed: false, message: 'exports: back within the threshold: 2 jobs waiting.' });
    expect(verdict(rules, reading({ waiting: 3 }), 'waiting')).toEqual({ rule: 'waiting', crossed: true, message: 'exports: 3 jobs waiting (threshold: more than 2).' });
    expect(verdict(rules, reading({ failedRecently: 1 }), 'failed').message).toBe('exports: 1 job failed in the last 5 minutes (threshold: more than 0).');
  });

  it('measures the oldest waiting job in minutes, and no waiting job is within it', () => {
    const rules = { ...noQueueAlertRules, oldestWaitingMinutes: 10 };
    expect(verdict(rules, reading({ oldestWaitingAt: now - 10 * 60_000 }), 'oldest-waiting').crossed).toBe(false);
    expect(verdict(rules, reading({ oldestWaitingAt: now - 12 * 60_000 - 1 }), 'oldest-waiting')).toMatchObject({ crossed: true, message: 'exports: the oldest waiting job has waited 12 minutes (threshold: 10 minutes).' });
    expect(verdict(rules, reading(), 'oldest-waiting').message).toBe('exports: back within the threshold: no job is waiting.');
  });

  it('raises no worker and worker memory from heartbeats; an unknown memory never raises', () => {
    const rules = { ...noQueueAlertRules, noWorker: true, workerMemoryMb: 500 };
    expect(verdict(rules, reading({ workers: [] }), 'no-worker')).toMatchObject({ crossed: true, message: 'exports: no live worker takes its jobs.' });
    expect(verdict(rules, reading({ workers: [worker(800)] }), 'worker-memory')).toMatchObject({ crossed: true, message: 'exports: worker host:7 uses 800 MB (threshold: 500 MB).' });
    expect(verdict(rules, reading({ workers: [worker(null)] }), 'worker-memory').crossed).toBe(false);
  });

  it('reads a threshold turned off as not crossed, so its open alert clears', () => {
    const verdicts = checkQueue(noQueueAlertRules, reading({ waiting: 1_000, workers: [] }));
    expect(verdicts.map((entry) => entry.crossed)).toEqual([false, false, false, false, false]);
    expect(verdicts[0]!.message).toBe('exports: the threshold was turned off.');
  });
});

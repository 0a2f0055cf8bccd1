import { describe, expect, it } from '@jest/globals';
import type { OwnedJobStatus } from '@serpwise/database';
import { JobEvents } from '../realtime/job-events.emitter.js';
import { keepCompletion, type CompletionRecords } from './completion-on-disk.js';

const status = (state: OwnedJobStatus['state'], attempts = 2): OwnedJobStatus => ({
  id: 'job-1', queue: 'exports', name: 'export.table', state, percent: state === 'completed' ? 100 : 40, message: null, done: 0, total: 10, attempts,
  result: state === 'completed' ? { rows: 10 } : null, error: null, createdAt: '2026-12-03T02:00:00.000Z', startedAt: null, finishedAt: null,
  owner: { sessionId: 's', userId: null }, payload: {},
});

class Heard extends JobEvents {
  readonly states: string[] = [];
  updated(update: OwnedJobStatus): void {
    this.states.push(update.state);
  }
}

/** A job_record as the repository shows it: what `completionOnDisk` finds, and what a durable complete() does. */
function recordsWhere(row: OwnedJobStatus, failures = 0): CompletionRecords & { calls: string[] } {
  const calls: string[] = [];
  let failing = failures;
  return {
    calls,
    async completionOnDisk(_id, attempt) {
      calls.push('onDisk');
      if (failing-- > 0) throw new Error('Connection terminated unexpectedly');
      return row.state === 'completed' && row.attempts === attempt;
    },
    async complete(_id, attempt, result, _message, options) {
      calls.push(`complete${options?.onDisk === false ? ' (not on disk)' : ''}`);
      if (row.state !== 'active' || row.attempts !== attempt) return null;
      row = { ...row, state: 'completed', result };
      return row;
    },
    async findById() {
      calls.push('find');
      return row;
    },
  };
}

const completion = { jobId: 'job-1', attempt: 2, result: { rows: 10 }, message: 'Done', published: status('completed') };

describe('keepCompletion (issue 27 point 3)', () => {
  it('the completion held: one durable check, nothing published again', async () => {
    const records = recordsWhere(status('completed'));
    const events = new Heard();
    expect(await keepCompletion(records, events, completion)).toBe(completion.published);
    expect(records.calls).toEqual(['onDisk']);
    expect(events.states).toEqual([]);
  });

  it('PostgreSQL lost it (back to active under this attempt): written again, on the disk, and published again', async () => {
    const records = recordsWhere(status('active'));
    const events = new Heard();
    const kept = await keepCompletion(records, events, completion);
    expect(kept).toMatchObject({ state: 'completed', result: { rows: 10 } });
    expect(records.calls).toEqual(['onDisk', 'complete']);
    expect(events.states).toEqual(['completed']);
  });

  it('lost, and the job was cancelled meanwhile: the browser hears what it is now, and the result is not kept', async () => {
    const records = recordsWhere(status('cancelled'));
    const events = new Heard();
    expect(await keepCompletion(records, events, completion)).toBeNull();
    expect(events.states).toEqual(['cancelled']);
  });

  it('asks again while the database does not answer, then goes on', async () => {
    const records = recordsWhere(status('completed'), 2);
    expect(await keepCompletion(records, new Heard(), completion, { retryMs: 1 })).toBe(completion.published);
    expect(records.calls).toEqual(['onDisk', 'onDisk', 'onDisk']);
  });

  it('gives up after its patience, with the database error', async () => {
    const records = recordsWhere(status('completed'), 1_000);
    await expect(keepCompletion(records, new Heard(), completion, { retryMs: 1, patienceMs: 20 })).rejects.toThrow('Connection terminated');
  });
});

/**
 * What an admin may do from bull-board in admin mode (issue 23 point 5), and how: the board's own call paths mapped
 * to the console's actions, so each one is audited and keeps the job's record in step (a retried job's record back to
 * queued, a removed one's cancelled, the owners of a paused queue told) exactly as from /admin/queues. A call that
 * would change Redis behind the records' back (empty, obliterate, clean by state, add, edit a job's data …) is refused.
 */
export type BullBoardAction =
  | { kind: 'job.retry' | 'job.remove' | 'job.promote'; queue: string; jobId: string }
  | { kind: 'queue.pause' | 'queue.resume' | 'queue.retry-all' | 'queue.promote-all'; queue: string }
  | { kind: 'refused'; reason: string };

export const bullBoardRefusal = 'This bull-board action is not available: use the queue console, where every action keeps the job records in step.';

const segment = '([^/]+)';
const patterns: [RegExp, (match: RegExpExecArray) => BullBoardAction][] = [
  [new RegExp(`^/api/queues/${segment}/pause$`), (m) => ({ kind: 'queue.pause', queue: m[1]! })],
  [new RegExp(`^/api/queues/${segment}/resume$`), (m) => ({ kind: 'queue.resume', queue: m[1]! })],
  [new RegExp(`^/api/queues/${segment}/retry/failed$`), (m) => ({ kind: 'queue.retry-all', queue: m[1]! })],
  [new RegExp(`^/api/queues/${segment}/promote$`), (m) => ({ kind: 'queue.promote-all', queue: m[1]! })],
  [new RegExp(`^/api/queues/${segment}/${segment}/retry$`), (m) => ({ kind: 'job.retry', queue: m[1]!, jobId: m[2]! })],
  // bull-board's "Remove" (its `clean` of one job) ends the job; the record is cancelled with it.
  [new RegExp(`^/api/queues/${segment}/${segment}/clean$`), (m) => ({ kind: 'job.remove', queue: m[1]!, jobId: m[2]! })],
  [new RegExp(`^/api/queues/${segment}/${segment}/promote$`), (m) => ({ kind: 'job.promote', queue: m[1]!, jobId: m[2]! })],
];

/** The action a state-changing bull-board call (PUT /api/…, its path below the board's base) asks for. */
export function bullBoardActionOf(method: string, path: string): BullBoardAction {
  if (method !== 'PUT') return { kind: 'refused', reason: bullBoardRefusal };
  const bare = path.split('?')[0]!;
  for (const [pattern, action] of patterns) {
    const match = pattern.exec(bare);
    if (match) {
      const found = action(match);
      if ('queue' in found) found.queue = decodeURIComponent(found.queue);
      if ('jobId' in found) found.jobId = decodeURIComponent(found.jobId);
      return found;
    }
  }
  return { kind: 'refused', reason: bullBoardRefusal };
}

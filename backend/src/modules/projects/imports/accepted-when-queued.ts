import { isQueuedImport } from '@serpwise/contracts';
import type { Response } from 'express';

/** An import that became a job answers 202 Accepted (the job will finish it); one done at once keeps its 200. */
export function acceptedWhenQueued<T extends object>(response: Response, answer: T): T {
  if (isQueuedImport(answer)) response.status(202);
  return answer;
}

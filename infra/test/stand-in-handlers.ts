import { jobRegistry } from '@serpwise/contracts';
import type { JobHandler } from '../../worker/src/jobs/job-handler.js';

/**
 * A handler that refuses, for every registered job the test does not run: the JobRunner needs one handler per job
 * of the registry, and a test of one job should not break when another job is added.
 */
export function standInHandlers(real: readonly JobHandler[]): JobHandler[] {
  const covered = new Set(real.map((handler) => handler.contract.name));
  return [
    ...real,
    ...jobRegistry
      .filter((contract) => !covered.has(contract.name))
      .map((contract): JobHandler => ({ contract, handle: () => Promise.reject(new Error(`${contract.name} is not part of this test`)) })),
  ];
}

import { jest } from '@jest/globals';

/**
 * The default time-out of the integration, e2e and corpus projects (their setupFilesAfterEnv): tests there use real
 * databases and processes, on a possibly loaded machine, so Jest's 5 s would decide runs. A file's own
 * jest.setTimeout still wins; set-up hooks pass setUpTimeoutMs (test-services.ts). Jest reads only the global
 * testTimeout option, not a project's, hence this file.
 */
jest.setTimeout(120_000);

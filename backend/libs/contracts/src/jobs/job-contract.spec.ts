import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineJob, InvalidJobInputError, readJobInput, storedJobInput } from './job-contract.js';
import { exportJob } from './export.job.js';
import { requestedKeywordsJob } from './serp-fetch.job.js';

const exportInput = { table: 'seo/keywords', params: { q: 'x' }, format: 'csv', scope: 'full', tableRows: 12, rowLimit: null, fileName: 'seo-keywords' } as const;

describe('job inputs', () => {
  it('stores the id beside the input, and reads the input back without it', () => {
    const stored = storedJobInput(exportJob, 'job-1', exportInput);
    expect(stored).toEqual({ jobId: 'job-1', ...exportInput });
    expect(readJobInput(exportJob, stored)).toEqual(exportInput);
  });

  it('keeps the flags the worker and the sweep add to a record', () => {
    expect(readJobInput(exportJob, { ...exportInput, fileRemoved: true }).fileRemoved).toBe(true);
  });

  it('refuses an input its contract does not describe, before it is stored and when it is read', () => {
    expect(() => storedJobInput(exportJob, 'job-1', { ...exportInput, format: 'pdf' } as never)).toThrow(InvalidJobInputError);
    expect(() => readJobInput(exportJob, { table: 'seo/keywords' })).toThrow(/export\.table/);
  });

  it('applies the contract’s defaults when the input is stored', () => {
    expect(storedJobInput(requestedKeywordsJob, 'job-2', { userId: 'u1' })).toEqual({ jobId: 'job-2', userId: 'u1', territory: 'US' });
  });

  it('gives a job without an input of its own an empty one', () => {
    const job = defineJob({ queue: 'q', name: 'n', payload: z.object({}), result: z.object({}), attempts: 1 });
    expect(readJobInput(job, { jobId: 'job-3' })).toEqual({});
  });
});

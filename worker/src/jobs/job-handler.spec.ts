import { describe, expect, it } from '@jest/globals';
import { defineJob, diagnosticJob, exportJob, jobRegistry } from '@serpwise/contracts';
import { z } from 'zod';
import { indexHandlers, MissingJobHandlerError, type JobHandler } from './job-handler.js';

const handlerFor = (contract: JobHandler['contract']): JobHandler => ({ contract, handle: async () => ({}) });

describe('indexHandlers', () => {
  it('maps every registered job to its handler', () => {
    const handlers = indexHandlers(jobRegistry, [handlerFor(diagnosticJob), handlerFor(exportJob)]);
    expect(handlers.get('diagnostic.run')?.contract).toBe(diagnosticJob);
    expect(handlers.get('export.table')?.contract).toBe(exportJob);
  });

  it('refuses to start when a registered job has no handler, naming it', () => {
    const orphan = defineJob({ queue: 'reports', name: 'report.render', payload: z.object({}), result: z.object({}), attempts: 1 });
    expect(() => indexHandlers([...jobRegistry, orphan], [handlerFor(diagnosticJob), handlerFor(exportJob)])).toThrow(MissingJobHandlerError);
    expect(() => indexHandlers([...jobRegistry, orphan], [handlerFor(diagnosticJob), handlerFor(exportJob)])).toThrow(/report\.render/);
  });

  it('refuses two handlers for one job', () => {
    expect(() => indexHandlers(jobRegistry, [handlerFor(diagnosticJob), handlerFor(exportJob), handlerFor(diagnosticJob)])).toThrow(/Two handlers/);
  });
});

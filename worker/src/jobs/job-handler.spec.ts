import { describe, expect, it } from '@jest/globals';
import { defineJob, diagnosticJob, exportJob, jobRegistry } from '@serpwise/contracts';
import { z } from 'zod';
import { indexHandlers, MissingJobHandlerError, type JobHandler } from './job-handler.js';

const handlerFor = (contract: JobHandler['contract']): JobHandler => ({ contract, handle: async () => ({}) });
/** A handler for every job the registry holds. */
const everyHandler = () => jobRegistry.map(handlerFor);

describe('indexHandlers', () => {
  it('maps every registered job to its handler', () => {
    const handlers = indexHandlers(jobRegistry, everyHandler());
    expect(handlers.get('diagnostic.run')?.contract).toBe(diagnosticJob);
    expect(handlers.get('export.table')?.contract).toBe(exportJob);
    expect(handlers.size).toBe(jobRegistry.length);
  });

  it('refuses to start when a registered job has no handler, naming it', () => {
    const orphan = defineJob({ queue: 'reports', name: 'report.render', payload: z.object({}), result: z.object({}), attempts: 1 });
    expect(() => indexHandlers([...jobRegistry, orphan], everyHandler())).toThrow(MissingJobHandlerError);
    expect(() => indexHandlers([...jobRegistry, orphan], everyHandler())).toThrow(/report\.render/);
  });

  it('refuses two handlers for one job', () => {
    expect(() => indexHandlers(jobRegistry, [...everyHandler(), handlerFor(diagnosticJob)])).toThrow(/Two handlers/);
  });
});

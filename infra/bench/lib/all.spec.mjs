import { describe, expect, it } from '@jest/globals';
import { allOrder, planRun, scratchBenches } from './all.mjs';

const available = ['exports', 'exports-beside-research', 'imports', 'jobs', 'live-data', 'public-api', 'queues', 'reports', 'research', 'schedules', 'search-console', 'zeta'];

describe('planRun', () => {
  it('runs every bench in the issue’s order under `all`, a bench not in the order last, and writes the docs table', () => {
    expect(planRun(['all'], available)).toEqual({ names: [...allOrder, 'zeta'], collect: true, writeDocs: true });
  });

  it('prints the table of the named benches only with `all <name>…`, in the order given, without touching the docs', () => {
    expect(planRun(['all', 'queues', 'imports'], available)).toEqual({ names: ['queues', 'imports'], collect: true, writeDocs: false });
  });

  it('keeps the old behaviour without `all`: every bench or the named ones, nothing collected', () => {
    expect(planRun([], available)).toEqual({ names: available, collect: false, writeDocs: false });
    expect(planRun(['research'], available)).toEqual({ names: ['research'], collect: false, writeDocs: false });
  });

  it('refuses an unknown name and says what there is', () => {
    expect(() => planRun(['all', 'querys'], available)).toThrow('Unknown benchmark querys; available: all, exports');
  });

  it('gives a scratch database only to the benches that write into the database they are given', () => {
    expect(allOrder.filter((name) => scratchBenches.has(name))).toEqual(['exports', 'queues', 'jobs']);
    // Research beside exports reads the market it is given and writes only into a database of its own.
    expect(scratchBenches.has('exports-beside-research')).toBe(false);
  });
});

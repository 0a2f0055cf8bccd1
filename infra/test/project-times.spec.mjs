import { describe, expect, it } from '@jest/globals';
import { projectOf, projectTimes } from './project-times.mjs';

describe('projectTimes', () => {
  it('names the project of each test file as jest.config.js does', () => {
    expect(['backend/libs/research/src/imports/import-parsers.spec.ts', 'infra/test/project-times.spec.mjs', 'backend/test/imports.int.spec.ts',
      'infra/launcher/fallbacks.int.spec.mjs', 'web/src/lib/format.spec.ts', 'web/e2e/imports.e2e.ts', 'backend/test/corpus/imports.corpus.spec.ts'].map(projectOf))
      .toEqual(['unit', 'unit', 'integration', 'integration', 'web', 'e2e', 'corpus']);
  });

  it('sums the file durations per project and gives the wall time', () => {
    const file = (name, seconds) => ({ name: `/repo/${name}`, startTime: 1_000, endTime: 1_000 + seconds * 1000 });
    const text = projectTimes({ startTime: 0, testResults: [file('web/e2e/a.e2e.ts', 90), file('backend/test/a.int.spec.ts', 61), file('backend/test/b.int.spec.ts', 4), file('worker/src/x.spec.ts', 2)] },
      { root: '/repo', buildMs: 75_000, wallMs: 300_000 });
    expect(text.split('\n')).toEqual([
      'time per project (test files\' durations summed; two files run at a time):',
      '  unit           0m 02s  (1 file)',
      '  integration    1m 05s  (2 files)',
      '  e2e            1m 30s  (1 file)',
      'wall time 5m 00s (build 1m 15s, jest 3m 45s)',
    ]);
  });
});

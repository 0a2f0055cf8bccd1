// @ts-check
// `npm test`: every test (unit, web, integration against the real PostgreSQL and Redis, end-to-end in Chromium),
// after building what the end-to-end tests start. Extra arguments go to Jest (e.g. `npm test -- --selectProjects unit`).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies, handOverToProjectNode } from '../launcher/bootstrap.mjs';
import { projectTimes } from './project-times.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
ensureDependencies(root);
if (!handOverToProjectNode(root, fileURLToPath(import.meta.url))) {
  const startedAt = Date.now();
  const { build } = await import('../launcher/run.mjs');
  await build();
  const builtAt = Date.now();

  mkdirSync(join(root, '.data'), { recursive: true });
  const resultsFile = join(root, '.data', 'jest-results.json');
  const jest = spawn(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--disable-warning=ExperimentalWarning',
      join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--json',
      `--outputFile=${resultsFile}`,
      // Two cores: two test files at a time. Each file owns its database, Redis prefix, ports and processes.
      '--maxWorkers=2',
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  );
  jest.on('exit', (code) => {
    try {
      const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
      console.log(`\n${projectTimes(results, { root, buildMs: builtAt - startedAt, wallMs: Date.now() - startedAt })}`);
      // CI reads this line: keep it last.
      console.log(`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
    } catch {
      // no results file: Jest failed before running anything, and said why
    }
    process.exit(code ?? 1);
  });
}

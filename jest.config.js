// One Jest run for every test in the repository, as ES modules (NestJS 12 and MikroORM 7 ship ESM only).
// Run through `npm test`, which adds --experimental-vm-modules and builds what the end-to-end tests start.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
  },
];

const workspaceModules = {
  '^@serpwise/contracts$': '<rootDir>/backend/libs/contracts/src/index.ts',
  '^@serpwise/database$': '<rootDir>/backend/libs/database/src/index.ts',
  '^@serpwise/research$': '<rootDir>/backend/libs/research/src/index.ts',
  '^@serpwise/reports$': '<rootDir>/backend/libs/reports/src/index.ts',
  '^@serpwise/platform$': '<rootDir>/backend/libs/platform/src/index.ts',
  '^@serpwise/domain$': '<rootDir>/backend/libs/domain/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const common = {
  rootDir: '.',
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: workspaceModules,
  testEnvironment: 'node',
};

export default {
  // How long a worker may take to exit after the last test file before Jest kills it and reports "A worker process
  // has failed to exit gracefully". Jest's 500 ms is shorter than a worker takes on a loaded 2-core machine even with
  // nothing left open (it is still finishing the last file's clean-up when asked to stop), so the report was a false
  // alarm there (docs/decisions.md, "Tests under load"). A real leak holds the worker past this bound and is reported.
  workerGracefulExitTimeout: 30_000,
  // A worker runs a hundred and more files in turn, and what the ES-module VM contexts of earlier files leave behind
  // grows: a clean run on 2026-11-28 saw a worker reach its 4 GB heap at the 18th minute and crash the file it ran.
  // Past 2 GB after a file, Jest starts a fresh worker for the next one.
  workerIdleMemoryLimit: '2GB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/backend/**/src/**/*.spec.ts', '<rootDir>/worker/src/**/*.spec.ts', '<rootDir>/infra/**/*.spec.mjs'],
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.spec\\.'],
    },
    {
      ...common,
      displayName: 'integration',
      // Tests and hooks that set no time-out of their own get 120 s (real databases and processes, a loaded machine).
      setupFilesAfterEnv: ['<rootDir>/infra/test/process-test-timeout.ts'],
      testMatch: ['<rootDir>/backend/test/**/*.int.spec.ts', '<rootDir>/worker/test/**/*.int.spec.ts', '<rootDir>/infra/**/*.int.spec.mjs'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.spec.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/web/jest.setup.ts'],
      moduleNameMapper: { ...workspaceModules, '\\.css$': '<rootDir>/web/test/style-stub.cjs', '^@/(.*)$': '<rootDir>/web/src/$1', '^@test/(.*)$': '<rootDir>/web/test/$1' },
    },
    {
      ...common,
      displayName: 'e2e',
      setupFilesAfterEnv: ['<rootDir>/infra/test/process-test-timeout.ts'],
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.ts'],
    },
    {
      // The real files of ../shared/fixtures (infra/test/corpus.ts): skipped when the folder is not there.
      ...common,
      displayName: 'corpus',
      setupFilesAfterEnv: ['<rootDir>/infra/test/process-test-timeout.ts'],
      globalSetup: '<rootDir>/infra/test/corpus-setup.mjs',
      testMatch: ['<rootDir>/backend/test/corpus/**/*.corpus.spec.ts', '<rootDir>/worker/test/corpus/**/*.corpus.spec.ts'],
    },
  ],
};

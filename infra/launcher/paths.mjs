// @ts-check
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

export const entryPoints = {
  backend: join(root, 'backend', 'dist', 'main.js'),
  worker: join(root, 'worker', 'dist', 'main.js'),
  migrate: join(root, 'backend', 'libs', 'database', 'dist', 'cli', 'migrate.js'),
  seedDemoUsers: join(root, 'backend', 'dist', 'cli', 'seed-demo-users.js'),
  loadDemoMarket: join(root, 'backend', 'libs', 'research', 'dist', 'cli', 'load-demo-market.js'),
  tsc: join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
  vite: join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
};

export const webDir = join(root, 'web');

/**
 * Node's options for the API and the worker, wherever they are started (npm start, the benches; the same in
 * docker-compose.yml, infra/docker/node.Dockerfile and the packages' start scripts). V8 in Node 24 gives a process a
 * young generation of up to 2 × 64 MB, which a busy process fills before every collection: the API idled at ~220 MB
 * and reached ~320 MB under a status poll. 8 MB semi-spaces for the API (idle ~175 MB, ~215 MB under the same poll,
 * no more CPU), 16 MB for the worker (Node 22's size, what the import's throughput was measured with).
 * docs/decisions.md, "Import speed and memory".
 */
export const serviceNodeOptions = {
  backend: ['--max-semi-space-size=8'],
  worker: ['--max-semi-space-size=16'],
};

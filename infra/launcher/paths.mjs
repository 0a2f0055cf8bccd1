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

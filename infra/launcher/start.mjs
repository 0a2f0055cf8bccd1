// @ts-check
// `npm start`: install what is missing, move onto the project's Node runtime, then build and run everything.
import { fileURLToPath } from 'node:url';
import { ensureDependencies, handOverToProjectNode } from './bootstrap.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
ensureDependencies(root);
if (!handOverToProjectNode(root, fileURLToPath(import.meta.url))) {
  const { run } = await import('./run.mjs');
  await run();
}

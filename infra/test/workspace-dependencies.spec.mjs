import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importedPackages, undeclaredImports } from './workspace-dependencies.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.filter((workspace) => existsSync(join(root, workspace, 'src')));

describe('workspace dependencies', () => {
  it('reads the package of each import, leaving out Node modules and path aliases', () => {
    const text = ["import { a } from '@serpwise/platform';", "import type { B } from 'pg-copy-streams/x';", "import { c } from 'node:fs';",
      "import './local.js';", "import { d } from '@/lib/api';", "const e = await import('zod');", "// from 'ignored' in a comment stays out"].join('\n');
    expect([...importedPackages(text)].sort()).toEqual(['@serpwise/platform', 'pg-copy-streams', 'zod']);
  });

  // The worker once imported bullmq, pino and the API package's platform folder through packages it did not declare.
  it.each(workspaces)('%s declares every package its source imports', (workspace) => {
    expect(undeclaredImports(root, workspace)).toEqual([]);
  });
});

describe('the node image (infra/docker/node.Dockerfile)', () => {
  // npm ci runs before the sources are copied: a workspace whose package.json is missing there is not linked.
  it('copies the package.json of every workspace before installing', () => {
    const dockerfile = readFileSync(join(root, 'infra', 'docker', 'node.Dockerfile'), 'utf8');
    const all = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
    expect(all.filter((workspace) => !dockerfile.includes(`COPY ${workspace}/package.json ${workspace}/`))).toEqual([]);
  });
});

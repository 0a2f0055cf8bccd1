import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { contextCopySources, copiedContextFiles, dockerIgnore } from './image-context.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const dockerignore = read('.dockerignore');
const dockerfiles = readdirSync(join(root, 'infra', 'docker')).filter((name) => name.endsWith('.Dockerfile')).map((name) => `infra/docker/${name}`);
const compose = parse(read('docker-compose.yml'), { merge: true });
const workspaces = JSON.parse(read('package.json')).workspaces;
const builtWorkspaces = JSON.parse(read('tsconfig.json')).references.map((reference) => reference.path);

/** The file a `node …/dist/x.js` command runs, as the TypeScript source the image builds it from. */
const sourceOfBuiltScript = (script) => script.replace(/\/dist\/(.*)\.js$/, '/src/$1.ts');

describe('reading Dockerfiles', () => {
  it('takes the context sources of COPY and ADD, not copies from another stage', () => {
    const text = ['FROM node AS build', 'COPY package.json package-lock.json ./', 'COPY --chown=node:node web/ \\', '  web/', 'COPY --from=build /app /app', 'ADD ["infra/x.conf", "/etc/x.conf"]', '# COPY nothing'].join('\n');
    expect(contextCopySources(text)).toEqual([['package.json', 'package-lock.json'], ['web'], ['infra/x.conf']]);
  });

  it('applies .dockerignore as Docker does', () => {
    const ignored = dockerIgnore('node_modules\n**/dist\n*.log\n!keep.log');
    const paths = ['node_modules/x', 'backend/dist/main.js', 'a.log', 'backend/src/main.ts', 'keep.log', 'web/a.log', 'backend/node_modules/x'];
    // A pattern without a slash-star prefix matches at the context's top only (Go's filepath.Match, as Docker).
    expect(paths.filter(ignored)).toEqual(['node_modules/x', 'backend/dist/main.js', 'a.log']);
  });

  it('reports a source that is missing from the context, or ignored away', () => {
    const context = mkdtempSync(join(tmpdir(), 'serpwise-context-'));
    try {
      mkdirSync(join(context, 'backend', 'dist'), { recursive: true });
      writeFileSync(join(context, 'package.json'), '{}');
      writeFileSync(join(context, 'backend', 'dist', 'main.js'), '');
      const { files, missing } = copiedContextFiles(context, 'COPY package.json gone.json ./\nCOPY backend/dist backend/dist', '**/dist');
      expect(missing).toEqual(['gone.json', 'backend/dist']);
      expect([...files]).toEqual(['package.json']);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });
});

describe.each(dockerfiles)('the image of %s', (dockerfile) => {
  const { files, missing } = copiedContextFiles(root, read(dockerfile), dockerignore);

  it('finds every COPY source in the build context', () => {
    expect(missing).toEqual([]);
  });

  it('gets every workspace the lockfile installs, and the sources of each built one', () => {
    const installs = read(dockerfile).includes('npm ci');
    if (!installs) return;
    expect(['package.json', 'package-lock.json'].filter((file) => !files.has(file))).toEqual([]);
    // npm ci refuses a lockfile whose workspaces are not all there.
    expect(workspaces.filter((workspace) => !files.has(`${workspace}/package.json`))).toEqual([]);
    // tsc -b builds every referenced project from its tsconfig and sources.
    if (read(dockerfile).includes('tsc -b')) {
      const unbuildable = builtWorkspaces.filter((workspace) => !files.has(`${workspace}/tsconfig.json`) || ![...files].some((file) => file.startsWith(`${workspace}/src/`)));
      expect(unbuildable).toEqual([]);
      expect(files.has('tsconfig.json') && files.has('tsconfig.base.json')).toBe(true);
    }
  });

  // The compose services name the scripts they run; each must be built from sources the image got.
  const services = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === dockerfile);
  it.each(services.length ? services : [['(no compose service)', {}]])('has the sources of what compose service %s runs', (_name, service) => {
    const scripts = (service.command ?? []).filter((word) => /\/dist\/.*\.js$/.test(word));
    expect(scripts.map(sourceOfBuiltScript).filter((source) => !files.has(source))).toEqual([]);
  });

  // The commands docs/deployment.md tells the operator to run in these containers (`docker compose run --rm migrate
  // node …/dist/….js`): each script must be built in the image, or the step fails with "Cannot find module".
  it('has the sources of the scripts docs/deployment.md runs in it', () => {
    if (!services.length) return;
    const scripts = [...read('docs/deployment.md').matchAll(/docker compose (?:run --rm|exec -T) (?:migrate|backend|worker) node ([\w/.-]+\/dist\/[\w/.-]+\.js)/g)].map(([, script]) => script);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.map(sourceOfBuiltScript).filter((source) => !files.has(source))).toEqual([]);
  });

  it('has the web app sources when it builds the web app', () => {
    if (!read(dockerfile).includes('build -w web')) return;
    expect(['web/index.html', 'web/vite.config.ts', 'web/src/main.tsx'].filter((file) => !files.has(file))).toEqual([]);
  });
});

// Both images `COPY . .`: the operator's .env (passwords, keys: docs/deployment.md step 2) and the dumps the backup
// commands write beside docker-compose.yml would otherwise be baked into an image layer.
describe('.dockerignore', () => {
  it('keeps the operator\'s settings and backups out of every image', () => {
    const ignored = dockerIgnore(dockerignore);
    expect(['.env', '.env.production', 'serpwise-2026-11-28.dump', 'serpwise.sql.gz'].filter((path) => !ignored(path))).toEqual([]);
    expect(['docker-compose.yml', 'infra/docker/nginx.conf', 'backend/src/main.ts'].filter(ignored)).toEqual([]);
  });
});

describe('the node image (infra/docker/node.Dockerfile)', () => {
  const text = read('infra/docker/node.Dockerfile');

  // The image runs as `node`: DATA_DIR (/data, a named volume in compose) must be its own, or exports, imports and
  // the mail outbox fail with EACCES. A named volume starts as a copy of the image's folder, owner included.
  it('makes DATA_DIR writable for the user it runs as', () => {
    const finalStage = text.slice(text.lastIndexOf('\nFROM '));
    expect(finalStage).toMatch(/mkdir -p \/data && chown node:node \/data/);
    expect(finalStage.indexOf('chown node:node /data')).toBeLessThan(finalStage.indexOf('USER node'));
    for (const name of ['backend', 'worker']) expect(compose.services[name].volumes).toContain('app-data:/data');
    expect(compose['x-app-env'].DATA_DIR).toBe('/data');
  });
});

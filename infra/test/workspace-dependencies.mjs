// Which packages a workspace's source imports without declaring them in its package.json (a dependency that only
// resolves because another workspace brought it into the shared node_modules).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

// An import or export statement's module (up to the statement's end), a bare `import '…'`, or a dynamic import.
const importedName = /^(?:import|export)\s[^;]*?\bfrom\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'/gm;

/** The package a bare specifier names: '@scope/name/sub' → '@scope/name', 'name/sub' → 'name'. */
export const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

/** The packages one source text imports (Node's own modules and path aliases such as '@/…' left out). */
export function importedPackages(text) {
  const names = new Set();
  for (const [, ...alternatives] of text.matchAll(importedName)) {
    const specifier = alternatives.find(Boolean);
    if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('@/') || builtinModules.includes(specifier)) continue;
    names.add(packageOf(specifier));
  }
  return names;
}

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.spec\.|\.d\.ts$/.test(name) ? [path] : [];
  });

/** The packages imported under `<workspace>/src` (specs aside) that its package.json does not list, by file. */
export function undeclaredImports(root, workspace) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  const declared = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })]);
  const missing = [];
  for (const file of sourceFiles(join(root, workspace, 'src'))) {
    for (const name of importedPackages(readFileSync(file, 'utf8'))) if (!declared.has(name)) missing.push(`${name} (${file.slice(root.length + 1)})`);
  }
  return missing;
}

// @ts-check
// What a Dockerfile takes from the build context, read without Docker (no engine on the development machines):
// infra/docker/images.spec.mjs checks with it that every COPY source exists and that each image gets the files it builds from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * The instructions of a Dockerfile as { keyword, args }: comments dropped, `\` continuations joined.
 * @param {string} text
 * @returns {{ keyword: string, args: string }[]}
 */
export function dockerInstructions(text) {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/**
 * The build-context sources of each COPY and ADD (a `--from=<stage>` copy reads another stage, not the context).
 * @param {string} text
 * @returns {string[][]} one list of sources per instruction
 */
export function contextCopySources(text) {
  return dockerInstructions(text)
    .filter(({ keyword }) => keyword === 'COPY' || keyword === 'ADD')
    .map(({ args }) => {
      const words = args.trim().startsWith('[') ? JSON.parse(args) : args.split(/\s+/);
      const flags = words.filter((/** @type {string} */ word) => word.startsWith('--'));
      if (flags.some((/** @type {string} */ flag) => flag.startsWith('--from='))) return [];
      const paths = words.filter((/** @type {string} */ word) => !word.startsWith('--'));
      return paths.slice(0, -1).map((/** @type {string} */ source) => posix.normalize(source).replace(/^\.\/?|\/$/g, '') || '.');
    })
    .filter((sources) => sources.length > 0);
}

/**
 * A .dockerignore as a test on context paths (a/b/c): `*`, `?` and `**` as Docker reads them, `!` re-includes, and
 * an excluded folder excludes what it holds.
 * @param {string} text
 * @returns {(path: string) => boolean}
 */
export function dockerIgnore(text) {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = posix.normalize(include ? line.slice(1) : line).replace(/^\/|\/$/g, '');
      const source = pattern
        .split('/')
        .map((part) => (part === '**' ? '(?:.*)' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
        .join('/')
        .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
      return { include, regex: new RegExp(`^${source}$`) };
    });
  return (path) => {
    const parts = path.split('/');
    let ignored = false;
    for (let depth = 1; depth <= parts.length; depth += 1) {
      const prefix = parts.slice(0, depth).join('/');
      for (const rule of rules) if (rule.regex.test(prefix)) ignored = !rule.include;
      if (ignored) return true;
    }
    return ignored;
  };
}

/**
 * The context files the Dockerfile copies (paths relative to the context), .dockerignore applied; a source that does
 * not exist (or is ignored away) is listed in `missing`.
 * @param {string} contextDir
 * @param {string} dockerfileText
 * @param {string} dockerignoreText
 */
export function copiedContextFiles(contextDir, dockerfileText, dockerignoreText) {
  const ignored = dockerIgnore(dockerignoreText);
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {string[]} */
  const missing = [];
  /** @param {string} path */
  const walk = (path) => {
    if (path !== '.' && ignored(path)) return;
    const full = join(contextDir, path);
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full)) walk(path === '.' ? entry : `${path}/${entry}`);
    } else {
      files.add(path);
    }
  };
  for (const source of contextCopySources(dockerfileText).flat()) {
    if (!existsSync(join(contextDir, source)) || (source !== '.' && ignored(source))) missing.push(source);
    else walk(source);
  }
  return { files, missing };
}

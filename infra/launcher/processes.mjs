// @ts-check
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

const levelNames = /** @type {Record<number, string>} */ ({ 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' });

/**
 * Turns one pino JSON line into a short readable line; other text passes through.
 * @param {string} line
 */
export function formatLogLine(line) {
  try {
    const entry = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null || !('msg' in entry)) return line;
    const level = levelNames[entry.level] ?? entry.level;
    const request = entry.req ? ` ${entry.req.method} ${entry.req.url} → ${entry.res?.statusCode}` : '';
    const error = entry.err?.message ? ` (${entry.err.message})` : '';
    return `${level.padEnd(5)} ${entry.msg}${request}${error}`;
  } catch {
    return line;
  }
}

/**
 * Starts a long-running child with its output prefixed by its name.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 */
export function startService(name, command, args, options) {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${formatLogLine(line)}`));
  }
  return child;
}

/**
 * Runs a command to completion, failing with its output when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, label: string, onLine?: (line: string) => void }} options
 */
export function runStep(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Long steps (loading the demo data) report progress as they go.
    const onLine = options.onLine;
    if (onLine) createInterface({ input: child.stdout }).on('line', (line) => onLine(line));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${options.label} failed (exit ${code}):\n${output.trim()}`))));
  });
}

/**
 * Waits until GET url answers 200, or fails when the process (or its supervisor) gives up or time runs out.
 * @param {string} url
 * @param {{ exitCode: number | null }} child  a child process, or a supervisor (restarts do not count as exits)
 */
export async function waitForHealthy(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} never answered: the process exited with code ${child.exitCode}.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s.`);
}

/**
 * Asks a child to stop (SIGTERM), and kills it if it has not stopped in time.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopService(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

// @ts-check
import { stopService } from './processes.mjs';

/**
 * Keeps one long-running child alive: when it exits on its own it is started again after a backoff that doubles
 * (1 s, 2 s, 4 s … up to maxDelayMs), and the launcher says so. Repeated crashes in a short time (crashLimit within
 * crashWindowMs) mean something is really broken: the supervisor gives up and onGiveUp decides (npm start stops
 * everything). stop() — Ctrl-C or SIGTERM — ends the child without a restart.
 *
 * @typedef {object} SupervisorOptions
 * @property {string} name                        shown in the messages, e.g. 'worker'
 * @property {() => import('node:child_process').ChildProcess} start   starts one copy of the child
 * @property {(line: string) => void} log
 * @property {(reason: string) => void} onGiveUp
 * @property {(child: import('node:child_process').ChildProcess) => void} [onStart]  each new copy (health waits)
 * @property {number} [initialDelayMs]
 * @property {number} [maxDelayMs]
 * @property {number} [crashLimit]
 * @property {number} [crashWindowMs]
 * @property {number} [stopGraceMs]
 */

export const supervisorDefaults = { initialDelayMs: 1_000, maxDelayMs: 30_000, crashLimit: 5, crashWindowMs: 60_000, stopGraceMs: 10_000 };

/** "2 s", "0.25 s": a delay as the launcher prints it. */
export const secondsText = (/** @type {number} */ ms) => `${Number((ms / 1000).toFixed(2))} s`;

/** The backoff before restart number `attempt` (1-based): initial × 2^(attempt-1), capped. */
export const restartDelay = (/** @type {number} */ attempt, initialDelayMs = supervisorDefaults.initialDelayMs, maxDelayMs = supervisorDefaults.maxDelayMs) =>
  Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));

/** @param {number | null} code @param {NodeJS.Signals | null} signal */
const howItEnded = (code, signal) => (signal ? `was killed by ${signal}` : `exited with code ${code}`);

/** @param {SupervisorOptions} options */
export function supervise(options) {
  const settings = { ...supervisorDefaults, ...options };
  /** @type {number[]} */
  let crashes = [];
  let stopping = false;
  let gaveUp = false;
  /** @type {NodeJS.Timeout | null} */
  let pendingRestart = null;
  let child = launch();

  function launch() {
    const started = settings.start();
    started.once('exit', (code, signal) => onExit(started, code, signal));
    settings.onStart?.(started);
    return started;
  }

  /** @param {import('node:child_process').ChildProcess} exited @param {number | null} code @param {NodeJS.Signals | null} signal */
  function onExit(exited, code, signal) {
    if (stopping || exited !== child) return;
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < settings.crashWindowMs), now];
    if (crashes.length >= settings.crashLimit) {
      const reason = `${settings.name} ${howItEnded(code, signal)}; it crashed ${crashes.length} times within ${secondsText(settings.crashWindowMs)}, so it is not restarted again`;
      settings.log(reason);
      stopping = true;
      gaveUp = true;
      settings.onGiveUp(reason);
      return;
    }
    const attempt = crashes.length;
    const delay = restartDelay(attempt, settings.initialDelayMs, settings.maxDelayMs);
    settings.log(`${settings.name} ${howItEnded(code, signal)}; restarting in ${secondsText(delay)} (attempt ${attempt})`);
    pendingRestart = setTimeout(() => {
      pendingRestart = null;
      if (!stopping) child = launch();
    }, delay);
  }

  return {
    /** The copy running now (or the one that just exited, during a backoff). */
    get child() {
      return child;
    },
    /** Null while the service is up or being restarted; the last exit code once the supervisor gave up (health waits). */
    get exitCode() {
      return gaveUp ? (child.exitCode ?? 1) : null;
    },
    /** Stops for good: no restart, the running copy gets SIGTERM (then SIGKILL after the grace period). */
    async stop() {
      stopping = true;
      if (pendingRestart) clearTimeout(pendingRestart);
      pendingRestart = null;
      await stopService(child, settings.stopGraceMs);
    },
  };
}

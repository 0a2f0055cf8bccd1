// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';

const statusKb = (/** @type {number} */ pid, /** @type {string} */ field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** Resident memory now, MB (VmRSS of /proc/<pid>/status). */
export const residentMb = (/** @type {number} */ pid) => statusKb(pid, 'VmRSS') / 1024;

/**
 * Watches processes' resident memory from now on: resets each one's peak (clear_refs 5, so VmHWM starts again from
 * the current RSS) and samples VmRSS every `everyMs`. `stop()` answers, per name, the kernel's peak (VmHWM: every
 * page ever resident at once, between samples too), the highest sample and the RSS at the start, in MB.
 * @param {Record<string, number>} pids name → process id (processes this user started)
 */
export function watchPeakMemory(pids, everyMs = 100) {
  const entries = Object.entries(pids);
  /** @type {Record<string, { startMb: number, sampledMb: number }>} */
  const seen = {};
  for (const [name, pid] of entries) {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    seen[name] = { startMb: residentMb(pid), sampledMb: residentMb(pid) };
  }
  const timer = setInterval(() => {
    for (const [name, pid] of entries) seen[name].sampledMb = Math.max(seen[name].sampledMb, residentMb(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      /** @type {Record<string, { peakMb: number, sampledMb: number, startMb: number }>} */
      const result = {};
      for (const [name, pid] of entries) result[name] = { ...seen[name], peakMb: Math.max(statusKb(pid, 'VmHWM') / 1024, seen[name].sampledMb) };
      return result;
    },
  };
}

/**
 * CPU time a process has used so far (user + system, /proc/<pid>/stat), in ms: unlike wall time it barely moves with
 * the shared machine's load, so the bench can say how much work a step was.
 */
export function cpuMs(/** @type {number} */ pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces), which ends at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

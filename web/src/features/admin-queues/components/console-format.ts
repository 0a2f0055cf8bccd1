import type { DurationPercentiles } from '@serpwise/contracts';

/** Milliseconds as the console says them: '850 ms', '1.5 s', '3.2 min'; unknown is '–'. */
export function durationText(value: number | null): string {
  if (value === null) return '–';
  if (value < 1_000) return `${Math.round(value)} ms`;
  if (value < 120_000) return `${(value / 1_000).toFixed(1)} s`;
  if (value < 7_200_000) return `${(value / 60_000).toFixed(1)} min`;
  return `${(value / 3_600_000).toFixed(1)} h`;
}

export const spreadText = (p: DurationPercentiles) => `p50 ${durationText(p.p50)} · p95 ${durationText(p.p95)} · p99 ${durationText(p.p99)}`;

export const timeText = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : '–');

/** A worker's uptime: '3 d 4 h', '2 h 5 min', '42 s'. */
export function uptimeText(startedAt: string | null, now: number): string {
  if (!startedAt) return '–';
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1_000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

/** Bytes in MB, one decimal; unknown is '–'. */
export const megabytesText = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1_048_576).toFixed(1)} MB`);

import { timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics (API and worker alike; docs/deployment.md, "Metrics"): Prometheus with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a configured token /metrics is not served at all, so a visitor
 * never reads the installation's figures.
 */
export type MetricsAccess = 'allowed' | 'refused' | 'disabled';

export function metricsAccess(configuredToken: string | undefined, authorization: string | undefined): MetricsAccess {
  if (!configuredToken) return 'disabled';
  const sent = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!sent) return 'refused';
  const [a, b] = [Buffer.from(sent), Buffer.from(configuredToken)];
  return a.length === b.length && timingSafeEqual(a, b) ? 'allowed' : 'refused';
}

/** The answer to a request that may not read /metrics: 404 as for any unknown path, or 401 asking for the token. */
export function metricsRefusal(access: Exclude<MetricsAccess, 'allowed'>, method: string): { status: number; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (access === 'disabled') return { status: 404, headers, body: JSON.stringify({ statusCode: 404, message: `Cannot ${method} /metrics` }) };
  return {
    status: 401,
    headers: { ...headers, 'www-authenticate': 'Bearer realm="metrics"' },
    body: JSON.stringify({ statusCode: 401, message: 'The metrics need the bearer token of METRICS_TOKEN.' }),
  };
}

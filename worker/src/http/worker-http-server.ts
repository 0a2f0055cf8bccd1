import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { metricsAccess, metricsRefusal, runHealthChecks } from '@serpwise/platform';

/** The worker has no API; this tiny server answers /healthz and /metrics for probes and Prometheus. */
export function startWorkerHttpServer(
  port: number,
  host: string,
  registry: Registry,
  checks: Record<string, () => Promise<unknown>>,
  /** METRICS_TOKEN: /metrics answers only with it, like the API's. */
  metricsToken?: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path === '/healthz') {
      void runHealthChecks(checks).then((report) => {
        response.writeHead(report.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
        response.end(JSON.stringify(report));
      });
    } else if (request.method === 'GET' && path === '/metrics') {
      const access = metricsAccess(metricsToken, request.headers.authorization);
      if (access !== 'allowed') {
        const refusal = metricsRefusal(access, request.method);
        response.writeHead(refusal.status, refusal.headers);
        response.end(refusal.body);
        return;
      }
      void registry.metrics().then((body) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(body);
      });
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 404, message: `Cannot ${request.method} ${path}` }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

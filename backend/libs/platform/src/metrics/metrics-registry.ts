import { Registry, collectDefaultMetrics } from 'prom-client';

/** A Prometheus registry with the process defaults, labelled with the component. */
export function createMetricsRegistry(component: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ component });
  collectDefaultMetrics({ register: registry, prefix: 'serpwise_' });
  return registry;
}

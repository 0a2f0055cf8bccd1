import type { ReactNode } from 'react';
import { formatMonth } from '@/lib/format';
import { Change } from './cells';

export interface Metric {
  label: string;
  value: ReactNode;
  /** Change against the previous month, in the metric's own unit. */
  change?: number | null;
  formatChange?: (value: number) => string;
  /** For positions a smaller number is better: the arrow follows the improvement. */
  lowerIsBetter?: boolean;
  hint?: string;
}

/** The headline numbers of an overview, each with its month-over-month change. */
export function MetricCards({ metrics, label }: { metrics: Metric[]; label: string }) {
  return (
    <dl className="metric-cards" aria-label={label}>
      {metrics.map((metric) => (
        <div key={metric.label} className="metric-card" title={metric.hint}>
          <dt>{metric.label}</dt>
          <dd>
            <span className="metric-card__value">{metric.value}</span>
            {metric.change !== undefined && (
              <span className="metric-card__change">
                <Change value={metric.change === null ? null : metric.lowerIsBetter ? -metric.change : metric.change} format={metric.formatChange} />
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An overview's first metric group, headed with its month ("May 2026 at a glance"). */
export function MonthAtAGlance({ month, label, metrics }: { month: string | null; label: string; metrics: Metric[] }) {
  return (
    <div>
      <h2 className="metric-group-title">{formatMonth(month)} at a glance</h2>
      <MetricCards label={label} metrics={metrics} />
    </div>
  );
}

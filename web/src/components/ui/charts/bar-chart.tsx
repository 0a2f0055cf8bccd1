import { useState } from 'react';
import { showLabel } from './line-chart';
import { chartColors, linear, niceTicks } from './scale';
import { useElementWidth } from './use-element-width';
import './charts.css';
import { ChartGrid } from './chart-grid';

interface BarChartProps {
  title: string;
  labels: readonly string[];
  values: readonly (number | null)[];
  formatValue: (value: number) => string;
  height?: number;
  color?: string;
}

const margin = { top: 12, right: 12, bottom: 28, left: 56 };

/** A hand-drawn SVG bar chart (monthly paid keywords, search volume); a missing month is an empty slot. */
export function BarChart({ title, labels, values, formatValue, height = 220, color = chartColors[0] }: BarChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const ticks = niceTicks(values.filter((value): value is number => value !== null), { zero: true, count: height < 180 ? 3 : 4 });
  const domain = { min: ticks[0] ?? 0, max: ticks.at(-1) ?? 1 };
  const plotWidth = Math.max(10, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const slot = plotWidth / Math.max(1, labels.length);
  const barWidth = Math.max(2, Math.min(36, slot * 0.68));
  const y = linear(domain, [margin.top, margin.top + plotHeight]);
  const labelEvery = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotWidth / 64))));
  const center = (index: number) => margin.left + slot * index + slot / 2;

  return (
    <div className="chart" ref={ref}>
      <svg width={width} height={height} role="img" aria-label={title} className="chart__svg">
        <title>{title}</title>
        <ChartGrid ticks={ticks} left={margin.left} width={plotWidth} y={y} formatValue={formatValue} />
        {values.map((value, index) =>
          value === null ? null : (
            <rect
              key={index}
              className="chart__bar"
              x={center(index) - barWidth / 2}
              y={y(Math.max(0, value))}
              width={barWidth}
              height={Math.max(value > 0 ? 1 : 0, y(0) - y(Math.max(0, value)))}
              rx={Math.min(3, barWidth / 4)}
              fill={color}
              opacity={hover === null || hover === index ? 1 : 0.45}
              onPointerEnter={() => setHover(index)}
              onPointerLeave={() => setHover(null)}
            >
              <title>{`${labels[index]}: ${formatValue(value)}`}</title>
            </rect>
          ),
        )}
        {labels.map((label, index) =>
          showLabel(index, labels.length, labelEvery) ? (
            <text key={label + index} className="chart__label" x={center(index)} y={height - 8} textAnchor="middle">
              {label}
            </text>
          ) : null,
        )}
      </svg>
      {hover !== null && values[hover] !== null && (
        <div className="chart__tooltip" style={{ left: Math.min(Math.max(center(hover), 80), width - 80), top: margin.top }} role="presentation">
          <strong>{labels[hover]}</strong>
          <span>{formatValue(values[hover]!)}</span>
        </div>
      )}
    </div>
  );
}

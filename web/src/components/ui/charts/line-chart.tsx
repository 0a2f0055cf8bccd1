import { useId, useState } from 'react';
import { chartColors, linear, linePath, niceTicks } from './scale';
import { useElementWidth } from './use-element-width';
import './charts.css';
import { ChartGrid } from './chart-grid';

export interface LineSeries {
  id: string;
  name: string;
  /** One value per label; null = no data that month (a gap in the line). */
  values: readonly (number | null)[];
  color?: string;
}

interface LineChartProps {
  /** What the chart shows, for screen readers. */
  title: string;
  labels: readonly string[];
  series: readonly LineSeries[];
  formatValue: (value: number) => string;
  height?: number;
  /** Ranking positions: 1 at the top. */
  invert?: boolean;
  /** Fill under a single series. */
  area?: boolean;
  /** Start the value axis at zero (counts). */
  zero?: boolean;
  /** Whole-number steps on the value axis (things counted in units). */
  whole?: boolean;
}

const margin = { top: 12, right: 16, bottom: 28, left: 56 };

/** The room one axis label takes: its longest text at about 7 px a character, and a gap ("08:16 PM" needs ~76 px). */
export function labelSlotWidth(labels: readonly string[]): number {
  let longest = 0;
  for (const label of labels) longest = Math.max(longest, label.length);
  return Math.max(64, longest * 7 + 20);
}

/** Every n-th month label fits; the last one always shows, and the regular one before it only a full step away. */
export function showLabel(index: number, count: number, every: number): boolean {
  if (index === count - 1) return true;
  return index % every === 0 && count - 1 - index >= every;
}

/** A hand-drawn SVG line chart for monthly histories, with a hover guide that reads every series' value. */
export function LineChart({ title, labels, series, formatValue, height = 240, invert = false, area = true, zero = !invert, whole = false }: LineChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const gradientId = `line-fill-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const values = series.flatMap((line) => line.values.filter((value): value is number => value !== null));
  const ticks = niceTicks(values, { zero, whole, count: height < 180 ? 3 : 4 });
  // Positions start at 1: a 0 tick would name a position that does not exist.
  if (invert && ticks[0] !== undefined && ticks[0] < 1 && (ticks[1] ?? 0) > 1) ticks[0] = 1;
  const domain = { min: ticks[0] ?? 0, max: ticks.at(-1) ?? 1 };
  const plotWidth = Math.max(10, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const x = (index: number) => margin.left + (labels.length <= 1 ? plotWidth / 2 : (index / (labels.length - 1)) * plotWidth);
  const y = linear(domain, [margin.top, margin.top + plotHeight], invert);
  // One label fewer than would fit end to end: the first and last are anchored at their start and end, so the labels
  // next to them need half a slot more.
  const labelEvery = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotWidth / labelSlotWidth(labels)) - 1)));
  const single = series.length === 1 && area;

  const onMove = (event: React.PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // (Synthetic pointer events without coordinates read as the left edge.)
    const offset = Number.isFinite(event.clientX) ? event.clientX - box.left : 0;
    const index = labels.length <= 1 ? 0 : Math.round((offset / Math.max(1, box.width)) * (labels.length - 1));
    setHover(Math.max(0, Math.min(labels.length - 1, index)));
  };

  return (
    <div className="chart" ref={ref}>
      <svg width={width} height={height} role="img" aria-label={title} className="chart__svg">
        <title>{title}</title>
        {single && (
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor={series[0]!.color ?? chartColors[0]} stopOpacity="0.22" />
              <stop offset="100%" stopColor={series[0]!.color ?? chartColors[0]} stopOpacity="0" />
            </linearGradient>
          </defs>
        )}
        <ChartGrid ticks={ticks} left={margin.left} width={plotWidth} y={y} formatValue={formatValue} />
        {labels.map((label, index) =>
          showLabel(index, labels.length, labelEvery) ? (
            <text key={label + index} className="chart__label" x={x(index)} y={height - 8} textAnchor={index === 0 ? 'start' : index === labels.length - 1 ? 'end' : 'middle'}>
              {label}
            </text>
          ) : null,
        )}
        {series.map((line, seriesIndex) => {
          const color = line.color ?? chartColors[seriesIndex % chartColors.length];
          const points = line.values.map((value, index) => (value === null ? null : ([x(index), y(value)] as const)));
          const path = linePath(points);
          const present = points.filter((point): point is readonly [number, number] => point !== null);
          const areaPath =
            single && present.length > 1 && !points.includes(null)
              ? `${path}L${present.at(-1)![0].toFixed(1)} ${(margin.top + plotHeight).toFixed(1)}L${present[0]![0].toFixed(1)} ${(margin.top + plotHeight).toFixed(1)}Z`
              : null;
          return (
            <g key={line.id} className="chart__series" data-series={line.name}>
              {areaPath && <path d={areaPath} fill={`url(#${gradientId})`} stroke="none" />}
              <path d={path} fill="none" stroke={color} strokeWidth={2.2} strokeLinejoin="round" strokeLinecap="round" />
              {present.length === 1 && <circle cx={present[0]![0]} cy={present[0]![1]} r={3.5} fill={color} />}
              {hover !== null && points[hover] && <circle cx={points[hover]![0]} cy={points[hover]![1]} r={4.5} fill="#fff" stroke={color} strokeWidth={2.2} />}
            </g>
          );
        })}
        {hover !== null && <line className="chart__guide" x1={x(hover)} x2={x(hover)} y1={margin.top} y2={margin.top + plotHeight} />}
        <rect
          className="chart__hit"
          x={margin.left}
          y={margin.top}
          width={plotWidth}
          height={plotHeight}
          onPointerMove={onMove}
          onPointerLeave={() => setHover(null)}
        />
      </svg>
      {hover !== null && (
        <div className="chart__tooltip" style={{ left: Math.min(Math.max(x(hover), 90), width - 90), top: margin.top }} role="presentation">
          <strong>{labels[hover]}</strong>
          {series.map((line, seriesIndex) => (
            <span key={line.id}>
              <i style={{ background: line.color ?? chartColors[seriesIndex % chartColors.length] }} />
              {series.length > 1 ? `${line.name}: ` : ''}
              {line.values[hover] === null || line.values[hover] === undefined ? '—' : formatValue(line.values[hover]!)}
            </span>
          ))}
        </div>
      )}
      {series.length > 1 && (
        <ul className="chart__legend">
          {series.map((line, seriesIndex) => (
            <li key={line.id}>
              <i style={{ background: line.color ?? chartColors[seriesIndex % chartColors.length] }} />
              {line.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

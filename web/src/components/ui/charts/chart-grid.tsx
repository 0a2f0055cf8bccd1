/** The horizontal grid lines of a chart, each with its value at the left margin (bar and line charts). */
export function ChartGrid({ ticks, left, width, y, formatValue }: { ticks: readonly number[]; left: number; width: number; y: (value: number) => number; formatValue: (value: number) => string }) {
  return ticks.map((tick) => (
    <g key={tick} className="chart__grid">
      <line x1={left} x2={left + width} y1={y(tick)} y2={y(tick)} />
      <text x={left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
        {formatValue(tick)}
      </text>
    </g>
  ));
}

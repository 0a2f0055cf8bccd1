import { linear, linePath } from './scale';

/**
 * A small position history inside a table cell (ranking history): best position per month, 1 at the top, the
 * stored top 20 as the floor; a month without a rank is a gap.
 */
export function Sparkline({ positions, label, width = 96, height = 26 }: { positions: readonly (number | null)[]; label: string; width?: number; height?: number }) {
  const x = (index: number) => 2 + (positions.length <= 1 ? 0 : (index / (positions.length - 1)) * (width - 4));
  const y = linear({ min: 1, max: 20 }, [3, height - 3], true);
  const points = positions.map((position, index) => (position === null ? null : ([x(index), y(Math.min(20, position))] as const)));
  const last = [...points].reverse().find((point) => point !== null);
  return (
    <svg className="sparkline" width={width} height={height} role="img" aria-label={label}>
      <line x1={0} x2={width} y1={y(10.5)} y2={y(10.5)} className="sparkline__page-one" />
      <path d={linePath(points)} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
      {last && <circle cx={last[0]} cy={last[1]} r={2.4} fill="currentColor" />}
    </svg>
  );
}

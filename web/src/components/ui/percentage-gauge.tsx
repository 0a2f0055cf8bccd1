export interface PercentageGaugeProps {
  /** 0 to 100; values outside are held at the ends, a missing value shows 0. */
  value: number | null | undefined;
  label: string;
  /** Diameter in pixels. */
  size?: number;
}

/** Holds a gauge value to whole percentages from 0 to 100 (docs/product/account-exports-reports.md §5). */
export const gaugePercent = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(Math.max(0, Math.min(100, value))) : 0);

/** A ring filled to the value, with the percentage in the middle. */
export function PercentageGauge({ value, label, size = 72 }: PercentageGaugeProps) {
  const percent = gaugePercent(value);
  return (
    <span className="ui-gauge" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`} style={{ width: size, height: size }}>
      <svg viewBox="0 0 36 36" width={size} height={size} aria-hidden="true">
        <circle className="ui-gauge__track" cx="18" cy="18" r="15.5" pathLength={100} />
        {/* pathLength 100 makes the dash length the percentage itself. */}
        {percent > 0 && <circle className="ui-gauge__fill" cx="18" cy="18" r="15.5" pathLength={100} strokeDasharray={`${percent} 100`} data-percent={percent} />}
      </svg>
      <span className="ui-gauge__value" style={{ fontSize: Math.max(10, Math.round(size * 0.22)) }}>
        {percent}%
      </span>
    </span>
  );
}

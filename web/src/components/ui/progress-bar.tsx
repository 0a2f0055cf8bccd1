interface ProgressBarProps {
  percent: number;
  label: string;
  tone?: 'active' | 'done' | 'error';
}

/** An accessible progress bar (role progressbar with its value), 0 to 100. */
export function ProgressBar({ percent, label, tone = 'active' }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={`progress progress--${tone}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}

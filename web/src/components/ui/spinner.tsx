/** The documented spinner sizes in pixels (docs/product/site.md §9, docs/product/account-exports-reports.md §9). */
export const spinnerSizes = { 'x-small': 16, small: 24, medium: 60, large: 84 } as const;
export type SpinnerSize = keyof typeof spinnerSizes;

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is happening, for assistive technology ('Loading', 'Removing'). */
  label?: string;
}

/** A spinning ring, x-small 16, small 24, medium 60 or large 84 px square. */
export function Spinner({ size = 'small', label = 'Loading' }: SpinnerProps) {
  const pixels = spinnerSizes[size];
  return <span className={`ui-spinner ui-spinner--${size}`} role="status" aria-label={label} style={{ width: pixels, height: pixels }} />;
}

import { linePath } from '@/components/ui/charts/scale';

/** A small trend line of monthly values (the group details' history sparklines, docs/product/projects.md §2). */
export function ValueSparkline({ values, label, width = 120, height = 28 }: { values: readonly number[]; label: string; width?: number; height?: number }) {
  const min = Math.min(0, ...values);
  const max = Math.max(...values, min + 1);
  const x = (index: number) => 2 + (values.length <= 1 ? 0 : (index / (values.length - 1)) * (width - 4));
  const y = (value: number) => height - 3 - ((value - min) / (max - min)) * (height - 6);
  return (
    <svg className="sparkline msf-sparkline" width={width} height={height} role="img" aria-label={label}>
      <path d={linePath(values.map((value, index) => [x(index), y(value)] as const))} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
    </svg>
  );
}

import type { DesignTheme } from './designs.js';

/**
 * What a report section draws on: the PDF page (pdf/pdf-surface.ts) or the shared web view (html/html-surface.ts).
 * The sections (sections/) write every heading, sentence, table, tile and chart through
 * it, so the web view has the same sections, rows and figures as the PDF (issue 22 point 5).
 */
export interface ReportSurface {
  /** The one-page layout (the Executive template): sections draw their compact form. */
  readonly compact: boolean;
  /** Rows per table (the plan's row cap), for sections that cut their own lists. */
  readonly rowLimit: number;
  readonly colors: DesignTheme['colors'];
  sectionHeading(title: string): void;
  paragraph(value: string, options?: { color?: string }): void;
  /** A sub-heading (kept with at least `keep` points of what follows on a PDF page). */
  subheading(title: string, keep?: number): void;
  caption(value: string): void;
  table<Row>(columns: Column<Row>[], rows: readonly Row[]): void;
  tiles(items: Tile[]): void;
  lineChart(box: ChartBox & { points: SeriesPoint[]; color?: string; invert?: boolean }): void;
  barChart(box: ChartBox & { points: SeriesPoint[]; color?: string }): void;
  horizontalBars(box: HorizontalBars): void;
  venn(input: VennInput): void;
}

export interface Column<Row> {
  header: string;
  /** Relative width. */
  weight: number;
  align?: 'left' | 'right';
  cell: (row: Row) => string;
}

export interface Tile {
  label: string;
  value: string;
  /** A small line under the value (the change since last month). */
  note?: string;
}

export interface SeriesPoint {
  label: string;
  value: number | null;
}

export interface ChartBox {
  title: string;
  height: number;
  /** Axis label format. */
  format?: (value: number) => string;
}

export interface HorizontalBars {
  title: string;
  rows: { label: string; value: number }[];
  format?: (value: number) => string;
}

/** `regions` are the exclusive regions (keywords ranked by exactly those domains), as kombatCounts returns them. */
export interface VennInput {
  domains: string[];
  regions: { domains: string[]; keywords: number }[];
}

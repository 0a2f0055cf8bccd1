import type { ChartBox, Column, HorizontalBars, ReportSurface, SeriesPoint, Tile, VennInput } from '../surface.js';
import { barChart, horizontalBars, lineChart, tiles, venn } from './charts.js';
import { table } from './table.js';
import type { ReportWriter } from './writer.js';

/** The sections' surface on a PDF: each block drawn by the writer's page layout and the vector charts. */
export class PdfSurface implements ReportSurface {
  constructor(private readonly writer: ReportWriter) {}

  get compact() {
    return this.writer.compact;
  }

  get rowLimit() {
    return this.writer.rowLimit;
  }

  get colors() {
    return this.writer.colors;
  }

  sectionHeading(title: string): void {
    this.writer.sectionHeading(title);
  }

  paragraph(value: string, options?: { color?: string }): void {
    this.writer.paragraph(value, options);
  }

  subheading(title: string, keep?: number): void {
    this.writer.subheading(title, keep);
  }

  caption(value: string): void {
    this.writer.caption(value);
  }

  table<Row>(columns: Column<Row>[], rows: readonly Row[]): void {
    table(this.writer, columns, rows);
  }

  tiles(items: Tile[]): void {
    tiles(this.writer, items);
  }

  lineChart(box: ChartBox & { points: SeriesPoint[]; color?: string; invert?: boolean }): void {
    lineChart(this.writer, box);
  }

  barChart(box: ChartBox & { points: SeriesPoint[]; color?: string }): void {
    barChart(this.writer, box);
  }

  horizontalBars(box: HorizontalBars): void {
    horizontalBars(this.writer, box);
  }

  venn(input: VennInput): void {
    venn(this.writer, input);
  }
}

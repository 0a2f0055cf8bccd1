import { textOn } from '../designs.js';
import type { Column } from '../surface.js';
import { contentWidth, page, type ReportWriter } from './writer.js';

export type { Column } from '../surface.js';

const rowHeight = 17;
const headerHeight = 20;
const size = 8.5;

/**
 * A table: a header row in the design's primary colour, striped rows, cells cut with an ellipsis to their column.
 * A table longer than the page continues on the next one under a repeated header.
 */
export function table<Row>(writer: ReportWriter, columns: Column<Row>[], rows: readonly Row[]): void {
  const { doc, theme } = writer;
  const totalWeight = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (column.weight / totalWeight) * contentWidth);
  const lefts = widths.map((_width, index) => page.margin + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const header = () => {
    doc.rect(page.margin, writer.y, contentWidth, headerHeight).fill(theme.colors.primary);
    columns.forEach((column, index) => {
      writer.text(writer.fit(column.header, widths[index]! - 10, theme.fonts.bodyBold, size), lefts[index]! + 5, writer.y + 6, {
        font: theme.fonts.bodyBold,
        size,
        color: textOn(theme.colors.primary),
        width: widths[index]! - 10,
        align: column.align ?? 'left',
      });
    });
    writer.y += headerHeight;
  };
  writer.ensureSpace(headerHeight + rowHeight * Math.min(rows.length, 3));
  header();
  rows.forEach((row, rowIndex) => {
    if (writer.ensureSpace(rowHeight)) header();
    if (rowIndex % 2 === 1) doc.rect(page.margin, writer.y, contentWidth, rowHeight).fill(theme.colors.stripe);
    columns.forEach((column, index) => {
      const width = widths[index]! - 10;
      writer.text(writer.fit(column.cell(row), width, theme.fonts.body, size), lefts[index]! + 5, writer.y + 5, {
        font: theme.fonts.body,
        size,
        color: theme.colors.text,
        width,
        align: column.align ?? 'left',
      });
    });
    writer.y += rowHeight;
  });
  doc.moveTo(page.margin, writer.y).lineTo(page.margin + contentWidth, writer.y).lineWidth(0.5).strokeColor(theme.colors.rule).stroke();
  writer.y += 6;
}

import { formatCompact } from '../format.js';
import type { ChartBox, HorizontalBars, SeriesPoint, Tile, VennInput } from '../surface.js';
import { contentWidth, page, type ReportWriter } from './writer.js';

/**
 * Vector charts drawn straight into the PDF (no images, no browser): line and bar charts of a monthly series,
 * horizontal bars, a two- or three-circle Venn diagram, and number tiles. Every label is real text.
 */

export type { SeriesPoint, Tile } from '../surface.js';

/** Round axis steps (1, 2, 2.5, 5 × 10ⁿ) covering min … max in about `count` steps. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    if (min === 0) return [0, 1];
    const pad = Math.abs(min) * 0.1;
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const start = Math.floor(min / step) * step;
  const end = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = start; value <= end + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  return ticks;
}


interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  scale: (value: number) => number;
  x: (index: number) => number;
  step: number;
}

/** Title, y grid with labels and x labels; returns the plot area. Moves the cursor below the chart. */
function axes(writer: ReportWriter, box: ChartBox, points: SeriesPoint[], options: { zeroBased: boolean; invert?: boolean; bars?: boolean }): Plot | null {
  const { doc, theme } = writer;
  // Title (22) + plot + month labels (14) + a gap before whatever follows.
  const total = box.height + 46;
  writer.ensureSpace(total);
  const top = writer.y;
  writer.text(box.title, page.margin, top, { font: theme.fonts.bodyBold, size: 10, color: theme.colors.text });
  writer.y += total;
  const values = points.map((point) => point.value).filter((value): value is number => value !== null);
  if (!values.length) {
    writer.text('No data for this period.', page.margin, top + 22, { font: theme.fonts.body, size: 9, color: theme.colors.muted });
    return null;
  }
  const ticks = niceTicks(options.zeroBased ? Math.min(0, ...values) : Math.min(...values), Math.max(...values));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const format = box.format ?? formatCompact;
  const plot = { left: page.margin + 40, right: page.margin + contentWidth, top: top + 22, bottom: top + 16 + box.height };
  const scale = (value: number) => {
    const share = (value - low) / (high - low || 1);
    return options.invert ? plot.top + share * (plot.bottom - plot.top) : plot.bottom - share * (plot.bottom - plot.top);
  };
  doc.lineWidth(0.5).strokeColor(theme.colors.rule);
  for (const tick of ticks) {
    const y = scale(tick);
    doc.moveTo(plot.left, y).lineTo(plot.right, y).stroke();
    writer.text(format(tick), page.margin, y - 4, { font: theme.fonts.body, size: 7, color: theme.colors.muted, width: 36, align: 'right' });
  }
  const count = points.length;
  const step = (plot.right - plot.left) / Math.max(1, options.bars ? count : count - 1);
  const x = (index: number) => (options.bars ? plot.left + step * (index + 0.5) : count === 1 ? (plot.left + plot.right) / 2 : plot.left + step * index);
  const every = Math.max(1, Math.ceil(count / 8));
  points.forEach((point, index) => {
    if ((count - 1 - index) % every !== 0) return;
    writer.text(point.label, x(index) - 24, plot.bottom + 4, { font: theme.fonts.body, size: 7, color: theme.colors.muted, width: 48, align: 'center' });
  });
  return { ...plot, scale, x, step };
}

/** A line chart of a monthly series (with a light area under it). `invert` puts low values on top (positions). */
export function lineChart(writer: ReportWriter, box: ChartBox & { points: SeriesPoint[]; color?: string; invert?: boolean }): void {
  const plot = axes(writer, box, box.points, { zeroBased: !box.invert, invert: box.invert ?? false });
  if (!plot) return;
  const { doc } = writer;
  const color = box.color ?? writer.colors.primary;
  const known = box.points.map((point, index) => ({ index, value: point.value })).filter((point): point is { index: number; value: number } => point.value !== null);
  if (!box.invert && known.length > 1) {
    doc.save();
    doc.moveTo(plot.x(known[0]!.index), plot.bottom);
    for (const point of known) doc.lineTo(plot.x(point.index), plot.scale(point.value));
    doc.lineTo(plot.x(known.at(-1)!.index), plot.bottom).closePath();
    doc.fillOpacity(0.12).fill(color);
    doc.restore();
  }
  doc.save().lineWidth(1.8).strokeColor(color).lineJoin('round');
  known.forEach((point, position) => {
    if (position === 0) doc.moveTo(plot.x(point.index), plot.scale(point.value));
    else doc.lineTo(plot.x(point.index), plot.scale(point.value));
  });
  if (known.length > 1) doc.stroke();
  doc.restore();
  const last = known.at(-1)!;
  doc.circle(plot.x(last.index), plot.scale(last.value), 2.6).fill(color);
}

/** A column chart of a monthly series. */
export function barChart(writer: ReportWriter, box: ChartBox & { points: SeriesPoint[]; color?: string }): void {
  const plot = axes(writer, box, box.points, { zeroBased: true, bars: true });
  if (!plot) return;
  const { doc } = writer;
  const width = Math.max(1, plot.step * 0.64);
  const zero = plot.scale(0);
  doc.save().fillColor(box.color ?? writer.colors.primary);
  box.points.forEach((point, index) => {
    if (point.value === null) return;
    const y = plot.scale(point.value);
    doc.rect(plot.x(index) - width / 2, Math.min(y, zero), width, Math.max(0.5, Math.abs(zero - y))).fill();
  });
  doc.restore();
}

/** Horizontal bars with a label on the left and the value on the right (the largest bar fills the row). */
export function horizontalBars(writer: ReportWriter, box: HorizontalBars): void {
  const { doc, theme } = writer;
  if (!box.rows.length) return;
  const rowHeight = 16;
  writer.ensureSpace(22 + rowHeight * box.rows.length);
  writer.text(box.title, page.margin, writer.y, { font: theme.fonts.bodyBold, size: 10, color: theme.colors.text });
  writer.y += 20;
  const max = Math.max(...box.rows.map((row) => row.value), 1);
  const labelWidth = 150;
  const valueWidth = 60;
  const barSpace = contentWidth - labelWidth - valueWidth - 12;
  const format = box.format ?? formatCompact;
  box.rows.forEach((row, index) => {
    const y = writer.y + index * rowHeight;
    writer.text(writer.fit(row.label, labelWidth - 6, theme.fonts.body, 8.5), page.margin, y + 3, { font: theme.fonts.body, size: 8.5, color: theme.colors.text, width: labelWidth });
    const length = Math.max(1, (row.value / max) * barSpace);
    doc.rect(page.margin + labelWidth, y + 2, length, rowHeight - 5).fill(index === 0 ? theme.colors.primary : theme.colors.accent);
    writer.text(format(row.value), page.margin + labelWidth + length + 6, y + 3, { font: theme.fonts.body, size: 8.5, color: theme.colors.muted, width: valueWidth });
  });
  writer.y += box.rows.length * rowHeight + 10;
}


/** A grid of number tiles, three to a row. */
export function tiles(writer: ReportWriter, items: Tile[]): void {
  const { doc, theme } = writer;
  const columns = 3;
  const gap = 10;
  const width = (contentWidth - gap * (columns - 1)) / columns;
  const height = 64;
  for (let start = 0; start < items.length; start += columns) {
    writer.ensureSpace(height + gap);
    items.slice(start, start + columns).forEach((item, column) => {
      const x = page.margin + column * (width + gap);
      const y = writer.y;
      doc.roundedRect(x, y, width, height, 4).fill(theme.colors.stripe);
      doc.rect(x, y, 3, height).fill(theme.colors.primary);
      writer.text(writer.fit(item.label.toUpperCase(), width - 20, theme.fonts.bodyBold, 7.5), x + 12, y + 10, { font: theme.fonts.bodyBold, size: 7.5, color: theme.colors.muted, width: width - 20 });
      writer.text(writer.fit(item.value, width - 20, theme.fonts.heading, 18), x + 12, y + 23, { font: theme.fonts.heading, size: 18, color: theme.colors.text, width: width - 20 });
      if (item.note) writer.text(writer.fit(item.note, width - 20, theme.fonts.body, 7.5), x + 12, y + 46, { font: theme.fonts.body, size: 7.5, color: theme.colors.muted, width: width - 20 });
    });
    writer.y += height + gap;
  }
  writer.y += 6;
}

/**
 * A Venn diagram of two or three domains' keywords: `regions` are the exclusive regions (keywords ranked by exactly
 * those domains), as kombatCounts returns them.
 */
export function venn(writer: ReportWriter, input: VennInput): void {
  const { doc, theme } = writer;
  const count = input.domains.length;
  if (count < 2 || count > 3) return;
  const height = 250;
  writer.ensureSpace(height + 20);
  const radius = 78;
  const centreX = page.margin + 170;
  const centreY = writer.y + (count === 3 ? 112 : 100);
  const colors = [theme.colors.primary, theme.colors.accent, '#7b8794'];
  const centres =
    count === 2
      ? [{ x: centreX - radius * 0.55, y: centreY }, { x: centreX + radius * 0.55, y: centreY }]
      : [
          { x: centreX - radius * 0.55, y: centreY - radius * 0.32 },
          { x: centreX + radius * 0.55, y: centreY - radius * 0.32 },
          { x: centreX, y: centreY + radius * 0.63 },
        ];
  centres.forEach((centre, index) => {
    doc.save();
    doc.circle(centre.x, centre.y, radius).fillOpacity(0.22).fill(colors[index]!);
    doc.restore();
    doc.save();
    doc.circle(centre.x, centre.y, radius).lineWidth(1.2).strokeColor(colors[index]!).stroke();
    doc.restore();
  });
  const maskOf = (domains: string[]) => domains.reduce((mask, name) => mask | (1 << input.domains.indexOf(name)), 0);
  const byMask = new Map(input.regions.map((region) => [maskOf(region.domains), region.keywords]));
  // Where each region's number goes: away from the middle for one domain, between two, in the middle for all.
  const middle = { x: centres.reduce((sum, c) => sum + c.x, 0) / count, y: centres.reduce((sum, c) => sum + c.y, 0) / count };
  const away = (point: { x: number; y: number }, factor: number) => ({ x: middle.x + (point.x - middle.x) * factor, y: middle.y + (point.y - middle.y) * factor });
  for (let mask = 1; mask < 1 << count; mask += 1) {
    const members = centres.filter((_centre, index) => mask & (1 << index));
    const mean = { x: members.reduce((sum, c) => sum + c.x, 0) / members.length, y: members.reduce((sum, c) => sum + c.y, 0) / members.length };
    const spot = members.length === count ? middle : members.length === 1 ? away(mean, count === 2 ? 1.9 : 1.7) : away(mean, count === 3 ? 1.5 : 1);
    const label = formatCompact(byMask.get(mask) ?? 0);
    writer.text(label, spot.x - 30, spot.y - 5, { font: theme.fonts.bodyBold, size: 10, color: theme.colors.text, width: 60, align: 'center' });
  }
  // Legend on the right: each domain and how many keywords it ranks for in all.
  const legendX = page.margin + 350;
  let legendY = writer.y + 40;
  input.domains.forEach((name, index) => {
    const total = input.regions.filter((region) => region.domains.includes(name)).reduce((sum, region) => sum + region.keywords, 0);
    doc.rect(legendX, legendY + 1, 10, 10).fill(colors[index]!);
    writer.text(writer.fit(name, contentWidth - 365, theme.fonts.bodyBold, 9), legendX + 16, legendY, { font: theme.fonts.bodyBold, size: 9, color: theme.colors.text, width: contentWidth - 365 });
    writer.text(`${total.toLocaleString('en-US')} keywords`, legendX + 16, legendY + 12, { font: theme.fonts.body, size: 8, color: theme.colors.muted, width: contentWidth - 365 });
    legendY += 34;
  });
  writer.y += height;
}

import { formatCompact } from '../format.js';
import { niceTicks } from '../pdf/charts.js';
import type { DesignTheme } from '../designs.js';
import type { ChartBox, Column, HorizontalBars, ReportSurface, SeriesPoint, Tile, VennInput } from '../surface.js';
import { escapeHtml as esc } from './escape.js';

const chartWidth = 640;

/**
 * The sections' surface as HTML (the shared web view, issue 22 point 5): each block the PDF draws becomes an element
 * with the same text — headings, sentences, table cells, tiles — and the charts become inline SVG with the PDF's
 * axis labels (each point's value in its tooltip). No script, no remote resource; every text is escaped.
 */
export class HtmlSurface implements ReportSurface {
  readonly colors: DesignTheme['colors'];
  private readonly parts: string[] = [];
  private sectionOpen = false;

  constructor(
    theme: DesignTheme,
    readonly compact: boolean,
    readonly rowLimit: number,
  ) {
    this.colors = theme.colors;
  }

  /** The sections drawn so far. */
  html(): string {
    return this.parts.join('') + (this.sectionOpen ? '</section>' : '');
  }

  sectionHeading(title: string): void {
    if (this.sectionOpen) this.parts.push('</section>');
    this.parts.push(`<section class="rv-section"><h2>${esc(title)}</h2>`);
    this.sectionOpen = true;
  }

  paragraph(value: string, options?: { color?: string }): void {
    this.parts.push(options?.color === this.colors.muted ? `<p class="rv-muted">${esc(value)}</p>` : `<p>${esc(value)}</p>`);
  }

  subheading(title: string): void {
    this.parts.push(`<h3>${esc(title)}</h3>`);
  }

  caption(value: string): void {
    this.parts.push(`<p class="rv-caption">${esc(value)}</p>`);
  }

  table<Row>(columns: Column<Row>[], rows: readonly Row[]): void {
    const align = (column: Column<Row>) => (column.align === 'right' ? ' class="rv-num"' : '');
    const head = columns.map((column) => `<th scope="col"${align(column)}>${esc(column.header)}</th>`).join('');
    const body = rows.map((row) => `<tr>${columns.map((column) => `<td${align(column)}>${esc(column.cell(row))}</td>`).join('')}</tr>`).join('');
    this.parts.push(`<div class="rv-table"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`);
  }

  tiles(items: Tile[]): void {
    const tiles = items.map(
      (item) =>
        `<div class="rv-tile"><div class="rv-tile-label">${esc(item.label)}</div><div class="rv-tile-value">${esc(item.value)}</div>` +
        (item.note ? `<div class="rv-tile-note">${esc(item.note)}</div>` : '') +
        '</div>',
    );
    this.parts.push(`<div class="rv-tiles">${tiles.join('')}</div>`);
  }

  lineChart(box: ChartBox & { points: SeriesPoint[]; color?: string; invert?: boolean }): void {
    this.seriesChart(box, { bars: false, invert: box.invert ?? false, color: box.color ?? this.colors.primary });
  }

  barChart(box: ChartBox & { points: SeriesPoint[]; color?: string }): void {
    this.seriesChart(box, { bars: true, invert: false, color: box.color ?? this.colors.primary });
  }

  horizontalBars(box: HorizontalBars): void {
    if (!box.rows.length) return;
    const max = Math.max(...box.rows.map((row) => row.value), 1);
    const format = box.format ?? formatCompact;
    const rows = box.rows.map(
      (row, index) =>
        `<div class="rv-hbar"><span class="rv-hbar-label">${esc(row.label)}</span><span class="rv-hbar-track">` +
        `<span class="rv-hbar-fill" style="width:${Math.max(0.5, (row.value / max) * 100).toFixed(1)}%;background:${index === 0 ? 'var(--rv-primary)' : 'var(--rv-accent)'}"></span>` +
        `</span><span class="rv-hbar-value">${esc(format(row.value))}</span></div>`,
    );
    this.parts.push(`<figure class="rv-chart"><figcaption>${esc(box.title)}</figcaption>${rows.join('')}</figure>`);
  }

  venn(input: VennInput): void {
    const count = input.domains.length;
    if (count < 2 || count > 3) return;
    const radius = 78;
    const centre = { x: 170, y: count === 3 ? 112 : 100 };
    const centres =
      count === 2
        ? [{ x: centre.x - radius * 0.55, y: centre.y }, { x: centre.x + radius * 0.55, y: centre.y }]
        : [
            { x: centre.x - radius * 0.55, y: centre.y - radius * 0.32 },
            { x: centre.x + radius * 0.55, y: centre.y - radius * 0.32 },
            { x: centre.x, y: centre.y + radius * 0.63 },
          ];
    const colors = [this.colors.primary, this.colors.accent, '#7b8794'];
    const maskOf = (domains: string[]) => domains.reduce((mask, name) => mask | (1 << input.domains.indexOf(name)), 0);
    const byMask = new Map(input.regions.map((region) => [maskOf(region.domains), region.keywords]));
    const middle = { x: centres.reduce((sum, c) => sum + c.x, 0) / count, y: centres.reduce((sum, c) => sum + c.y, 0) / count };
    const away = (point: { x: number; y: number }, factor: number) => ({ x: middle.x + (point.x - middle.x) * factor, y: middle.y + (point.y - middle.y) * factor });
    const shapes = centres.map((c, index) => `<circle cx="${c.x}" cy="${c.y}" r="${radius}" fill="${colors[index]}" fill-opacity="0.22" stroke="${colors[index]}" stroke-width="1.2"/>`);
    const labels: string[] = [];
    for (let mask = 1; mask < 1 << count; mask += 1) {
      const members = centres.filter((_c, index) => mask & (1 << index));
      const mean = { x: members.reduce((sum, c) => sum + c.x, 0) / members.length, y: members.reduce((sum, c) => sum + c.y, 0) / members.length };
      const spot = members.length === count ? middle : members.length === 1 ? away(mean, count === 2 ? 1.9 : 1.7) : away(mean, count === 3 ? 1.5 : 1);
      labels.push(`<text x="${spot.x.toFixed(1)}" y="${(spot.y + 4).toFixed(1)}" text-anchor="middle" class="rv-venn-number">${esc(formatCompact(byMask.get(mask) ?? 0))}</text>`);
    }
    const legend = input.domains.map((name, index) => {
      const total = input.regions.filter((region) => region.domains.includes(name)).reduce((sum, region) => sum + region.keywords, 0);
      return `<li><span class="rv-swatch" style="background:${colors[index]}"></span><strong>${esc(name)}</strong> <span class="rv-muted">${esc(`${total.toLocaleString('en-US')} keywords`)}</span></li>`;
    });
    this.parts.push(
      `<figure class="rv-venn"><svg viewBox="0 0 340 250" width="340" height="250" role="img" aria-label="Keyword overlap">${shapes.join('')}${labels.join('')}</svg><ul>${legend.join('')}</ul></figure>`,
    );
  }

  /** A monthly series as the PDF draws it: the same round axis steps and labels, every eighth month named at most. */
  private seriesChart(box: ChartBox & { points: SeriesPoint[] }, options: { bars: boolean; invert: boolean; color: string }): void {
    const values = box.points.map((point) => point.value).filter((value): value is number => value !== null);
    const title = `<figcaption>${esc(box.title)}</figcaption>`;
    if (!values.length) {
      this.parts.push(`<figure class="rv-chart">${title}<p class="rv-muted">No data for this period.</p></figure>`);
      return;
    }
    const format = box.format ?? formatCompact;
    const ticks = niceTicks(options.bars || !options.invert ? Math.min(0, ...values) : Math.min(...values), Math.max(...values));
    const low = ticks[0]!;
    const high = ticks.at(-1)!;
    const height = Math.max(80, box.height);
    const plot = { left: 48, right: chartWidth - 4, top: 6, bottom: height };
    const scale = (value: number) => {
      const share = (value - low) / (high - low || 1);
      return options.invert ? plot.top + share * (plot.bottom - plot.top) : plot.bottom - share * (plot.bottom - plot.top);
    };
    const count = box.points.length;
    const step = (plot.right - plot.left) / Math.max(1, options.bars ? count : count - 1);
    const x = (index: number) => (options.bars ? plot.left + step * (index + 0.5) : count === 1 ? (plot.left + plot.right) / 2 : plot.left + step * index);
    const grid = ticks.map(
      (tick) =>
        `<line x1="${plot.left}" x2="${plot.right}" y1="${scale(tick).toFixed(1)}" y2="${scale(tick).toFixed(1)}" class="rv-grid"/>` +
        `<text x="${plot.left - 6}" y="${(scale(tick) + 3).toFixed(1)}" text-anchor="end" class="rv-axis">${esc(format(tick))}</text>`,
    );
    const every = Math.max(1, Math.ceil(count / 8));
    const months = box.points.flatMap((point, index) =>
      (count - 1 - index) % every === 0 ? [`<text x="${x(index).toFixed(1)}" y="${plot.bottom + 14}" text-anchor="middle" class="rv-axis">${esc(point.label)}</text>`] : [],
    );
    const known = box.points.flatMap((point, index) => (point.value === null ? [] : [{ index, value: point.value, label: point.label }]));
    const tip = (point: { label: string; value: number }) => `<title>${esc(`${point.label}: ${format(point.value)}`)}</title>`;
    let marks: string;
    if (options.bars) {
      const width = Math.max(1, step * 0.64);
      const zero = scale(0);
      marks = known
        .map((point) => {
          const y = scale(point.value);
          return `<rect x="${(x(point.index) - width / 2).toFixed(1)}" y="${Math.min(y, zero).toFixed(1)}" width="${width.toFixed(1)}" height="${Math.max(0.5, Math.abs(zero - y)).toFixed(1)}" fill="${options.color}">${tip(point)}</rect>`;
        })
        .join('');
    } else {
      const line = known.map((point) => `${x(point.index).toFixed(1)},${scale(point.value).toFixed(1)}`).join(' ');
      marks =
        `<polyline points="${line}" fill="none" stroke="${options.color}" stroke-width="1.8" stroke-linejoin="round"/>` +
        known.map((point) => `<circle cx="${x(point.index).toFixed(1)}" cy="${scale(point.value).toFixed(1)}" r="2.6" fill="${options.color}">${tip(point)}</circle>`).join('');
    }
    this.parts.push(
      `<figure class="rv-chart">${title}<svg viewBox="0 0 ${chartWidth} ${plot.bottom + 20}" role="img" aria-label="${esc(box.title)}">${grid.join('')}${marks}${months.join('')}</svg></figure>`,
    );
  }
}

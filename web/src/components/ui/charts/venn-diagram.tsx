import { formatCompact, formatNumber } from '@/lib/format';
import { chartColors } from './scale';
import './charts.css';

export interface VennRegion {
  /** The domains that (exactly) share this region, by name. */
  domains: readonly string[];
  keywords: number;
}

interface Point {
  x: number;
  y: number;
}

/** Where each circle sits and where each exclusive region's count is written, for 2 or 3 sets (radius r = 1). */
const layouts: Record<2 | 3, { circles: Point[]; labels: Record<string, Point> }> = {
  2: {
    circles: [
      { x: -0.62, y: 0 },
      { x: 0.62, y: 0 },
    ],
    labels: { '0': { x: -1.05, y: 0 }, '1': { x: 1.05, y: 0 }, '0,1': { x: 0, y: 0 } },
  },
  3: {
    circles: [
      { x: -0.58, y: -0.36 },
      { x: 0.58, y: -0.36 },
      { x: 0, y: 0.62 },
    ],
    labels: {
      '0': { x: -1.0, y: -0.62 },
      '1': { x: 1.0, y: -0.62 },
      '2': { x: 0, y: 1.18 },
      '0,1': { x: 0, y: -0.78 },
      '0,2': { x: -0.62, y: 0.36 },
      '1,2': { x: 0.62, y: 0.36 },
      '0,1,2': { x: 0, y: 0 },
    },
  },
};

/** The key of a region: the sorted indexes of its domains in the compared order. */
export function regionKey(region: VennRegion, domains: readonly string[]): string {
  return region.domains
    .map((name) => domains.indexOf(name))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b)
    .join(',');
}

/** Keywords of one domain: the sum of every region it belongs to. */
export const domainTotal = (regions: readonly VennRegion[], domain: string) =>
  regions.filter((region) => region.domains.includes(domain)).reduce((sum, region) => sum + region.keywords, 0);

const describeRegion = (region: VennRegion, domains: readonly string[]) =>
  region.domains.length === domains.length
    ? `All ${domains.length}`
    : region.domains.length === 1
      ? `Only ${region.domains[0]}`
      : `${region.domains.join(' and ')} only`;

/**
 * The kombat Venn diagram (lazy "venn" screen of docs/product/site.md §7): 2 or 3 domains as overlapping circles, each exclusive
 * region labelled with the number of keywords ranked (or bought) by exactly those domains.
 */
export function VennDiagram({ domains, regions, title }: { domains: readonly string[]; regions: readonly VennRegion[]; title: string }) {
  const count = domains.length === 3 ? 3 : 2;
  const layout = layouts[count];
  const size = 320;
  const radius = count === 3 ? 86 : 100;
  const center = { x: size / 2, y: count === 3 ? size / 2 - 4 : size / 2 - 40 };
  const height = count === 3 ? size : size - 80;
  const at = (point: Point) => ({ x: center.x + point.x * radius, y: center.y + point.y * radius });

  return (
    <figure className="venn">
      <svg viewBox={`0 0 ${size} ${height}`} role="img" aria-label={title} className="venn__svg">
        <title>{title}</title>
        {layout.circles.slice(0, count).map((circle, index) => {
          const point = at(circle);
          return (
            <circle
              key={domains[index]}
              cx={point.x}
              cy={point.y}
              r={radius}
              fill={chartColors[index]}
              fillOpacity={0.2}
              stroke={chartColors[index]}
              strokeWidth={2}
            />
          );
        })}
        {regions.map((region) => {
          const key = regionKey(region, domains);
          const spot = layout.labels[key];
          if (!spot) return null;
          const point = at(spot);
          return (
            <text key={key} x={point.x} y={point.y} dy="0.35em" textAnchor="middle" className={`venn__count${region.domains.length === count ? ' venn__count--all' : ''}`}>
              {formatCompact(region.keywords)}
            </text>
          );
        })}
      </svg>
      <figcaption>
        <ul className="venn__legend">
          {domains.map((domain, index) => (
            <li key={domain}>
              <i style={{ background: chartColors[index] }} />
              <span className="venn__domain">{domain}</span>
              <span className="venn__total">{formatNumber(domainTotal(regions, domain))} keywords</span>
            </li>
          ))}
        </ul>
        <ul className="visually-hidden">
          {regions.map((region) => (
            <li key={regionKey(region, domains)}>
              {describeRegion(region, domains)}: {formatNumber(region.keywords)} keywords
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

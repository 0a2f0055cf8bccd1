import { formatCompact, formatCurrency, formatNumber } from '@/lib/format';
import type { ReactNode } from 'react';
import type { Metric } from '../components/metric-cards';

/** The address of a research screen for a query, keeping a territory the address gave. */
export const subjectHref = (path: string, query: string, countryCode: string | null) => {
  const params = new URLSearchParams({ query });
  if (countryCode) params.set('countryCode', countryCode);
  return `${path}?${params}`;
};

/** The links of an overview's aside, [label, screen path, text] each, all for the same query. */
export const subjectLinks = (query: string, countryCode: string | null, links: readonly (readonly [label: string, path: string, text: string])[]) =>
  links.map(([label, path, text]) => ({ label, to: subjectHref(path, query, countryCode), text }));

/** The month before the newest of a history, for the change a metric card shows. */
export const monthBefore = <Point>(history: readonly Point[] | undefined): Point | undefined =>
  history && history.length > 1 ? history[history.length - 2] : undefined;

/** How much a number changed since the month before; null when either month has none. */
export const changeSince = (latest: number | null | undefined, previous: number | null | undefined) =>
  latest === null || latest === undefined || previous === null || previous === undefined ? null : latest - previous;

interface OrganicMonth {
  clicks: number;
  keywords: number;
  position: number | null;
  /** A paid figure: null when the viewer may not see it (shown as `locked`). */
  value: number | null;
}

const compactMoney = (value: number) => formatCurrency(value, { compact: true });

/** The organic metric cards of a domain or a page: clicks, keywords, average position and traffic value, against the month before. */
export function organicMetrics(latest: OrganicMonth, previous: OrganicMonth | undefined, { keywordsLabel, hints, locked }: { keywordsLabel: string; hints: boolean; locked: ReactNode }): Metric[] {
  return [
    { label: 'Organic clicks', value: formatCompact(latest.clicks), change: changeSince(latest.clicks, previous?.clicks), formatChange: formatCompact, ...(hints ? { hint: 'Estimated monthly organic clicks' } : {}) },
    { label: keywordsLabel, value: formatNumber(latest.keywords), change: changeSince(latest.keywords, previous?.keywords) },
    { label: 'Average position', value: formatNumber(latest.position, 1), change: changeSince(latest.position, previous?.position), lowerIsBetter: true, formatChange: (value) => formatNumber(value, 1) },
    { label: 'Traffic value', value: latest.value === null ? locked : compactMoney(latest.value), change: changeSince(latest.value, previous?.value), formatChange: compactMoney, ...(hints ? { hint: 'What the organic clicks would cost as ads' } : {}) },
  ];
}

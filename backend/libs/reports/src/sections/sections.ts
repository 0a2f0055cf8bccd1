import { findTerritory, reportSectionTitle, type ReportSectionId } from '@serpwise/contracts';
import type { BacklinkRow, CompetitorRow, KeywordComparisonRow, PpcCompetitorRow, PpcKeywordRow, TopPageRow } from '@serpwise/research';
import {
  formatChange,
  formatCompact,
  formatCompactMoney,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatMonth,
  formatPercent,
  formatShortMonth,
} from '../format.js';
import type { ReportData, ReportTable } from '../report-data.js';
import type { Column, ReportSurface, Tile } from '../surface.js';
import { projectSectionRenderers } from './project-sections.js';

/** Draws one section from the gathered data on a surface (the PDF or the shared web view). */
export type SectionRenderer = (writer: ReportSurface, data: ReportData) => void;

/** Rows of a table in the one-page layout. */
const compactRows = 5;

const monthOf = (data: ReportData) => (data.month ? formatMonth(data.month) : 'the latest month');
/** 'the United States', 'Germany': the name as it reads in a sentence. */
const territoryInText = (code: string) => findTerritory(code)?.withDeterminer ?? code;

const noData = (writer: ReportSurface, data: ReportData, what: string) =>
  writer.paragraph(`No ${what} for ${data.domain} in ${territoryInText(data.territory)} in ${monthOf(data)}.`, { color: writer.colors.muted });

/** "Showing 10 of 1,234 keywords, by estimated clicks." */
const shown = (table: ReportTable<unknown>, noun: string, order: string) =>
  `Showing ${formatInteger(table.rows.length)} of ${formatInteger(table.totalRows)} ${noun}, ${order}.`;

/** "+120 since Sep 2026" (or nothing without a month before). */
const since = (data: ReportData, now: number | null | undefined, before: number | null | undefined, format: (value: number) => string = (value) => formatChange(value)) =>
  data.previous && now !== null && now !== undefined && before !== null && before !== undefined
    ? Math.round((now - before) * 10) === 0
      ? `no change since ${formatMonth(data.previous.month)}`
      : `${format(Math.round((now - before) * 10) / 10)} since ${formatMonth(data.previous.month)}`
    : undefined;

const keywordColumns = {
  keyword: { header: 'Keyword', weight: 3.2, cell: (row: KeywordComparisonRow) => row.keyword },
  position: { header: 'Position', weight: 1, align: 'right', cell: (row: KeywordComparisonRow) => formatInteger(row.position) },
  previous: { header: 'Previous', weight: 1, align: 'right', cell: (row: KeywordComparisonRow) => formatInteger(row.previousPosition) },
  change: { header: 'Change', weight: 0.9, align: 'right', cell: (row: KeywordComparisonRow) => formatChange(row.positionChange) },
  volume: { header: 'Volume', weight: 1.1, align: 'right', cell: (row: KeywordComparisonRow) => formatInteger(row.volume) },
  cpc: { header: 'CPC', weight: 0.9, align: 'right', cell: (row: KeywordComparisonRow) => formatMoney(row.cpc) },
  difficulty: { header: 'Difficulty', weight: 1, align: 'right', cell: (row: KeywordComparisonRow) => formatInteger(row.difficulty) },
  clicks: { header: 'Clicks', weight: 1, align: 'right', cell: (row: KeywordComparisonRow) => formatInteger(row.clicks) },
  value: { header: 'Value', weight: 1.1, align: 'right', cell: (row: KeywordComparisonRow) => formatMoney(row.value) },
} satisfies Record<string, Column<KeywordComparisonRow>>;

const overview: SectionRenderer = (writer, data) => {
  const now = data.current;
  if (!now) return noData(writer, data, 'organic data');
  const before = data.previous;
  const ppc = data.ppc?.history.find((point) => point.month === now.month) ?? null;
  const items: Tile[] = [
    { label: 'Organic keywords', value: formatInteger(now.keywords), note: since(data, now.keywords, before?.keywords) },
    { label: 'Monthly organic clicks', value: formatCompact(now.clicks), note: since(data, now.clicks, before?.clicks, (value) => formatChange(value, formatCompact)) },
    { label: 'Organic traffic value', value: formatCompactMoney(now.value), note: 'estimated monthly cost as ads' },
    { label: 'Average position', value: formatDecimal(now.position), note: since(data, now.position, before?.position, (value) => formatChange(value, formatDecimal)) },
    { label: 'Paid keywords', value: formatInteger(ppc?.paidKeywords ?? now.paidKeywords) },
    { label: 'Monthly PPC budget', value: formatCompactMoney(ppc?.budget ?? now.budget) },
  ];
  writer.tiles(items);
  writer.paragraph(
    `In ${formatMonth(now.month)}, ${data.domain} ranked for ${formatInteger(now.keywords)} keywords in the organic search results of ${territoryInText(data.territory)} ` +
      `(${formatInteger(now.top3)} in the top 3 and ${formatInteger(now.top10)} on the first page), bringing an estimated ` +
      `${formatInteger(now.clicks)} clicks a month worth ${formatMoney(now.value)} if bought as ads. ` +
      (now.paidKeywords > 0
        ? `It also advertised on ${formatInteger(now.paidKeywords)} keywords with an estimated budget of ${formatMoney(now.budget)} a month.`
        : 'It did not advertise in paid search that month.'),
  );
  if (data.history.length > 1 && !writer.compact) {
    writer.lineChart({
      title: 'Monthly organic clicks, last 12 months',
      height: 150,
      points: data.history.slice(-12).map((point) => ({ label: formatShortMonth(point.month), value: point.clicks })),
    });
  }
};

const trafficHistory: SectionRenderer = (writer, data) => {
  if (!data.history.length) return noData(writer, data, 'history');
  const months = data.history.slice(-24);
  const label = (month: string) => formatShortMonth(month);
  if (writer.compact) {
    // One page: the clicks of the last 12 months only.
    writer.lineChart({ title: 'Estimated monthly organic clicks', height: 60, points: months.slice(-12).map((point) => ({ label: label(point.month), value: point.clicks })) });
    return;
  }
  writer.lineChart({ title: 'Estimated monthly organic clicks', height: 130, points: months.map((point) => ({ label: label(point.month), value: point.clicks })) });
  writer.barChart({ title: 'Keywords ranked (top 20)', height: 110, points: months.map((point) => ({ label: label(point.month), value: point.keywords })), color: writer.colors.accent });
  writer.lineChart({
    title: 'Average position (lower is better)',
    height: 90,
    invert: true,
    format: (value) => formatDecimal(value),
    points: months.map((point) => ({ label: label(point.month), value: point.position })),
  });
  writer.subheading('Last six months', 6 * 17 + 24);
  writer.table([
      { header: 'Month', weight: 1.4, cell: (point) => formatMonth(point.month) },
      { header: 'Keywords', weight: 1, align: 'right', cell: (point) => formatInteger(point.keywords) },
      { header: 'Top 3', weight: 1, align: 'right', cell: (point) => formatInteger(point.top3) },
      { header: 'Top 10', weight: 1, align: 'right', cell: (point) => formatInteger(point.top10) },
      { header: 'Clicks', weight: 1.1, align: 'right', cell: (point) => formatInteger(point.clicks) },
      { header: 'Value', weight: 1.1, align: 'right', cell: (point) => formatMoney(point.value) },
    ],
    months.slice(-6).reverse(),
  );
};

const topKeywords: SectionRenderer = (writer, data) => {
  const found = data.topKeywords;
  if (!found?.rows.length) return noData(writer, data, 'ranking keywords');
  const { keyword, position, volume, cpc, clicks, value } = keywordColumns;
  writer.table([keyword, position, volume, cpc, clicks, value], found.rows);
  writer.caption(shown(found, 'keywords', 'by estimated clicks'));
};

const rankingChanges: SectionRenderer = (writer, data) => {
  const { keyword, previous, position, change, volume, clicks } = keywordColumns;
  const parts: [string, ReportTable<KeywordComparisonRow> | undefined, string][] = [
    ['Gained ranks', data.gainedRanks, 'biggest gains first'],
    ['Lost ranks', data.lostRanks, 'biggest losses first'],
  ];
  const from = data.previous ? formatMonth(data.previous.month) : 'the month before';
  writer.paragraph(`Keywords whose position changed between ${from} and ${monthOf(data)}.`, { color: writer.colors.muted });
  for (const [title, found, order] of parts) {
    writer.subheading(title);
    if (!found?.rows.length) {
      writer.paragraph(`No keywords in ${monthOf(data)}.`, { color: writer.colors.muted });
      continue;
    }
    writer.table([keyword, previous, position, change, volume, clicks], found.rows);
    writer.caption(shown(found, 'keywords', order));
  }
};

const opportunities: SectionRenderer = (writer, data) => {
  const found = data.opportunities;
  writer.paragraph('Keywords ranking just off the first page (positions 11–20): the closest wins, most searched first.', { color: writer.colors.muted });
  if (!found?.rows.length) return noData(writer, data, 'keywords in positions 11–20');
  const { keyword, position, volume, cpc, difficulty, clicks } = keywordColumns;
  writer.table([keyword, position, volume, cpc, difficulty, clicks], found.rows);
  writer.caption(shown(found, 'keywords', 'by search volume'));
};

const competitorColumns: Column<CompetitorRow>[] = [
  { header: 'Competitor', weight: 2.2, cell: (row) => row.domain },
  { header: 'Common Keywords', weight: 1.6, align: 'right', cell: (row) => formatInteger(row.commonKeywords) },
  { header: 'Their Keywords', weight: 1.4, align: 'right', cell: (row) => formatInteger(row.theirKeywords) },
  { header: 'Overlap', weight: 1, align: 'right', cell: (row) => formatPercent(row.overlap) },
  { header: 'Clicks', weight: 1.1, align: 'right', cell: (row) => formatInteger(row.clicks) },
  { header: 'Value', weight: 1.1, align: 'right', cell: (row) => formatMoney(row.value) },
];

const competitors: SectionRenderer = (writer, data) => {
  const found = data.competitors;
  if (!found?.rows.length) return noData(writer, data, 'organic competitors');
  if (writer.compact) {
    const rows = found.rows.slice(0, compactRows);
    writer.table(competitorColumns, rows);
    writer.caption(shown({ rows, totalRows: found.totalRows }, 'competitors', 'by keywords in common'));
    return;
  }
  writer.horizontalBars({
    title: 'Keywords in common',
    rows: found.rows.slice(0, 10).map((row) => ({ label: row.domain, value: row.commonKeywords })),
  });
  writer.table(competitorColumns, found.rows);
  writer.caption(shown(found, 'competitors', 'by keywords in common'));
};

const segmentLabels: [keyof NonNullable<ReportData['overlap']>['counts']['segments'], string][] = [
  ['all', 'All keywords any of them ranks for'],
  ['core', 'Core: every domain ranks'],
  ['missing', `Missing: the competitors rank, the domain does not`],
  ['content', 'Content gap: a competitor on page one, the domain not'],
  ['questions', 'Questions'],
  ['transactional', 'Transactional'],
];

const keywordOverlap: SectionRenderer = (writer, data) => {
  const overlap = data.overlap;
  if (!overlap) return noData(writer, data, 'organic competitors to compare with');
  writer.paragraph(`The keywords ${data.domain} shares with its closest organic competitors in ${monthOf(data)}.`, { color: writer.colors.muted });
  writer.venn({ domains: overlap.domains, regions: overlap.counts.venn });
  writer.subheading('Keyword segments', segmentLabels.length * 17 + 24);
  writer.table([
      { header: 'Segment', weight: 4, cell: ([, label]) => label },
      { header: 'Keywords', weight: 1, align: 'right', cell: ([segment]) => formatInteger(overlap.counts.segments[segment]) },
    ],
    segmentLabels,
  );
};

const topPages: SectionRenderer = (writer, data) => {
  const found = data.topPages;
  if (!found?.rows.length) return noData(writer, data, 'ranking pages');
  const columns: Column<TopPageRow>[] = [
    { header: 'Page', weight: 3.7, cell: (row) => row.url.replace(/^https?:\/\//, '') },
    { header: 'Keywords', weight: 1, align: 'right', cell: (row) => formatInteger(row.keywords) },
    { header: 'Best Position', weight: 1.4, align: 'right', cell: (row) => formatInteger(row.bestPosition) },
    { header: 'Clicks', weight: 1, align: 'right', cell: (row) => formatInteger(row.clicks) },
    { header: 'Value', weight: 1, align: 'right', cell: (row) => formatMoney(row.value) },
    { header: 'Share', weight: 0.8, align: 'right', cell: (row) => formatPercent(row.clicksShare) },
  ];
  writer.table(columns, found.rows);
  writer.caption(shown(found, 'pages', 'by estimated clicks'));
};

const ppcOverview: SectionRenderer = (writer, data) => {
  const ppc = data.ppc;
  const months = (ppc?.history ?? []).filter((point) => !data.month || point.month <= data.month).slice(-24);
  const latest = [...months].reverse().find((point) => point.paidKeywords > 0) ?? null;
  if (!ppc || !latest) return noData(writer, data, 'paid search ads');
  if (writer.compact) {
    writer.paragraph(
      `In ${formatMonth(latest.month)}, ${data.domain} advertised on ${formatInteger(latest.paidKeywords)} keywords, bringing an estimated ` +
        `${formatInteger(latest.paidClicks)} paid clicks a month for a budget of ${formatMoney(latest.budget)}.`,
    );
    return;
  }
  writer.tiles([
    { label: 'Paid keywords', value: formatInteger(latest.paidKeywords), note: formatMonth(latest.month) },
    { label: 'Monthly paid clicks', value: formatCompact(latest.paidClicks), note: formatMonth(latest.month) },
    { label: 'Monthly PPC budget', value: formatCompactMoney(latest.budget), note: formatMonth(latest.month) },
  ]);
  const label = (month: string) => formatShortMonth(month);
  writer.barChart({ title: 'Estimated monthly PPC budget', height: 150, format: formatCompactMoney, points: months.map((point) => ({ label: label(point.month), value: point.budget })) });
  writer.lineChart({ title: 'Paid keywords', height: 130, color: writer.colors.accent, points: months.map((point) => ({ label: label(point.month), value: point.paidKeywords })) });
  if (latest.month === ppc.month && ppc.adCopies) writer.caption(`${formatInteger(ppc.adCopies)} different ad texts ran in ${formatMonth(latest.month)}.`);
};

const ppcKeywords: SectionRenderer = (writer, data) => {
  const found = data.ppcKeywords;
  if (!found?.rows.length) return noData(writer, data, 'paid keywords');
  const columns: Column<PpcKeywordRow>[] = [
    { header: 'Keyword', weight: 3, cell: (row) => row.keyword },
    { header: 'Position', weight: 0.9, align: 'right', cell: (row) => formatInteger(row.position) },
    { header: 'Volume', weight: 1.1, align: 'right', cell: (row) => formatInteger(row.volume) },
    { header: 'CPC', weight: 0.9, align: 'right', cell: (row) => formatMoney(row.cpc) },
    { header: 'Paid Clicks', weight: 1.1, align: 'right', cell: (row) => formatInteger(row.paidClicks) },
    { header: 'Budget', weight: 1.1, align: 'right', cell: (row) => formatMoney(row.budget) },
    { header: 'Months', weight: 0.9, align: 'right', cell: (row) => formatInteger(row.monthsBought) },
  ];
  writer.table(columns, found.rows);
  writer.caption(shown(found, 'paid keywords', 'longest bought first'));
};

const ppcCompetitors: SectionRenderer = (writer, data) => {
  const found = data.ppcCompetitors;
  if (!found?.rows.length) return noData(writer, data, 'PPC competitors');
  const columns: Column<PpcCompetitorRow>[] = [
    { header: 'Competitor', weight: 2.2, cell: (row) => row.domain },
    { header: 'Common Keywords', weight: 1.6, align: 'right', cell: (row) => formatInteger(row.commonKeywords) },
    { header: 'Competition', weight: 1.1, align: 'right', cell: (row) => formatPercent(row.competitionLevel * 100) },
    { header: 'Paid Keywords', weight: 1.2, align: 'right', cell: (row) => formatInteger(row.paidKeywords) },
    { header: 'Paid Clicks', weight: 1.1, align: 'right', cell: (row) => formatInteger(row.paidClicks) },
    { header: 'Budget', weight: 1.1, align: 'right', cell: (row) => formatMoney(row.budget) },
  ];
  writer.horizontalBars({ title: 'Paid keywords in common', rows: found.rows.slice(0, 8).map((row) => ({ label: row.domain, value: row.commonKeywords })) });
  writer.table(columns, found.rows);
  writer.caption(shown(found, 'competitors', 'by paid keywords in common'));
};

const backlinks: SectionRenderer = (writer, data) => {
  const found = data.backlinks;
  if (!found?.totalRows) return noData(writer, data, 'backlinks');
  writer.tiles([
    { label: 'Backlinks', value: formatInteger(found.totalRows) },
    { label: 'Live', value: formatInteger(found.totalRows - found.lost) },
    { label: 'Lost', value: formatInteger(found.lost) },
  ]);
  writer.subheading('Newest backlinks');
  const columns: Column<BacklinkRow>[] = [
    { header: 'Source', weight: 3.2, cell: (row) => row.sourceUrl.replace(/^https?:\/\//, '') },
    { header: 'Anchor', weight: 2, cell: (row) => row.anchor },
    { header: 'Target', weight: 2, cell: (row) => row.targetUrl.replace(/^https?:\/\//, '') },
    { header: 'First Seen', weight: 1.2, cell: (row) => row.firstSeen },
    { header: 'Status', weight: 1, cell: (row) => (row.live ? (row.nofollow ? 'Nofollow' : 'Live') : 'Lost') },
  ];
  writer.table(columns, found.rows);
  writer.caption(shown(found, 'backlinks', 'newest first'));
};

export const sectionRenderers: Record<ReportSectionId, SectionRenderer> = {
  overview,
  'traffic-history': trafficHistory,
  'top-keywords': topKeywords,
  'ranking-changes': rankingChanges,
  opportunities,
  competitors,
  'keyword-overlap': keywordOverlap,
  'top-pages': topPages,
  'ppc-overview': ppcOverview,
  'ppc-keywords': ppcKeywords,
  'ppc-competitors': ppcCompetitors,
  backlinks,
  ...projectSectionRenderers,
};

/** Draws a section under its heading. */
export function drawSection(writer: ReportSurface, section: ReportSectionId, data: ReportData): void {
  writer.sectionHeading(reportSectionTitle(section));
  sectionRenderers[section](writer, data);
}

import { findTerritory, type KeywordRow } from '@serpwise/contracts';
import { formatChange, formatDecimal, formatInteger, formatMoney, formatMonth } from '../format.js';
import type { ProjectGroupLine, ProjectReportData, ReportData, TrackedKeywordLine } from '../report-data.js';
import type { Column, ReportSurface } from '../surface.js';

/**
 * The sections about a project's tracked keywords (issue 22 point 4). Every figure is the one GetKeywordList and
 * GetGroups answer for the same project (the same query, research/projects), printed through the shared number rule.
 * A change of position is positive when the keyword moved up (previous − current), as on the screen.
 */
type ProjectSection = (writer: ReportSurface, project: ProjectReportData, data: ReportData) => void;

/** The week's change of one keyword: up is positive; null when either day has no position. */
export const weekChangeOf = (line: TrackedKeywordLine): number | null =>
  line.week && line.week.weekAgoDay !== null && line.week.position !== null && line.week.weekAgoPosition !== null ? line.week.weekAgoPosition - line.week.position : null;

/** How the keywords moved over a period: up, down, the same, into the top 20 and out of it. */
interface Movement {
  improved: number;
  declined: number;
  unchanged: number;
  entered: number;
  dropped: number;
}

function monthMovement(rows: readonly KeywordRow[]): Movement {
  const moves: Movement = { improved: 0, declined: 0, unchanged: 0, entered: 0, dropped: 0 };
  for (const row of rows) {
    if (row.rankChange !== null) moves[row.rankChange > 0 ? 'improved' : row.rankChange < 0 ? 'declined' : 'unchanged'] += 1;
    else if (row.currentRank !== null && row.previousRank === null) moves.entered += 1;
    else if (row.currentRank === null && row.previousRank !== null) moves.dropped += 1;
  }
  return moves;
}

/** The same over the week, for the keywords observed on both days; null when none was. */
function weekMovement(lines: readonly TrackedKeywordLine[]): Movement | null {
  const moves: Movement = { improved: 0, declined: 0, unchanged: 0, entered: 0, dropped: 0 };
  let observed = 0;
  for (const line of lines) {
    const week = line.week;
    if (!week || week.weekAgoDay === null) continue;
    observed += 1;
    const change = weekChangeOf(line);
    if (change !== null) moves[change > 0 ? 'improved' : change < 0 ? 'declined' : 'unchanged'] += 1;
    else if (week.position !== null) moves.entered += 1;
    else if (week.weekAgoPosition !== null) moves.dropped += 1;
  }
  return observed ? moves : null;
}

const sum = (values: readonly (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? known.reduce((total, value) => total + value, 0) : null;
};

const mean = (values: readonly number[]): number | null => (values.length ? values.reduce((total, value) => total + value, 0) / values.length : null);

const whatOf = (project: ProjectReportData) => (project.groupName ? `the group "${project.groupName}" of ${project.name}` : project.name);

const noKeywords = (writer: ReportSurface, project: ProjectReportData) =>
  writer.paragraph(`${project.groupName ? `The group "${project.groupName}"` : `The project ${project.name}`} tracks no keywords yet.`, { color: writer.colors.muted });

const trackedKeywords: ProjectSection = (writer, project, data) => {
  const lines = project.keywords;
  if (!lines.length) return noKeywords(writer, project);
  const rows = lines.map((line) => line.row);
  const ranks = rows.flatMap((row) => (row.currentRank === null ? [] : [row.currentRank]));
  const month = monthMovement(rows);
  const week = weekMovement(lines);
  const clicks = sum(lines.map((line) => line.clicks));
  const clickChange = sum(rows.map((row) => row.clickChange));
  const since = project.comparedTo ? ` since ${formatMonth(project.comparedTo)}` : '';
  writer.tiles([
    { label: 'Tracked keywords', value: formatInteger(rows.length), note: `${formatInteger(ranks.length)} in the top 20` },
    { label: 'Average position', value: formatDecimal(mean(ranks)), note: 'of the ranking keywords' },
    { label: 'Estimated monthly clicks', value: formatInteger(clicks), note: clickChange === null ? undefined : `${formatChange(clickChange)}${since}` },
    { label: 'Improved this month', value: formatInteger(month.improved), note: `${formatInteger(month.declined)} declined` },
    { label: 'Improved this week', value: week ? formatInteger(week.improved) : formatInteger(null), note: week ? `${formatInteger(week.declined)} declined` : 'no daily results kept' },
    { label: 'On page one', value: formatInteger(ranks.filter((rank) => rank <= 10).length), note: `${formatInteger(ranks.filter((rank) => rank <= 3).length)} in the top 3` },
  ]);
  const territory = findTerritory(data.territory)?.withDeterminer ?? data.territory;
  writer.paragraph(
    `Positions of ${project.domain} in ${territory} for the tracked keywords of ${whatOf(project)}` +
      (project.month ? ` in ${formatMonth(project.month)}${project.comparedTo ? `, compared with ${formatMonth(project.comparedTo)}` : ''}` : '') +
      '; the week compares the newest daily results with those a week before.',
    { color: writer.colors.muted },
  );
  writer.horizontalBars({
    title: 'Position distribution',
    format: (value) => formatInteger(value),
    rows: [
      { label: 'Positions 1–3', value: ranks.filter((rank) => rank <= 3).length },
      { label: 'Positions 4–10', value: ranks.filter((rank) => rank > 3 && rank <= 10).length },
      { label: 'Positions 11–20', value: ranks.filter((rank) => rank > 10).length },
      { label: 'Not in the top 20', value: rows.length - ranks.length },
    ],
  });
  writer.subheading('Positions and changes', 3 * 17 + 24);
  const periods: [string, Movement | null][] = [
    ['This week', week],
    [project.month ? `${formatMonth(project.month)} (month)` : 'This month', month],
  ];
  const count = (key: keyof Movement) => ([, moves]: [string, Movement | null]) => formatInteger(moves ? moves[key] : null);
  writer.table([
      { header: 'Period', weight: 2, cell: ([period]) => period },
      { header: 'Improved', weight: 1, align: 'right', cell: count('improved') },
      { header: 'Declined', weight: 1, align: 'right', cell: count('declined') },
      { header: 'Unchanged', weight: 1, align: 'right', cell: count('unchanged') },
      { header: 'Entered', weight: 1, align: 'right', cell: count('entered') },
      { header: 'Dropped', weight: 1, align: 'right', cell: count('dropped') },
    ],
    periods,
  );
  writer.caption('Entered: now in the top 20, not before. Dropped: out of the top 20.');
};

/** A keyword's line in the winners, losers and keyword list: screen numbers, and the week's change. */
const keywordColumns = {
  keyword: { header: 'Keyword', weight: 3, cell: (line: TrackedKeywordLine) => line.row.keyword },
  previous: { header: 'Previous', weight: 1, align: 'right', cell: (line: TrackedKeywordLine) => formatInteger(line.row.previousRank) },
  position: { header: 'Position', weight: 1, align: 'right', cell: (line: TrackedKeywordLine) => formatInteger(line.row.currentRank) },
  month: { header: 'Month', weight: 0.9, align: 'right', cell: (line: TrackedKeywordLine) => formatChange(line.row.rankChange) },
  week: { header: 'Week', weight: 0.9, align: 'right', cell: (line: TrackedKeywordLine) => formatChange(weekChangeOf(line)) },
  volume: { header: 'Volume', weight: 1, align: 'right', cell: (line: TrackedKeywordLine) => formatInteger(line.row.monthlySearches) },
  cpc: { header: 'CPC', weight: 0.9, align: 'right', cell: (line: TrackedKeywordLine) => formatMoney(line.row.costPerClick) },
  clicks: { header: 'Est. Clicks', weight: 1, align: 'right', cell: (line: TrackedKeywordLine) => formatInteger(line.clicks) },
  clickChange: { header: 'Click Change', weight: 1.1, align: 'right', cell: (line: TrackedKeywordLine) => formatChange(line.row.clickChange) },
  groups: { header: 'Groups', weight: 1.6, cell: (line: TrackedKeywordLine) => line.row.groupsCsv.split(',').join(', ') },
} satisfies Record<string, Column<TrackedKeywordLine>>;

const winnersLosers: ProjectSection = (writer, project) => {
  const lines = project.keywords;
  if (!lines.length) return noKeywords(writer, project);
  const cap = writer.rowLimit;
  const winners = lines.filter((line) => (line.row.rankChange ?? 0) > 0).sort((a, b) => b.row.rankChange! - a.row.rankChange! || (b.row.clickChange ?? 0) - (a.row.clickChange ?? 0));
  const losers = lines.filter((line) => (line.row.rankChange ?? 0) < 0).sort((a, b) => a.row.rankChange! - b.row.rankChange! || (a.row.clickChange ?? 0) - (b.row.clickChange ?? 0));
  const from = project.comparedTo ? formatMonth(project.comparedTo) : 'the month before';
  writer.paragraph(`The tracked keywords that moved most between ${from} and ${project.month ? formatMonth(project.month) : 'this month'}.`, { color: writer.colors.muted });
  const { keyword, previous, position, month, week, clickChange } = keywordColumns;
  for (const [title, found, order] of [
    ['Winners', winners, 'biggest gains first'],
    ['Losers', losers, 'biggest losses first'],
  ] as const) {
    writer.subheading(title, Math.min(found.length, 3) * 17 + 40);
    if (!found.length) {
      writer.paragraph(title === 'Winners' ? 'No tracked keyword moved up.' : 'No tracked keyword moved down.', { color: writer.colors.muted });
      continue;
    }
    writer.table([keyword, previous, position, month, week, clickChange], found.slice(0, cap));
    writer.caption(`Showing ${formatInteger(Math.min(found.length, cap))} of ${formatInteger(found.length)} keywords, ${order}.`);
  }
  const dropped = lines.filter((line) => line.row.previousRank !== null && line.row.currentRank === null).length;
  if (dropped) writer.caption(`${formatInteger(dropped)} tracked ${dropped === 1 ? 'keyword' : 'keywords'} left the top 20.`);
};

const groupColumns: Column<ProjectGroupLine>[] = [
  { header: 'Group', weight: 2.6, cell: (group) => group.name },
  { header: 'Keywords', weight: 1, align: 'right', cell: (group) => formatInteger(group.numberOfKeywords) },
  { header: 'Top 10', weight: 0.9, align: 'right', cell: (group) => formatInteger(group.top10) },
  { header: 'Avg. Position', weight: 1.2, align: 'right', cell: (group) => formatDecimal(group.averagePosition) },
  { header: 'Rank Change', weight: 1.1, align: 'right', cell: (group) => formatChange(group.rankChange) },
  { header: 'Click Change', weight: 1.1, align: 'right', cell: (group) => formatChange(group.clickChange) },
];

const keywordGroups: ProjectSection = (writer, project) => {
  if (project.groupName) return writer.paragraph(`This report is about the group "${project.groupName}".`, { color: writer.colors.muted });
  if (!project.groups.length) return writer.paragraph(`The project ${project.name} has no keyword groups yet.`, { color: writer.colors.muted });
  const since = project.comparedTo ? ` since ${formatMonth(project.comparedTo)}` : '';
  writer.paragraph(`The project's keyword groups: where their keywords rank and how they moved${since} (the sum of the keywords' changes).`, { color: writer.colors.muted });
  const shown = project.groups.slice(0, Math.max(writer.rowLimit, 20));
  writer.table(groupColumns, shown);
  writer.caption(`Showing ${formatInteger(shown.length)} of ${formatInteger(project.groups.length)} groups, by name.`);
};

const keywordList: ProjectSection = (writer, project) => {
  const lines = project.keywords;
  if (!lines.length) return noKeywords(writer, project);
  const { keyword, position, month, week, volume, cpc, clicks, groups } = keywordColumns;
  const shown = lines.slice(0, writer.rowLimit);
  writer.table(project.groupName ? [keyword, position, month, week, volume, cpc, clicks] : [keyword, position, month, week, volume, cpc, clicks, groups], shown);
  writer.caption(`Showing ${formatInteger(shown.length)} of ${formatInteger(lines.length)} keywords, most searched first.`);
};

const competitorComparison: ProjectSection = (writer, project) => {
  const lines = project.keywords;
  if (!lines.length) return noKeywords(writer, project);
  if (!project.competitors.length) return writer.paragraph(`No organic competitors of ${project.domain} in the research data to compare with.`, { color: writer.colors.muted });
  const sides = [{ domain: project.domain, rows: lines.map((line) => line.row) }, ...project.competitors.map((rival) => ({ domain: rival.domain, rows: rival.keywords }))];
  writer.paragraph(`Where ${project.domain} and its closest organic competitors rank for the same tracked keywords of ${whatOf(project)}.`, { color: writer.colors.muted });
  const summary = sides.map((side) => {
    const ranks = side.rows.flatMap((row) => (row.currentRank === null ? [] : [row.currentRank]));
    return { domain: side.domain, ranks, clickChange: sum(side.rows.map((row) => row.clickChange)) };
  });
  writer.table([
      { header: 'Domain', weight: 2.4, cell: (side) => side.domain },
      { header: 'Top 3', weight: 0.9, align: 'right', cell: (side) => formatInteger(side.ranks.filter((rank) => rank <= 3).length) },
      { header: 'Top 10', weight: 0.9, align: 'right', cell: (side) => formatInteger(side.ranks.filter((rank) => rank <= 10).length) },
      { header: 'Top 20', weight: 0.9, align: 'right', cell: (side) => formatInteger(side.ranks.length) },
      { header: 'Avg. Position', weight: 1.2, align: 'right', cell: (side) => formatDecimal(mean(side.ranks)) },
      { header: 'Click Change', weight: 1.1, align: 'right', cell: (side) => formatChange(side.clickChange) },
    ],
    summary,
  );
  writer.subheading('Positions by keyword', Math.min(lines.length, 3) * 17 + 24);
  const byKeyword = sides.map((side) => new Map(side.rows.map((row) => [row.termId, row.currentRank])));
  const shown = lines.slice(0, writer.rowLimit);
  writer.table([
      { header: 'Keyword', weight: 2.6, cell: (line: TrackedKeywordLine) => line.row.keyword },
      ...sides.map((side, index) => ({ header: side.domain, weight: 1.3, align: 'right' as const, cell: (line: TrackedKeywordLine) => formatInteger(byKeyword[index]!.get(line.row.termId) ?? null) })),
    ],
    shown,
  );
  writer.caption(`Showing ${formatInteger(shown.length)} of ${formatInteger(lines.length)} keywords, most searched first; — : not in the top 20.`);
};

/** Draws a project section, or says the report names no project. */
const withProject =
  (section: ProjectSection) =>
  (writer: ReportSurface, data: ReportData): void =>
    data.project ? section(writer, data.project, data) : writer.paragraph('This section needs a project.', { color: writer.colors.muted });

export const projectSectionRenderers = {
  'tracked-keywords': withProject(trackedKeywords),
  'keyword-winners-losers': withProject(winnersLosers),
  'keyword-groups': withProject(keywordGroups),
  'keyword-list': withProject(keywordList),
  'competitor-comparison': withProject(competitorComparison),
};

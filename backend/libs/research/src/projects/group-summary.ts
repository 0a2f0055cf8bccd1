import type { GroupDetails } from '@serpwise/contracts';
import type { TrackedTermMetrics } from './tracked-keyword-metrics.js';

/** The rank change of one keyword against the month before: positive is an improvement; null unless ranked both months. */
export const rankChangeOf = (metrics: TrackedTermMetrics | undefined): number | null =>
  metrics && metrics.currentRank !== null && metrics.previousRank !== null ? metrics.previousRank - metrics.currentRank : null;

/** Shows on page one: organic top 10 or an ad. */
const shows = (metrics: TrackedTermMetrics) => (metrics.currentRank !== null && metrics.currentRank <= 10) || metrics.paidPosition !== null;

/**
 * The numbers of a group row and its expanded panel (docs/product/projects.md §2 "Groups", §3 groupDetails), from its
 * keywords' metrics: the panel's own numbers (its estClickChange is clickChange here) and the group's keyword count.
 */
export type GroupSummary = Omit<GroupDetails, 'estClickChange'> & { numberOfKeywords: number; clickChange: number };

/**
 * Sums a group's keywords: rank change (sum over keywords ranked in both months), click change, newly ranked (ranked
 * now, not before), improved (better position), lost (worse position or dropped out), the organic / paid / both
 * distribution this month, impression share (volume-weighted share where the domain shows on page one) and the
 * top-of-page share (of the keywords where it shows, those in organic 1–3 or in an ad). Unknown terms count as
 * keywords but add nothing else; a keyword of unknown volume adds nothing to the impression share (it weighs what
 * is known, docs/decisions.md issue 19).
 */
export function summariseGroup(termCount: number, metrics: readonly TrackedTermMetrics[]): GroupSummary {
  let rankChange = 0;
  let clickChange = 0;
  let newlyRankedKeywords = 0;
  let improvedRanks = 0;
  let lostRanks = 0;
  let organicCount = 0;
  let paidCount = 0;
  let bothCount = 0;
  let totalVolume = 0;
  let shownVolume = 0;
  let shown = 0;
  let topOfPage = 0;
  for (const entry of metrics) {
    const change = rankChangeOf(entry);
    if (change !== null) rankChange += change;
    clickChange += entry.clicks - entry.previousClicks;
    if (entry.currentRank !== null && entry.previousRank === null) newlyRankedKeywords += 1;
    if (change !== null && change > 0) improvedRanks += 1;
    if ((change !== null && change < 0) || (entry.previousRank !== null && entry.currentRank === null)) lostRanks += 1;
    const organic = entry.currentRank !== null;
    const paid = entry.paidPosition !== null;
    if (organic && paid) bothCount += 1;
    else if (organic) organicCount += 1;
    else if (paid) paidCount += 1;
    const volume = entry.volume ?? 0;
    totalVolume += volume;
    if (shows(entry)) {
      shownVolume += volume;
      shown += 1;
      if (paid || (entry.currentRank !== null && entry.currentRank <= 3)) topOfPage += 1;
    }
  }
  return {
    numberOfKeywords: termCount,
    rankChange,
    clickChange,
    impressionShare: totalVolume > 0 ? round4(shownVolume / totalVolume) : 0,
    newlyRankedKeywords,
    improvedRanks,
    lostRanks,
    organicCount,
    paidCount,
    bothCount,
    topOfPagePct: shown > 0 ? round4(topOfPage / shown) : 0,
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

import type { OrganicKombatSegment, OrganicSearchType, PaidKombatSegment, PaidSearchType, RankingHistoryType, RelatedKeywordType, TopPageType } from './enumerations.js';
import type { BacklinkStatus } from './seo-research.js';

/**
 * The research tables' options in the words their screens show (each table's "Show" select), written once for the
 * screens and for whatever names a table's request to a user: the job list says "Most traffic", not "type mosttraffic".
 */
export const organicTypeWords: Record<OrganicSearchType | 'all', string> = {
  all: 'All keywords',
  mostvaluable: 'Most valuable',
  pageone: 'Page one',
  pastpageone: 'Past page one',
  almostthere: 'Almost there (positions 11–20)',
  newlyranked: 'Newly ranked',
  justmadeit: 'Just made page one',
  justfelloff: 'Just fell off page one',
  gainedranks: 'Gained ranks',
  lostranks: 'Lost ranks',
  gainedclicks: 'Gained clicks',
  lostclicks: 'Lost clicks',
  theyoutrankyou: 'Competitors outrank you',
  theyjustsurpassedyou: 'Competitors just surpassed you',
  competitorsjustsurpassedyou: 'Anyone just surpassed you',
};

export const rankingHistoryWords: Record<RankingHistoryType, string> = {
  MostValuable: 'Most valuable',
  FellFromTop10: 'Fell from the top 10',
  MadeTheTop10: 'Made the top 10',
  NewKeywords: 'New keywords',
  NoLongerRanks: 'No longer ranks',
  GainedRanks: 'Gained ranks',
  LostRanks: 'Lost ranks',
  GainedClicks: 'Gained clicks',
  LostClicks: 'Lost clicks',
};

export const relatedKeywordTypeWords: Record<RelatedKeywordType, string> = {
  similar: 'Similar',
  questions: 'Questions',
  transaction: 'Buyer keywords',
  buys: 'Also bought',
  ranks: 'Also ranked',
};

export const topPageTypeWords: Record<TopPageType, string> = { mosttraffic: 'Most traffic', newpages: 'New pages' };
export const backlinkStatusWords: Record<BacklinkStatus, string> = { all: 'All links', live: 'Live', lost: 'Lost' };
export const paidSearchTypeWords: Record<PaidSearchType, string> = { mostsuccessful: 'Most successful', newkeywords: 'New keywords' };

/** The kombat screens' segments (their segment list's names). */
export const organicKombatSegmentWords: Record<OrganicKombatSegment, string> = {
  all: 'All keywords',
  core: 'Shared keywords',
  missing: 'Missing keywords',
  content: 'Content gap',
  questions: 'Questions',
  transactional: 'Buyer keywords',
};
export const paidKombatSegmentWords: Record<PaidKombatSegment, string> = {
  all: 'All keywords',
  core: 'Core keywords',
  considerbuying: 'Consider buying',
  adwaste: 'Possible ad waste',
};

/** Each table's options by request parameter. */
const optionWordsOfTable: Record<string, Record<string, Record<string, string>>> = {
  'seo/keywords': { type: organicTypeWords },
  'seo/ranking-history': { type: rankingHistoryWords },
  'seo/top-pages': { type: topPageTypeWords },
  'seo/backlinks': { status: backlinkStatusWords },
  'ppc/keywords': { type: paidSearchTypeWords },
  'keyword/related': { type: relatedKeywordTypeWords },
  'seo/kombat': { segment: organicKombatSegmentWords },
  'ppc/kombat': { segment: paidKombatSegmentWords },
};

/** A table option's words ("Most traffic" for seo/top-pages' type mosttraffic); null where the table has none. */
export function researchOptionWords(table: string, parameter: string, value: string): string | null {
  return optionWordsOfTable[table]?.[parameter]?.[value] ?? null;
}

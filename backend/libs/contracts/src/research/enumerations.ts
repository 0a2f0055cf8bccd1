/** The research enumerations of docs/product/account-exports-reports.md §9, as the API accepts them. */

export const kombatSegments = {
  paid: ['all', 'adwaste', 'considerbuying', 'core'],
  organic: ['core', 'all', 'questions', 'missing', 'content', 'transactional'],
} as const;
export type PaidKombatSegment = (typeof kombatSegments.paid)[number];
export type OrganicKombatSegment = (typeof kombatSegments.organic)[number];

export const relatedKeywordTypes = ['buys', 'ranks', 'similar', 'questions', 'transaction'] as const;
export type RelatedKeywordType = (typeof relatedKeywordTypes)[number];

export const paidSearchTypes = ['mostsuccessful', 'newkeywords'] as const;
export type PaidSearchType = (typeof paidSearchTypes)[number];

export const organicSearchTypes = [
  'almostthere',
  'gainedclicks',
  'gainedranks',
  'justfelloff',
  'justmadeit',
  'lostclicks',
  'lostranks',
  'mostvaluable',
  'newlyranked',
  'pageone',
  'pastpageone',
  'theyoutrankyou',
  'theyjustsurpassedyou',
  'competitorsjustsurpassedyou',
] as const;
export type OrganicSearchType = (typeof organicSearchTypes)[number];

export const rankingHistoryTypes = [
  'MostValuable',
  'FellFromTop10',
  'MadeTheTop10',
  'NewKeywords',
  'NoLongerRanks',
  'GainedRanks',
  'LostRanks',
  'GainedClicks',
  'LostClicks',
] as const;
export type RankingHistoryType = (typeof rankingHistoryTypes)[number];

/** The series of a domain's monthly history chart. */
export const graphTypes = ['clicks', 'keywords', 'position'] as const;
export type GraphType = (typeof graphTypes)[number];

export const recommendationTypes = ['buy', 'negativematch'] as const;
export type RecommendationType = (typeof recommendationTypes)[number];

export const topPageTypes = ['mosttraffic', 'newpages'] as const;
export type TopPageType = (typeof topPageTypes)[number];

export const mySiteTabs = ['Keywords', 'Pages'] as const;
export type MySiteTab = (typeof mySiteTabs)[number];

import { adHistoryRowSchema, adTemplateRowSchema, advisorRowSchema, ppcCompetitorRowSchema, ppcKeywordRowSchema, ppcKombatExtraSchema, ppcKombatRowSchema } from '@serpwise/contracts';
import { adHistoryQuery, adHistoryTable } from '../ppc/ad-history.js';
import { adTemplatesQuery, adTemplatesTable } from '../ppc/ad-templates.js';
import { advisorTable, advisorWindow, domainAdvisorQuery } from '../ppc/adwords-advisor.js';
import { ppcCompetitorsQuery, ppcCompetitorsTable, topPpcCompetitorIds } from '../ppc/ppc-competitors.js';
import { ppcKeywordsQuery, ppcKeywordsTable } from '../ppc/ppc-keywords.js';
import { ppcKombatQuery, ppcKombatTable } from '../ppc/ppc-kombat.js';
import { ppcAdHistorySchema, ppcAdTemplatesSchema, ppcAdvisorSchema, ppcCompetitorsSchema, ppcKeywordsSchema, ppcKombatSchema } from '../requests/ppc-keyword-requests.js';
import type { Sql } from '../sql.js';
import { orderedTable, ResearchQueryError, type BuiltQuery, type TableOrder, type TableSpec } from '../tables/index.js';
import { domainIdOf, domainIdsOf, windowMonths } from '../warehouse/lookups.js';
import { monthOf, preparedTable, researchTable, stem, type PreparedTable, type TableInput } from './research-table.js';

/** What every PPC and keyword table answers after its page (some add their type or months). */
export type PaidAnswer = { query: string; territory: string; month: string | null; wasQueryFound: boolean };

/** A PPC or keyword table's query: its base query (null when not found) in the request's order. */
export const ordered = <Raw, Row>(spec: TableSpec<Raw, Row>, base: BuiltQuery | null, order: TableOrder) => (base ? orderedTable(base, spec, order) : null);

/** What a PPC or keyword table is about (its domain or keyword, null when unknown) and the month, looked up together. */
export async function queryContext<Found>(sql: Sql, input: TableInput & { query: string }, find: (sql: Sql, query: string) => Promise<Found | null>) {
  const [found, month] = await Promise.all([find(sql, input.query), monthOf(sql, input)]);
  const answer: PaidAnswer = { query: input.query, territory: input.countryCode, month, wasQueryFound: found !== null };
  return { found, month, answer };
}

const domainContext = async (sql: Sql, input: TableInput & { query: string }) => {
  const { found: domainId, month, answer } = await queryContext(sql, input, domainIdOf);
  return { domainId, month, answer };
};

/** The PPC research tables (docs/research-data.md, "PPC and keyword research tables"). */
export const ppcTables = {
  'ppc/competitors': researchTable({
    id: 'ppc/competitors',
    row: ppcCompetitorRowSchema,
    schema: ppcCompetitorsSchema,
    paidColumns: ['paidClicks', 'budget'],
    prepare: async (sql, input) => {
      const { domainId, month, answer } = await domainContext(sql, input);
      const base = domainId !== null && month ? ppcCompetitorsQuery({ domainId, territory: input.countryCode, month }) : null;
      return preparedTable(ordered(ppcCompetitorsTable, base, input), answer, stem('ppc-competitors', input.query));
    },
  }),
  'ppc/kombat': researchTable({
    id: 'ppc/kombat',
    row: ppcKombatRowSchema,
    answerFields: ppcKombatExtraSchema,
    schema: ppcKombatSchema,
    paidColumns: ['cpc', 'paidClicks'],
    prepare: async (sql, input): Promise<PreparedTable<PaidAnswer, { domains: string[]; missingDomains: string[]; domainIds: number[] }>> => {
      const domains = [input.query, ...input.competitors];
      if (new Set(domains).size !== domains.length) throw new ResearchQueryError('Kombat needs 2 or 3 different domains.');
      const [ids, month] = await Promise.all([domainIdsOf(sql, domains), monthOf(sql, input)]);
      const missingDomains = domains.filter((_, index) => ids[index] === null);
      const found = missingDomains.length === 0 && month !== null;
      const domainIds = ids as number[];
      const base = found ? ppcKombatQuery({ domainIds, territory: input.countryCode, month, segment: input.segment }) : null;
      return {
        query: ordered(ppcKombatTable(domains.length), base, input),
        answer: { query: domains.join(','), territory: input.countryCode, month, wasQueryFound: found },
        facts: { domains, missingDomains, domainIds },
        fileStem: stem('ppc-kombat', ...domains, input.segment),
      };
    },
  }),
  'ppc/keywords': researchTable({
    id: 'ppc/keywords',
    row: ppcKeywordRowSchema,
    schema: ppcKeywordsSchema,
    paidColumns: ['cpc', 'paidClicks', 'budget'],
    prepare: async (sql, input) => {
      const { domainId, month, answer } = await domainContext(sql, input);
      const base = domainId !== null && month ? ppcKeywordsQuery({ domainId, territory: input.countryCode, month, type: input.type }) : null;
      return preparedTable(ordered(ppcKeywordsTable(input.type), base, input), { ...answer, type: input.type }, stem('ppc-keywords', input.query, input.type));
    },
  }),
  'ppc/ad-history': researchTable({
    id: 'ppc/ad-history',
    row: adHistoryRowSchema,
    schema: ppcAdHistorySchema,
    paidColumns: ['cpc', 'paidClicks'],
    prepare: async (sql, input) => {
      const { domainId, month, answer } = await domainContext(sql, input);
      const window = month ? windowMonths(month, input.months) : [];
      const base = domainId !== null && month ? adHistoryQuery({ by: { domainId }, territory: input.countryCode, months: window }) : null;
      return preparedTable(ordered(adHistoryTable('domain', window), base, input), { ...answer, months: window }, stem('ppc-ad-history', input.query));
    },
  }),
  'ppc/adwords-advisor': researchTable({
    id: 'ppc/adwords-advisor',
    row: advisorRowSchema,
    schema: ppcAdvisorSchema,
    paidColumns: ['cpc', 'estimatedBudget', 'paidClicks'],
    prepare: async (sql, input) => {
      const { domainId, month, answer } = await domainContext(sql, input);
      let base: BuiltQuery | null = null;
      if (domainId !== null && month) {
        const competitorIds = await topPpcCompetitorIds(sql, { domainId, territory: input.countryCode, month, limit: advisorWindow.competitors });
        // Nothing to recommend buying without competitors to learn from.
        if (input.type !== 'buy' || competitorIds.length > 0) base = domainAdvisorQuery({ domainId, competitorIds, territory: input.countryCode, month, type: input.type });
      }
      return preparedTable(ordered(advisorTable, base, input), { ...answer, type: input.type }, stem('ppc-adwords-advisor', input.query, input.type));
    },
  }),
  'ppc/ad-templates': researchTable({
    id: 'ppc/ad-templates',
    row: adTemplateRowSchema,
    schema: ppcAdTemplatesSchema,
    paidColumns: ['paidClicks'],
    foundByRows: true,
    prepare: async (sql, input) => {
      const month = await monthOf(sql, input);
      const base = month ? adTemplatesQuery({ words: input.query.split(' '), territory: input.countryCode, month }) : null;
      // wasQueryFound is settled by the rows (foundByRows).
      return preparedTable(ordered(adTemplatesTable, base, input), { query: input.query, territory: input.countryCode, month, wasQueryFound: false }, stem('ppc-ad-templates', input.query));
    },
  }),
};

import { backlinkRowSchema, competitorRowSchema, keywordComparisonRowSchema, kombatAnswerSchema, kombatRowSchema, topPageRowSchema } from '@serpwise/contracts';
import type { z } from 'zod';
import { urlVariants } from '../search/query-classifier.js';
import { backlinksSchema, competitorsSchema, kombatSchema, rankingHistorySchema, seoKeywordsSchema, topPagesSchema } from '../requests/seo-requests.js';
import { backlinksQuery, backlinksSpec } from '../seo/backlinks.js';
import { competitorsQuery, competitorsSpec } from '../seo/competitors.js';
import { competitorTypes, droppedTypes, keywordComparisonQuery, type KeywordComparisonCriteria } from '../seo/keyword-comparison.js';
import { kombatDomainsRolledUp, kombatQuery, kombatSpec } from '../seo/kombat.js';
import { topPagesQuery, topPagesSpec } from '../seo/top-pages.js';
import type { Sql } from '../sql.js';
import type { BuiltQuery, Subject } from '../tables/index.js';
import { competitorsRolledUp } from '../warehouse/competitor-rollup.js';
import { hasBacklinkTotal } from '../warehouse/backlink-totals.js';
import { organicChangesRolledUp, organicKeywordsRolledUp, topPagesRolledUp, viewerFiguresShared } from '../warehouse/organic-rollup.js';
import { domainIdOf, domainIdsOf } from '../warehouse/lookups.js';
import { rivalSourceOf } from '../warehouse/rival-rollup.js';
import { monthOf, orderCheck, researchTable, stem, type PreparedTable, type TableInput } from './research-table.js';

/** What every SEO and outreach table answers after its page. */
export type OrganicAnswer = { month: string | null; wasQueryFound: boolean };

/**
 * An SEO or outreach table: found when the warehouse knows what the request names; then, for a table of one month,
 * the month asked for (or the territory's newest) and the query of that month.
 */
export async function organicTable(
  sql: Sql,
  input: TableInput,
  found: boolean,
  build: (month: string) => BuiltQuery | Promise<BuiltQuery>,
  fileStem: string,
  needsMonth = true,
): Promise<PreparedTable<OrganicAnswer, undefined>> {
  const month = needsMonth && found ? await monthOf(sql, input) : null;
  const query = found && (month || !needsMonth) ? await build(month ?? '') : null;
  return { query, answer: { month, wasQueryFound: found }, facts: undefined, fileStem };
}

/** The domain or page (URL) a table is about; null when the warehouse does not know it. */
export async function subjectOf(sql: Sql, input: { domain?: string | undefined; url?: string | undefined }): Promise<Subject | null> {
  if (input.domain !== undefined) {
    const domainId = await domainIdOf(sql, input.domain);
    return domainId === null ? null : { kind: 'domain', domainId };
  }
  const [page] = await sql.query<{ id: number; domain_id: number }>(
    `select id, domain_id from page where url = any(string_to_array(?, ' ')) order by id limit 1`,
    [urlVariants(input.url!).join(' ')],
  );
  return page ? { kind: 'page', pageId: page.id, domainId: page.domain_id } : null;
}

type KeywordsInput = z.output<typeof seoKeywordsSchema>;

/** The keyword comparison (SEO keywords, ranking history): the subject's keywords of one search type in a month. */
async function keywordComparison(sql: Sql, input: KeywordsInput, withHistory: boolean, name: string) {
  const subject = await subjectOf(sql, input);
  const competitorIds = input.competitor ? await domainIdsOf(sql, input.competitor) : [];
  const knownCompetitors = competitorIds.filter((id): id is number => id !== null);
  // Named competitors the warehouse does not know rank for nothing: such a comparison has no rows.
  const competitorsFound = !input.competitor || knownCompetitors.length > 0;
  const type = input.type ?? 'all';
  return organicTable(
    sql,
    input,
    subject !== null && competitorsFound,
    async (month) => {
      const criteria: KeywordComparisonCriteria = { subject: subject!, territory: input.countryCode, month, type, competitorIds: knownCompetitors, withHistory };
      // A large domain's keywords are precomputed (issue 27): read them when this viewer's view of the months allows.
      const fromRollup = subject!.kind === 'domain' && await organicKeywordsRolledUp(sql, { domainId: subject!.domainId, territory: input.countryCode, month });
      const rollupFigures = fromRollup && await viewerFiguresShared(sql);
      const rollupChanges = fromRollup && await organicChangesRolledUp(sql, { domainId: subject!.domainId, territory: input.countryCode, month, withPrevious: droppedTypes.includes(type) });
      // The competitor types of a rolled-up subject: the precomputed pair, or a probe from the smaller side.
      const rivals = rollupChanges && competitorTypes.includes(type) && knownCompetitors.length
        ? await rivalSourceOf(sql, { domainId: subject!.domainId, competitorIds: knownCompetitors, territory: input.countryCode, month }) : undefined;
      return keywordComparisonQuery({ ...criteria, fromRollup, rollupFigures, rollupChanges, ...(rivals ? { rivals } : {}) }, input);
    },
    stem(name, input.domain ?? input.url, type === 'all' ? undefined : type),
  );
}

/** Validates type, competitor and sort even when the subject is unknown. */
const checkKeywordComparison = (input: KeywordsInput) => {
  keywordComparisonQuery({ subject: { kind: 'domain', domainId: 0 }, territory: '', month: '2000-01-01', type: input.type ?? 'all', competitorIds: input.competitor ? [0] : [] }, input);
};

/** The SEO research tables (docs/research-data.md, "SEO research tables"). */
export const seoTables = {
  'seo/competitors': researchTable({
    id: 'seo/competitors',
    row: competitorRowSchema,
    schema: competitorsSchema,
    paidColumns: ['value'],
    check: orderCheck(competitorsSpec),
    prepare: async (sql, input) => {
      const domainId = await domainIdOf(sql, input.domain);
      return organicTable(sql, input, domainId !== null, async (month) => {
        const criteria = { domainId: domainId!, territory: input.countryCode, month };
        // A large domain's competitors are precomputed (issue 27): read them when this viewer's view of the month allows.
        return competitorsQuery({ ...criteria, fromRollup: await competitorsRolledUp(sql, criteria) }, input);
      }, stem('seo-competitors', input.domain));
    },
  }),
  'seo/kombat': researchTable({
    id: 'seo/kombat',
    row: kombatRowSchema,
    answerFields: kombatAnswerSchema,
    schema: kombatSchema,
    paidColumns: ['cpc'],
    check: orderCheck(kombatSpec),
    prepare: async (sql, input): Promise<PreparedTable<OrganicAnswer, { domainIds: number[]; missingDomains: string[]; countsRolledUp: boolean[] }>> => {
      const ids = await domainIdsOf(sql, input.domains);
      const domainIds = ids.filter((id): id is number => id !== null);
      const missingDomains = input.domains.filter((_, index) => ids[index] === null);
      // Large domains' keywords are precomputed (issue 27): the Venn and segment counts read the bitmaps of each
      // domain whose month is rolled up and this viewer sees installation data only (the others' are made from their
      // ranks); the first pages in volume order walk the rolled-up domains' keywords (the others' from their ranks)
      // when, besides, the viewer's keyword numbers are the installation's.
      let countsRolledUp = domainIds.map(() => false);
      const kombatOf = async (month: string) => {
        countsRolledUp = await kombatDomainsRolledUp(sql, { domainIds, territory: input.countryCode, month });
        const fromRollup = countsRolledUp.some(Boolean) && await viewerFiguresShared(sql);
        return kombatQuery({ domainIds, territory: input.countryCode, month, fromRollup, rolledUp: countsRolledUp }, input.segment, input);
      };
      const prepared = await organicTable(
        sql,
        input,
        domainIds.length === ids.length,
        kombatOf,
        stem('seo-kombat', ...input.domains, input.segment),
      );
      return { ...prepared, facts: { domainIds, missingDomains, countsRolledUp } };
    },
  }),
  'seo/keywords': researchTable({
    id: 'seo/keywords',
    row: keywordComparisonRowSchema,
    schema: seoKeywordsSchema,
    paidColumns: ['cpc', 'value'],
    check: checkKeywordComparison,
    prepare: (sql, input) => keywordComparison(sql, input, false, 'seo-keywords'),
  }),
  'seo/ranking-history': researchTable({
    id: 'seo/ranking-history',
    row: keywordComparisonRowSchema,
    schema: rankingHistorySchema,
    paidColumns: ['cpc', 'value'],
    check: (input) => checkKeywordComparison(input as unknown as KeywordsInput),
    prepare: (sql, input) => keywordComparison(sql, input as unknown as KeywordsInput, true, 'seo-ranking-history'),
  }),
  'seo/top-pages': researchTable({
    id: 'seo/top-pages',
    row: topPageRowSchema,
    schema: topPagesSchema,
    paidColumns: ['value'],
    check: orderCheck(topPagesSpec),
    prepare: async (sql, input) => {
      const domainId = await domainIdOf(sql, input.domain);
      return organicTable(
        sql,
        input,
        domainId !== null,
        async (month) => {
          const criteria = { domainId: domainId!, territory: input.countryCode, month, type: input.type };
          // A large domain's pages are precomputed (issue 27): read them when this viewer's view of the month allows.
          return topPagesQuery({ ...criteria, fromRollup: await topPagesRolledUp(sql, criteria) }, input);
        },
        stem('seo-top-pages', input.domain, input.type),
      );
    },
  }),
  'seo/backlinks': researchTable({
    id: 'seo/backlinks',
    row: backlinkRowSchema,
    schema: backlinksSchema,
    paidColumns: [],
    check: orderCheck(backlinksSpec),
    prepare: async (sql, input) => {
      const subject = await subjectOf(sql, input);
      const target = subject?.kind === 'page' ? { pageId: subject.pageId } : { domainId: subject?.domainId ?? 0 };
      // Backlinks have no month: every backlink the warehouse knows, live and lost.
      // A domain with very many links (backlink_total) reads its first pages in anchor order by a walk (backlinks.ts).
      const manyLinks = subject?.kind === 'domain' && await hasBacklinkTotal(sql, subject.domainId);
      return organicTable(sql, input, subject !== null, () => backlinksQuery({ target, status: input.status, manyLinks }, input), stem('seo-backlinks', input.domain ?? input.url, input.status), false);
    },
  }),
};

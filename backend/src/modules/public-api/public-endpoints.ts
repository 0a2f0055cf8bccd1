import { BadRequestException } from '@nestjs/common';
import {
  apiV1Pages,
  countryCodeSchema,
  getKeywordListQuerySchema,
  type ResearchTableId,
  type Viewer,
} from '@serpwise/contracts';
import {
  backlinksSchema,
  competitorsSchema,
  domainSchema,
  keywordAdHistorySchema,
  keywordBacklinksSchema,
  keywordOverviewSchema,
  keywordRankingHistorySchema,
  keywordRelatedSchema,
  keywordSerpSchema,
  kombatSchema,
  leadsSchema,
  ppcAdHistorySchema,
  ppcCompetitorsSchema,
  ppcKeywordsSchema,
  ppcKombatSchema,
  rankingHistorySchema,
  seoKeywordsSchema,
  researchTablePageSchemaOf,
  urlOverviewSchema,
  type ResearchTableInput,
} from '@serpwise/research';
import { z } from 'zod';
import type { KeywordResearchService } from '../keyword-research/keyword-research.service.js';
import type { PpcResearchService } from '../ppc-research/ppc-research.service.js';
import type { KeywordListService } from '../projects/keywords/keyword-list.service.js';
import type { ProjectsService } from '../projects/core/projects.service.js';
import type { ResearchTablesService } from '../research/research-tables.service.js';
import type { ResearchService } from '../research/research.service.js';
import type { SeoResearchService } from '../seo-research/seo-research.service.js';
import type { Identity } from '../sessions/request-session.js';
import {
  domainHistoryResponseSchema,
  domainOverviewResponseSchema,
  keywordOverviewResponseSchema,
  projectsResponseSchema,
  trackedKeywordsResponseSchema,
  urlOverviewResponseSchema,
} from './response-schemas.js';

/** The services of the web API the public API answers through: the same reads, the same catalogue, no queries of its own. */
export interface PublicApiServices {
  tables: ResearchTablesService;
  research: ResearchService;
  seo: SeoResearchService;
  ppc: PpcResearchService;
  keywords: KeywordResearchService;
  projects: ProjectsService;
  keywordList: KeywordListService;
}

export interface PublicApiCaller {
  identity: Identity;
  viewer: Viewer;
}

/** The documentation page (/api/v1/{page}) that describes an endpoint; also its OpenAPI tag. */
export type PublicApiPage = (typeof apiV1Pages)[number];

/** One public API call: GET /api/v1/{path} with the request schema's fields as query parameters. */
export interface PublicEndpoint {
  path: string;
  operationId: string;
  page: PublicApiPage;
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
  /** Only full plans (the same rule as the screen's). */
  needsFullPlan?: true;
  /** Example query parameters for the documentation's curl line. */
  example: Record<string, string>;
  answer(services: PublicApiServices, input: unknown, caller: PublicApiCaller): Promise<unknown>;
}

const endpoint = <S extends z.ZodType>(
  definition: Omit<PublicEndpoint, 'request' | 'answer'> & { request: S; answer(services: PublicApiServices, input: z.output<S>, caller: PublicApiCaller): Promise<unknown> },
): PublicEndpoint => definition as unknown as PublicEndpoint;

/** A research table of the catalogue, paged for the key owner exactly as its screen pages it. */
const tableEndpoint = <Id extends ResearchTableId, S extends z.ZodType>(
  id: Id,
  definition: Omit<PublicEndpoint, 'request' | 'answer' | 'response'> & { request: S },
): PublicEndpoint =>
  endpoint({
    ...definition,
    response: researchTablePageSchemaOf(id),
    answer: (services, input, caller) => services.tables.table(id, input as never as ResearchTableInput<Id> & { startRow: number; pageSize: number }, caller.viewer),
  });

const domainOverviewSchema = z.object({ domain: domainSchema, countryCode: countryCodeSchema });
const keywordQuestionsSchema = keywordRelatedSchema.omit({ type: true });

const domainExample = { domain: 'shopsphere.example', countryCode: 'US' };
const keywordExample = { query: 'running shoes', countryCode: 'US' };

/** Every public API call, in the order the documentation lists them. */
export const publicEndpoints: PublicEndpoint[] = [
  endpoint({
    path: 'domain/overview',
    operationId: 'domainOverview',
    page: 'overview',
    summary: 'A domain’s headline numbers for its newest month',
    request: domainOverviewSchema,
    response: domainOverviewResponseSchema,
    example: domainExample,
    answer: async ({ research }, input, { viewer }) => {
      const { domain, territory, month, latest, isDemoData } = await research.domainOverview(input.domain, input.countryCode, viewer);
      return { domain, territory, month, latest, isDemoData };
    },
  }),
  endpoint({
    path: 'domain/history',
    operationId: 'domainHistory',
    page: 'overview',
    summary: 'The same numbers for every month on record',
    request: domainOverviewSchema,
    response: domainHistoryResponseSchema,
    example: domainExample,
    answer: async ({ research }, input, { viewer }) => {
      const { domain, territory, history } = await research.domainOverview(input.domain, input.countryCode, viewer);
      return { domain, territory, history };
    },
  }),
  tableEndpoint('seo/competitors', { path: 'seo/competitors', operationId: 'organicCompetitors', page: 'overview', summary: 'Organic competitors of a domain', request: competitorsSchema, example: domainExample }),
  tableEndpoint('ppc/competitors', { path: 'ppc/competitors', operationId: 'paidCompetitors', page: 'overview', summary: 'Paid-search competitors of a domain', request: ppcCompetitorsSchema, example: { query: 'shopsphere.example', countryCode: 'US' } }),
  tableEndpoint('seo/keywords', { path: 'seo/keywords', operationId: 'organicKeywords', page: 'core', summary: 'Organic keywords of a domain or URL', request: seoKeywordsSchema, example: domainExample }),
  tableEndpoint('ppc/keywords', { path: 'ppc/keywords', operationId: 'paidKeywords', page: 'core', summary: 'Paid keywords of a domain', request: ppcKeywordsSchema, example: { query: 'shopsphere.example', countryCode: 'US' } }),
  tableEndpoint('seo/ranking-history', { path: 'seo/ranking-history', operationId: 'domainRankingHistory', page: 'core', summary: 'Organic ranking history of a domain or URL, month by month', request: rankingHistorySchema, example: domainExample }),
  tableEndpoint('seo/backlinks', { path: 'seo/backlinks', operationId: 'domainBacklinks', page: 'core', summary: 'Backlinks of a domain or URL', request: backlinksSchema, example: domainExample }),
  endpoint({
    path: 'url/overview',
    operationId: 'urlOverview',
    page: 'url',
    summary: 'A page’s numbers for its newest month and its history',
    request: urlOverviewSchema,
    response: urlOverviewResponseSchema,
    example: { url: 'https://shopsphere.example/', countryCode: 'US' },
    answer: ({ seo }, input, { viewer }) => seo.urlOverview(input.url, input.countryCode, viewer),
  }),
  endpoint({
    path: 'keyword/overview',
    operationId: 'keywordOverview',
    page: 'keyword',
    summary: 'A keyword’s volume, cost per click, difficulty, organic top 10 and advertisers',
    request: keywordOverviewSchema,
    response: keywordOverviewResponseSchema,
    example: keywordExample,
    answer: ({ keywords }, input, { viewer }) => keywords.overview(input.query, input, viewer),
  }),
  tableEndpoint('keyword/related', { path: 'keyword/related', operationId: 'relatedKeywords', page: 'keyword', summary: 'Keywords related to a keyword (type: similar, questions, buys, ranks, transaction)', request: keywordRelatedSchema, example: keywordExample }),
  endpoint({
    path: 'keyword/questions',
    operationId: 'keywordQuestions',
    page: 'keyword',
    summary: 'The related keywords that are questions',
    request: keywordQuestionsSchema,
    response: researchTablePageSchemaOf('keyword/related'),
    example: keywordExample,
    answer: ({ tables }, input, { viewer }) => tables.table('keyword/related', { ...input, type: 'questions' }, viewer),
  }),
  tableEndpoint('keyword/serp-analysis', { path: 'keyword/serp', operationId: 'keywordSerp', page: 'keyword', summary: 'The results page of a keyword: the ranking pages and their numbers', request: keywordSerpSchema, example: keywordExample }),
  tableEndpoint('keyword/ranking-history', { path: 'keyword/ranking-history', operationId: 'keywordRankingHistory', page: 'keyword', summary: 'Who ranked for a keyword, month by month', request: keywordRankingHistorySchema, example: keywordExample }),
  tableEndpoint('keyword/backlinks', { path: 'keyword/backlinks', operationId: 'keywordBacklinks', page: 'keyword', summary: 'Backlinks of the pages ranking for a keyword', request: keywordBacklinksSchema, example: keywordExample }),
  tableEndpoint('ppc/ad-history', { path: 'ppc/ad-history', operationId: 'domainAdHistory', page: 'ad-history', summary: 'Every ad a domain ran, month by month', request: ppcAdHistorySchema, example: { query: 'shopsphere.example', countryCode: 'US' } }),
  tableEndpoint('keyword/ad-history', { path: 'keyword/ad-history', operationId: 'keywordAdHistory', page: 'ad-history', summary: 'Advertisers and their ads on a keyword, month by month', request: keywordAdHistorySchema, example: keywordExample }),
  endpoint({
    path: 'seo/kombat',
    operationId: 'organicKombat',
    page: 'kombat',
    summary: 'Organic keywords two or three domains share or miss, with the Venn counts',
    request: kombatSchema,
    response: researchTablePageSchemaOf('seo/kombat'),
    example: { domains: 'shopsphere.example,wikiverse.example', countryCode: 'US' },
    answer: ({ seo }, input, { viewer }) => seo.kombat(input, viewer),
  }),
  endpoint({
    path: 'ppc/kombat',
    operationId: 'paidKombat',
    page: 'kombat',
    summary: 'Paid keywords a domain and one or two competitors share or miss',
    request: ppcKombatSchema,
    response: researchTablePageSchemaOf('ppc/kombat'),
    example: { query: 'shopsphere.example', competitors: 'wikiverse.example', countryCode: 'US' },
    answer: ({ ppc }, input, { viewer }) => {
      const domains = [input.query, ...input.competitors];
      if (new Set(domains).size !== domains.length) throw new BadRequestException({ statusCode: 400, message: 'Kombat needs 2 or 3 different domains.' });
      return ppc.kombat(input, viewer);
    },
  }),
  tableEndpoint('outreach/leads', { path: 'outreach/leads', operationId: 'linkLeads', page: 'leads', summary: 'Sites linking to competitors but not to the domain', request: leadsSchema, example: { domain: 'shopsphere.example', competitors: 'wikiverse.example', countryCode: 'US' } }),
  endpoint({
    path: 'projects/list',
    operationId: 'projects',
    page: 'project-manager',
    summary: 'The account’s projects',
    request: z.object({}),
    response: projectsResponseSchema,
    example: {},
    answer: async ({ projects }, _input, { identity }) => ({ projects: await projects.list(identity) }),
  }),
  endpoint({
    path: 'projects/keywords',
    operationId: 'trackedKeywords',
    page: 'weekly-tracking',
    summary: 'A project’s tracked keywords with their ranks and numbers',
    request: getKeywordListQuerySchema,
    response: trackedKeywordsResponseSchema,
    needsFullPlan: true,
    example: { projectId: '00000000-0000-4000-8000-000000000000' },
    answer: ({ keywordList }, input, { identity }) => keywordList.list(identity, input),
  }),
];

export const publicEndpointAt = (path: string): PublicEndpoint | undefined => publicEndpoints.find((candidate) => candidate.path === path);

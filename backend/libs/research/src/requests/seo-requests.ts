import { countryCodeSchema, hostOfText, keywordsOfText, kombatSegments, organicSearchTypes, rankingHistoryTypes, tableRequestSchema, topPageTypes } from '@serpwise/contracts';
import { classifyQuery } from '../search/query-classifier.js';
import { z } from 'zod';

/** A domain name however typed (scheme, www., trailing path are dropped); anything else is a 400. */
export const domainSchema = z.string({ error: 'domain is required.' }).transform((text, context) => {
  const host = text.length <= 253 ? hostOfText(text) : null;
  if (host) return host;
  context.addIssue({ code: 'custom', message: `"${text.slice(0, 100)}" is not a domain name.` });
  return z.NEVER;
});

/** A comma-separated list of domains, each normalised, duplicates dropped. */
const joinList = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);
const domainListSchema = (label: string, min: number, max: number) =>
  z.preprocess(joinList, z.string({ error: `${label} is required.` })).transform((text, context) => {
    const names: string[] = [];
    for (const part of text.split(/[,\s]+/).filter(Boolean)) {
      const parsed = domainSchema.safeParse(part);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: `${label}: "${part.slice(0, 100)}" is not a domain name.` });
        return z.NEVER;
      }
      if (!names.includes(parsed.data)) names.push(parsed.data);
    }
    if (names.length < min || names.length > max) {
      context.addIssue({ code: 'custom', message: `${label} takes ${min === max ? min : `${min} to ${max}`} different domains.` });
      return z.NEVER;
    }
    return names;
  });

/** A URL (http or https); cleansed like JsonSearch does. */
export const urlSchema = z.string({ error: 'url is required.' }).max(2000, 'The URL is at most 2000 characters.').transform((text, context) => {
  const classified = classifyQuery(text, true);
  if (classified.ok && classified.type === 'url') return classified.cleansed;
  // A bare host or its root ("https://site.com/") is the home page.
  if (classified.ok && classified.type === 'domain') return `https://${classified.cleansed}/`;
  context.addIssue({ code: 'custom', message: `"${text.slice(0, 100)}" is not a URL.` });
  return z.NEVER;
});

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be YYYY-MM.').optional();

/** Every research table: paging, sort, filter, territory (countryCode, explicit) and an optional month. */
export const researchTableSchema = tableRequestSchema.extend({ countryCode: countryCodeSchema, month: monthSchema });

const subjectSchema = researchTableSchema.extend({ domain: domainSchema.optional(), url: urlSchema.optional() });
const eitherDomainOrUrl = [
  (query: { domain?: string | undefined; url?: string | undefined }) => (query.domain === undefined) !== (query.url === undefined),
  { message: 'Give either domain or url.' },
] as const;

export const urlOverviewSchema = z.object({ url: urlSchema, countryCode: countryCodeSchema });

export const competitorsSchema = researchTableSchema.extend({ domain: domainSchema });

export const kombatSchema = researchTableSchema.extend({
  domains: domainListSchema('domains', 2, 3),
  segment: z.enum(kombatSegments.organic, { message: `The segment must be one of ${kombatSegments.organic.join(', ')}.` }).default('all'),
});

export const seoKeywordsSchema = subjectSchema
  .extend({
    type: z.enum(organicSearchTypes, { message: `The type must be one of ${organicSearchTypes.join(', ')}.` }).optional(),
    competitor: domainListSchema('competitor', 1, 5).optional(),
  })
  .refine(...eitherDomainOrUrl);

export const rankingHistorySchema = subjectSchema
  .extend({ type: z.enum(rankingHistoryTypes, { message: `The type must be one of ${rankingHistoryTypes.join(', ')}.` }).default('MostValuable') })
  .refine(...eitherDomainOrUrl);

export const topPagesSchema = researchTableSchema.extend({
  domain: domainSchema,
  type: z.enum(topPageTypes, { message: `The type must be one of ${topPageTypes.join(', ')}.` }).default('mosttraffic'),
});

export const backlinksSchema = subjectSchema
  .extend({ status: z.enum(['all', 'live', 'lost'], { message: 'The status must be all, live or lost.' }).default('all') })
  .refine(...eitherDomainOrUrl);

const topicSchema = z.string().trim().min(1).max(64, 'The topic is at most 64 characters.').optional();

export const topDomainsSchema = researchTableSchema.extend({ topic: topicSchema });

export const keywordListSchema = researchTableSchema
  .extend({
    keywords: z
      .preprocess((value) => (Array.isArray(value) ? value.join('\n') : value), z.string().max(20_000, 'The keyword list is too long.'))
      .transform((text) => keywordsOfText(text))
      .refine((terms) => terms.length <= 1000, 'Give at most 1000 keywords.')
      .optional(),
    topic: topicSchema,
  })
  .refine((query) => Boolean(query.keywords?.length) !== Boolean(query.topic), { message: 'Give either keywords or a topic.' });

export const customListSchema = researchTableSchema.extend({ domains: domainListSchema('domains', 1, 1000) });

export const leadsSchema = researchTableSchema.extend({ domain: domainSchema, competitors: domainListSchema('competitors', 1, 5) });

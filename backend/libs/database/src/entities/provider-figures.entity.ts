import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { domainMonthKey } from './domain-month.entity.js';

/**
 * A domain's month as a data provider estimates it over all its keywords (issue 20: DataForSEO Labs' historical rank
 * overview and competitors), where the warehouse holds only the fetched sample of its ranks. domainMonthRollupSql
 * takes these figures for the (domain, territory, month) instead of the sample's roll-up; null: not given.
 * Installation data (provider fetches are shared), removed with their source.
 */
export const ProviderDomainMonthSchema = defineEntity({
  name: 'ProviderDomainMonth',
  tableName: 'provider_domain_month',
  properties: {
    ...domainMonthKey(),
    sourceId: p.smallint().index(),
    organicKeywords: p.integer().nullable(),
    organicTop3: p.integer().nullable(),
    organicTop10: p.integer().nullable(),
    organicClicks: p.bigint('number').nullable(),
    organicValue: p.decimal('number').precision(14).scale(2).nullable(),
    paidKeywords: p.integer().nullable(),
    paidClicks: p.bigint('number').nullable(),
    paidBudget: p.decimal('number').precision(14).scale(2).nullable(),
  },
});
export type ProviderDomainMonth = InferEntity<typeof ProviderDomainMonthSchema>;

/**
 * A competitor a provider names for a domain in a month, with the keywords both rank for (the warehouse holds only
 * the domain's fetched keywords, not the competitor's, so the overlap cannot be counted from ranks). The research
 * competitors table reads these beside the competitors its ranks show.
 */
export const ProviderCompetitorSchema = defineEntity({
  name: 'ProviderCompetitor',
  tableName: 'provider_competitor',
  properties: {
    domainId: p.integer().primary(),
    competitorDomainId: p.integer().primary(),
    territory: p.string().length(2).primary(),
    month: p.date().primary(),
    sourceId: p.smallint().index(),
    commonKeywords: p.integer(),
  },
});
export type ProviderCompetitor = InferEntity<typeof ProviderCompetitorSchema>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A domain's numbers of one month (also those of a user's own roll-up: owned-figures.entity.ts). */
export const domainMonthNumbers = {
  organicKeywords: p.integer(),
  /** Keywords ranking 1–3 and 1–10. */
  organicTop3: p.integer(),
  organicTop10: p.integer(),
  organicClicks: p.bigint('number'),
  /** Σ clicks × CPC, US dollars. */
  organicValue: p.decimal('number').precision(14).scale(2),
  averagePosition: p.decimal('number').precision(5).scale(2).nullable(),
  paidKeywords: p.integer(),
  paidClicks: p.bigint('number'),
  /** Σ paid clicks × CPC, US dollars. */
  paidBudget: p.decimal('number').precision(14).scale(2),
};

/** The key of a domain's month in a territory: what the roll-up, a user's own roll-up and a provider's figures share. */
export const domainMonthKey = () => ({
  domainId: p.integer().primary(),
  territory: p.string().length(2).primary(),
  month: p.date().primary(),
});

/**
 * A domain's numbers for one month in one territory, rolled up from organic_rank and paid_ad when data lands
 * (domainMonthRollupSql in @serpwise/research), so an overview or its history chart reads rows, not millions.
 */
export const DomainMonthSchema = defineEntity({
  name: 'DomainMonth',
  tableName: 'domain_month',
  properties: {
    ...domainMonthKey(),
    ...domainMonthNumbers,
  },
  indexes: [{ properties: ['territory', 'month', 'organicClicks'] }],
});

export type DomainMonth = InferEntity<typeof DomainMonthSchema>;

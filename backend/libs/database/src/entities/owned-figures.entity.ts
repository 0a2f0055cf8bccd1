import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sourceIdProperty } from './row-properties.js';
import { domainMonthKey, domainMonthNumbers } from './domain-month.entity.js';

/**
 * A user's own figures, which win over installation data for that user (docs/decisions.md, "Issue 19: the user's
 * data wins for that user"). Written by the warehouse writer (@serpwise/research), read through viewer-scope.ts.
 * Null numbers: the file did not give them (unknown, never zero).
 */
const keywordNumbers = {
  volume: p.integer().nullable(),
  /** US dollars. */
  cpc: p.decimal('number').precision(8).scale(2).nullable(),
  competition: p.decimal('number').precision(3).scale(2).nullable(),
  difficulty: p.smallint().nullable(),
};

/** The keyword numbers one import (source) brought for one month. */
export const OwnedKeywordNumberSchema = defineEntity({
  name: 'OwnedKeywordNumber',
  tableName: 'owned_keyword_number',
  properties: {
    ownerUserId: p.uuid().primary(),
    keywordId: p.integer().primary(),
    month: p.date().primary(),
    sourceId: p.smallint().primary().index(),
    ...keywordNumbers,
  },
});

/** The owner's current numbers of a keyword: per number, the newest month's (then the newest import's) known value. */
export const OwnedKeywordSchema = defineEntity({
  name: 'OwnedKeyword',
  tableName: 'owned_keyword',
  properties: {
    ownerUserId: p.uuid().primary(),
    keywordId: p.integer().primary(),
    /** The newest month the numbers come from. */
    month: p.date(),
    /** The import of that month's numbers (its format names the page's "Your data" label). */
    ...sourceIdProperty(),
    ...keywordNumbers,
    /** The keyword's monthly searches with the owner's months in place (null: the owner gave no volume). */
    volumeHistory: p.type('integer[]').columnType('integer[]').nullable(),
    historyStart: p.date().nullable(),
  },
});

/** domain_month as one owner sees it: their own ranks, and the installation's for keywords they have none of. */
export const OwnedDomainMonthSchema = defineEntity({
  name: 'OwnedDomainMonth',
  tableName: 'owned_domain_month',
  properties: {
    ownerUserId: p.uuid().primary(),
    ...domainMonthKey(),
    ...domainMonthNumbers,
    /** Null when none of its keywords has a known CPC. */
    organicValue: p.decimal('number').precision(14).scale(2).nullable(),
  },
});

export type OwnedKeywordNumber = InferEntity<typeof OwnedKeywordNumberSchema>;
export type OwnedKeyword = InferEntity<typeof OwnedKeywordSchema>;
export type OwnedDomainMonth = InferEntity<typeof OwnedDomainMonthSchema>;

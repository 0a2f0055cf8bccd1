import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { serialIdProperty, warehouseOriginProperties } from './row-properties.js';

/**
 * A search term in one territory, with its latest monthly search volume and paid-search numbers. The same words
 * in two territories are two rows: volumes, CPCs and results differ by country.
 */
export const KeywordSchema = defineEntity({
  name: 'Keyword',
  tableName: 'keyword',
  properties: {
    ...serialIdProperty(),
    territory: p.string().length(2),
    /** Normalised: lower case, single spaces, trimmed. */
    term: p.text(),
    /** Monthly searches in the latest month; null: unknown (a Search Console query, a provider's keyword). */
    volume: p.integer().nullable(),
    /** Monthly searches, oldest first; the last entry is `volume`. history_start is the first one's month. Null: unknown. */
    volumeHistory: p.type('integer[]').columnType('integer[]').nullable(),
    historyStart: p.date(),
    /** Average cost per click, US dollars; null: unknown (no bid in the file, or no source gives one). */
    cpc: p.decimal('number').precision(8).scale(2).nullable(),
    /** Paid competition, 0 (few advertisers) to 1; null: unknown. */
    competition: p.decimal('number').precision(3).scale(2).nullable(),
    /** Organic ranking difficulty, 0 to 100; null: unknown. */
    difficulty: p.smallint().nullable(),
    /** Number of results the search engine reports; null: unknown (no source of the keyword gives it). */
    resultCount: p.bigint('number').nullable(),
    isQuestion: p.boolean().default(false),
    isTransactional: p.boolean().default(false),
    /** The market topic the term belongs to (demo data) or null (imports). */
    topic: p.string().length(64).nullable(),
    ...warehouseOriginProperties(),
  },
  uniques: [{ properties: ['territory', 'term'] }],
  indexes: [
    // Prefix search for suggestions (term LIKE 'abc%'), independent of the database collation.
    { name: 'keyword_term_prefix_index', expression: 'create index "keyword_term_prefix_index" on "keyword" ("territory", "term" text_pattern_ops)' },
  ],
});

export type Keyword = InferEntity<typeof KeywordSchema>;

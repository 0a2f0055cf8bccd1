import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the month-over-month types of the SEO keywords and ranking history tables for large domains
 * (seo/keyword-comparison.ts in @serpwise/research). Their first pages grouped every rank of the domain in M and P
 * (5.6–6.7 s for the 1,000,000-keyword giant). For each rolled-up domain-month, organic_keyword_month keeps the
 * keyword's best position and clicks the month before (`previous_position`; `previous_clicks`, 0 when it did not rank
 * then), their changes (`position_change` = previous − current position, `clicks_change` = clicks − previous clicks,
 * as the table's columns) and the keyword's `term` (the table's tie-break), with a partial index per type in its
 * default order then the term, so a first page is the K first entries of one index; organic_rollup_month keeps each
 * type's row count (`change_counts`). The columns are added empty (no table rewrite: the giant's 33 M rows): a
 * domain-month gets them when organicRollupSql next rebuilds it, and until then (`change_counts` null) the table reads
 * the ranks, as before. The indexes' predicates are the types' own (organicKeywordChanges in warehouse/organic-rollup.ts).
 */
export const organicKeywordChangeIndexes: readonly [name: string, key: string, predicate: string][] = [
  ['almostthere', '"position", "term"', '"position" between 11 and 20'],
  ['pageone', '"clicks" desc nulls last, "term"', '"position" <= 10'],
  ['pastpageone', '"clicks" desc nulls last, "term"', '"position" > 10'],
  ['gainedranks', '"position_change" desc nulls last, "term"', '"position_change" > 0'],
  ['lostranks', '"position_change", "term"', '"position_change" < 0'],
  ['gainedclicks', '"clicks_change" desc nulls last, "term"', '"clicks_change" > 0 and "previous_position" is not null'],
  ['lostclicks', '"clicks_change", "term"', '"clicks_change" < 0 and "previous_position" is not null'],
  ['justmadeit', '"clicks" desc nulls last, "term"', '"position" <= 10 and ("previous_position" is null or "previous_position" > 10)'],
  ['justfelloff', '"clicks" desc nulls last, "term"', '"previous_position" <= 10 and "position" > 10'],
];

export class Migration20261209050000_organic_keyword_changes extends Migration {

  override name = 'Migration20261209050000_organic_keyword_changes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organic_keyword_month" add column "previous_position" smallint null, add column "previous_clicks" int null,
      add column "position_change" int null, add column "clicks_change" int null, add column "term" text null;`);
    this.addSql(`alter table "organic_rollup_month" add column "change_counts" jsonb null;`);
    for (const [name, key, predicate] of organicKeywordChangeIndexes) {
      this.addSql(`create index "organic_keyword_month_${name}_index" on "organic_keyword_month" ("domain_id", "territory", "month", ${key}) where ${predicate};`);
    }
  }

  override down(): void | Promise<void> {
    for (const [name] of organicKeywordChangeIndexes) this.addSql(`drop index if exists "organic_keyword_month_${name}_index";`);
    this.addSql(`alter table "organic_rollup_month" drop column if exists "change_counts";`);
    this.addSql(`alter table "organic_keyword_month" drop column if exists "position_change", drop column if exists "clicks_change", drop column if exists "term",
      drop column if exists "previous_position", drop column if exists "previous_clicks";`);
  }

}

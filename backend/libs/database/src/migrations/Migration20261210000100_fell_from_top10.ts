import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the ranking history's FellFromTop10 of a large domain (seo/keyword-comparison.ts in
 * @serpwise/research) walks M's keywords that fell from P's top 10 to below it in their previous clicks order, then the
 * term (the table's default order and tie-break), beside P's top-10 keywords M does not rank for. Rows already rolled
 * up have the columns (previous_position, previous_clicks, term: Migration20261209050000_organic_keyword_changes).
 */
export class Migration20261210000100_fell_from_top10 extends Migration {

  override name = 'Migration20261210000100_fell_from_top10';

  override up(): void | Promise<void> {
    this.addSql(`create index "organic_keyword_month_fell_index" on "organic_keyword_month" ("domain_id", "territory", "month", "previous_clicks" desc nulls last, "term")
      where "previous_position" <= 10 and "position" > 10;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "organic_keyword_month_fell_index";`);
  }

}

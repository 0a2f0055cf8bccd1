import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: keyword suggestions (search/suggestion-query.ts) take a prefix's most popular keywords
 * (`term like 'p%' order by volume desc nulls last, term`). The prefix index (keyword_term_prefix_index) finds the
 * matches, then all of them are sorted: for a prefix a million keywords share (the giant domain's "omnivora …"), 270 ms.
 * With the keywords in that order too, PostgreSQL reads them from the top and stops after the limit when the prefix is
 * common, and keeps the prefix index when it is rare (its estimate of the matches decides).
 */
export class Migration20261208020000_keyword_volume_order extends Migration {

  override name = 'Migration20261208020000_keyword_volume_order';

  override up(): void | Promise<void> {
    this.addSql(`create index "keyword_volume_order_index" on "keyword" ("territory", "volume" desc nulls last, "term");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "keyword_volume_order_index";`);
  }

}

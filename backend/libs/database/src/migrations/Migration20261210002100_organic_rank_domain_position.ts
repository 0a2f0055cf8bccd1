import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the related keywords `ranks` of a keyword K (keyword/related-keywords.ts in @serpwise/research)
 * read the top-10 ranks of the domains of K's top 10 in M: 31,880 ranks over 50,000 heap pages of organic_rank for
 * "wireless earbuds" beside the giants. With the position, keyword and owner in the index they are read from it alone.
 */
export class Migration20261210002100_organic_rank_domain_position extends Migration {

  override name = 'Migration20261210002100_organic_rank_domain_position';

  override up(): void | Promise<void> {
    this.addSql(`create index "organic_rank_domain_position_index" on "organic_rank" ("domain_id", "territory", "month", "position") include ("keyword_id", "owner_user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "organic_rank_domain_position_index";`);
  }

}

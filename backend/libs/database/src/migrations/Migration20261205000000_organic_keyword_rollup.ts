import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the SEO keywords and top pages of large domains, precomputed per month (organicRollupSql in
 * @serpwise/research). For each domain-month in competitor_rollup_month, organic_keyword_month holds one row per
 * keyword the domain ranks for with its clicks that month and whether it ranked the month before, and
 * organic_page_month one row per page with its clicks, each indexed in its table's default order (clicks, most first),
 * so a first page reads its keywords or pages from the index and stops; organic_rollup_month stores the counts a page
 * shows (keywords, newly ranked keywords, pages).
 */
export class Migration20261205000000_organic_keyword_rollup extends Migration {

  override name = 'Migration20261205000000_organic_keyword_rollup';

  override up(): void | Promise<void> {
    this.addSql(`create table "organic_keyword_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "keyword_id" int not null, "clicks" int null, "newly_ranked" boolean not null, primary key ("domain_id", "territory", "month", "keyword_id"));`);
    this.addSql(`create index "organic_keyword_month_clicks_index" on "organic_keyword_month" ("domain_id", "territory", "month", "clicks" desc nulls last);`);
    this.addSql(`create index "organic_keyword_month_new_clicks_index" on "organic_keyword_month" ("domain_id", "territory", "month", "clicks" desc nulls last) where "newly_ranked";`);
    this.addSql(`create index "organic_keyword_month_month_index" on "organic_keyword_month" ("month");`);
    this.addSql(`create table "organic_page_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "page_id" int not null, "clicks" int null, primary key ("domain_id", "territory", "month", "page_id"));`);
    this.addSql(`create index "organic_page_month_clicks_index" on "organic_page_month" ("domain_id", "territory", "month", "clicks" desc nulls last);`);
    this.addSql(`create index "organic_page_month_month_index" on "organic_page_month" ("month");`);
    this.addSql(`create table "organic_rollup_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "keywords" int not null, "newly_ranked" int not null, "pages" int not null, primary key ("domain_id", "territory", "month"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "organic_keyword_month" cascade;`);
    this.addSql(`drop table if exists "organic_page_month" cascade;`);
    this.addSql(`drop table if exists "organic_rollup_month" cascade;`);
  }

}

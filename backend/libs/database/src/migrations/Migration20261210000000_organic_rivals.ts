import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the SEO keywords' competitor types (theyoutrankyou, theyjustsurpassedyou,
 * competitorsjustsurpassedyou with a named competitor) between two very large domains. Their first page walks the
 * subject's keywords by clicks looking for the ones the competitor ranks above — for the 1,000,000-keyword giant
 * against its 300,000-keyword rival those are its low-click keywords, found after most of a million probes. For each
 * pair of rolled-up domain-months of the same territory and month with at least rivalRollupMinKeywords keywords each
 * (rival-rollup.ts in @serpwise/research), organic_rival_keyword_month holds the subject's keywords the rival ranks
 * above (the subject's clicks and term: the table's default order; `surpassed`: the subject ranked the month before
 * and the rival was not above it then), and organic_rival_month the pair's two counts. Nothing is backfilled: a pair
 * without its organic_rival_month row reads the ranks as before, until the month is next rolled up.
 */
export class Migration20261210000000_organic_rivals extends Migration {

  override name = 'Migration20261210000000_organic_rivals';

  override up(): void | Promise<void> {
    this.addSql(`create table "organic_rival_keyword_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null,
      "rival_domain_id" int not null, "keyword_id" int not null, "clicks" int null, "term" text not null, "surpassed" boolean not null,
      primary key ("domain_id", "territory", "month", "rival_domain_id", "keyword_id"));`);
    this.addSql(`create index "organic_rival_keyword_month_clicks_index" on "organic_rival_keyword_month"
      ("domain_id", "territory", "month", "rival_domain_id", "clicks" desc nulls last, "term");`);
    this.addSql(`create index "organic_rival_keyword_month_surpassed_index" on "organic_rival_keyword_month"
      ("domain_id", "territory", "month", "rival_domain_id", "clicks" desc nulls last, "term") where "surpassed";`);
    this.addSql(`create index "organic_rival_keyword_month_month_index" on "organic_rival_keyword_month" ("month");`);
    this.addSql(`create table "organic_rival_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null,
      "rival_domain_id" int not null, "outranked" int not null, "surpassed" int not null,
      primary key ("domain_id", "territory", "month", "rival_domain_id"));`);
    this.addSql(`create index "organic_rival_month_month_index" on "organic_rival_month" ("month");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "organic_rival_month" cascade;`);
    this.addSql(`drop table if exists "organic_rival_keyword_month" cascade;`);
  }

}

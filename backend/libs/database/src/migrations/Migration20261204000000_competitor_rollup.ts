import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the competitors of large domains, precomputed per month (competitorRollupSql in
 * @serpwise/research). competitor_rollup_month lists the domain-months rolled up (a domain with at least
 * competitorRollupMinKeywords keywords that month) with their keyword count; competitor_month holds, for each of them,
 * every other domain ranking for one of those keywords, with the keywords both rank for.
 */
export class Migration20261204000000_competitor_rollup extends Migration {

  override name = 'Migration20261204000000_competitor_rollup';

  override up(): void | Promise<void> {
    this.addSql(`create table "competitor_rollup_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "keywords" int not null, primary key ("domain_id", "territory", "month"));`);
    this.addSql(`create index "competitor_rollup_month_month_index" on "competitor_rollup_month" ("month");`);
    this.addSql(`create table "competitor_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "competitor_domain_id" int not null, "common_keywords" int not null, "source_ids" smallint[] not null, primary key ("domain_id", "territory", "month", "competitor_domain_id"));`);
    this.addSql(`create index "competitor_month_month_index" on "competitor_month" ("month");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "competitor_month" cascade;`);
    this.addSql(`drop table if exists "competitor_rollup_month" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Search Console lands as it means (issue 19): a query's result may have no page (the export does not say which page
 * ranked), so organic_rank and serp_observation allow a null page; organic_rank keeps the impressions a source reports
 * next to its clicks; site_traffic holds the site's and its pages' own monthly clicks and impressions.
 */
export class Migration20261129030000_search_console_traffic extends Migration {
  override name = 'Migration20261129030000_search_console_traffic';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organic_rank" alter column "page_id" drop not null;`);
    this.addSql(`alter table "organic_rank" add column "impressions" int null;`);
    this.addSql(`alter table "serp_observation" alter column "page_id" drop not null;`);
    this.addSql(`create table "site_traffic" ("id" bigserial primary key, "owner_user_id" uuid not null, "source_id" smallint not null, "domain_id" int not null,
      "page_id" int null, "territory" varchar(2) not null, "month" date not null, "clicks" int null, "impressions" int null, "position" numeric(6,2) null);`);
    this.addSql(`create unique index "site_traffic_natural_key" on "site_traffic" ("domain_id", "territory", "month", "page_id", "owner_user_id") nulls not distinct;`);
    this.addSql(`create index "site_traffic_source_id_index" on "site_traffic" ("source_id");`);
    this.addSql(`create index "site_traffic_page_id_index" on "site_traffic" ("page_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "site_traffic";`);
    this.addSql(`delete from "serp_observation" where "page_id" is null;`);
    this.addSql(`alter table "serp_observation" alter column "page_id" set not null;`);
    this.addSql(`alter table "organic_rank" drop column "impressions";`);
    this.addSql(`delete from "organic_rank" where "page_id" is null;`);
    this.addSql(`alter table "organic_rank" alter column "page_id" set not null;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Search Console by API (issue 20, point 1): the user's authorisation, the properties they picked, the days fetched
 * (the sync's checkpoint) with their rows and per-country totals, and each month's data_source in the warehouse.
 */
export class Migration20261130010000_search_console_connection extends Migration {
  override name = 'Migration20261130010000_search_console_connection';

  override up(): void | Promise<void> {
    this.addSql(`create table "search_console_connection" ("user_id" uuid not null, "refresh_token_encrypted" text not null, "scope" text not null,
      "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("user_id"));`);
    this.addSql(`create table "search_console_property" ("id" serial primary key, "owner_user_id" uuid not null, "site_url" text not null, "domain" text not null,
      "permission_level" text not null, "first_day" date not null, "removing" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`alter table "search_console_property" add constraint "search_console_property_owner_user_id_site_url_unique" unique ("owner_user_id", "site_url");`);
    this.addSql(`create table "search_console_day" ("property_id" int not null, "day" date not null, "rows" int not null, "fetched_at" timestamptz not null,
      primary key ("property_id", "day"));`);
    this.addSql(`create table "search_console_row" ("id" bigserial primary key, "property_id" int not null, "day" date not null, "query" text not null, "page" text not null,
      "country" varchar(3) not null, "device" varchar(16) not null, "clicks" int not null, "impressions" int not null, "position" double precision not null);`);
    this.addSql(`create index "search_console_row_property_id_day_index" on "search_console_row" ("property_id", "day");`);
    this.addSql(`create table "search_console_total" ("property_id" int not null, "day" date not null, "country" varchar(3) not null, "clicks" int not null,
      "impressions" int not null, "position" double precision not null, primary key ("property_id", "day", "country"));`);
    this.addSql(`create table "search_console_month" ("property_id" int not null, "month" date not null, "source_id" smallint not null, "through_day" date not null,
      primary key ("property_id", "month"));`);
  }

  override down(): void | Promise<void> {
    for (const table of ['search_console_month', 'search_console_total', 'search_console_row', 'search_console_day', 'search_console_property', 'search_console_connection']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}

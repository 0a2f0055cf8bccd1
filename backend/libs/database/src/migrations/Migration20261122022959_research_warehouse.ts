import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022959_research_warehouse extends Migration {

  override name = 'Migration20261122022959_research_warehouse';

  override up(): void | Promise<void> {
    this.addSql(`create table "ad_copy" ("id" serial primary key, "domain_id" int not null, "headline" text not null, "body" text not null, "display_url" text not null, "page_id" int not null, "source_id" smallint not null);`);
    this.addSql(`create index "ad_copy_domain_id_index" on "ad_copy" ("domain_id");`);

    this.addSql(`create table "backlink" ("id" bigserial primary key, "source_page_id" int not null, "source_domain_id" int not null, "target_page_id" int not null, "target_domain_id" int not null, "anchor" text not null, "nofollow" boolean not null default false, "first_seen" date not null, "last_seen" date null, "source_id" smallint not null);`);
    this.addSql(`create index "backlink_target_domain_id_index" on "backlink" ("target_domain_id");`);
    this.addSql(`create index "backlink_target_page_id_index" on "backlink" ("target_page_id");`);
    this.addSql(`create index "backlink_source_domain_id_index" on "backlink" ("source_domain_id");`);

    this.addSql(`create table "data_source" ("id" smallserial primary key, "kind" text not null, "label" text not null, "details" jsonb null, "first_month" date null, "last_month" date null, "loaded_at" timestamptz not null);`);

    this.addSql(`create table "domain" ("id" serial primary key, "name" text not null, "topic" varchar(64) null, "source_id" smallint not null);`);
    this.addSql(`alter table "domain" add constraint "domain_name_unique" unique ("name");`);
    this.addSql(`create index "domain_name_prefix_index" on "domain" ("name" text_pattern_ops);`);

    this.addSql(`create table "domain_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "organic_keywords" int not null, "organic_top3" int not null, "organic_top10" int not null, "organic_clicks" bigint not null, "organic_value" numeric(14,2) not null, "average_position" numeric(5,2) null, "paid_keywords" int not null, "paid_clicks" bigint not null, "paid_budget" numeric(14,2) not null, primary key ("domain_id", "territory", "month"));`);
    this.addSql(`create index "domain_month_territory_month_organic_clicks_index" on "domain_month" ("territory", "month", "organic_clicks");`);

    this.addSql(`create table "keyword" ("id" serial primary key, "territory" varchar(2) not null, "term" text not null, "volume" int not null, "volume_history" integer[] not null, "history_start" date not null, "cpc" numeric(8,2) not null, "competition" numeric(3,2) not null, "difficulty" smallint not null, "result_count" bigint not null, "is_question" boolean not null default false, "is_transactional" boolean not null default false, "topic" varchar(64) null, "source_id" smallint not null);`);
    this.addSql(`alter table "keyword" add constraint "keyword_territory_term_unique" unique ("territory", "term");`);
    this.addSql(`create index "keyword_term_prefix_index" on "keyword" ("territory", "term" text_pattern_ops);`);

    this.addSql(`create table "missed_search_event" ("id" uuid not null, "user_id" uuid not null, "session_id" uuid not null, "event_name" varchar(64) not null, "event_category" varchar(200) not null, "event_action" varchar(200) not null, "page_name" text null, "query" text null, "territory" varchar(2) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "missed_search_event_user_id_created_at_index" on "missed_search_event" ("user_id", "created_at");`);
    this.addSql(`create index "missed_search_event_event_name_created_at_index" on "missed_search_event" ("event_name", "created_at");`);

    this.addSql(`create table "organic_rank" ("month" date not null, "keyword_id" int not null, "position" smallint not null, "territory" varchar(2) not null, "domain_id" int not null, "page_id" int not null, "clicks" int not null, "source_id" smallint not null, primary key ("month", "keyword_id", "position")) partition by range ("month");`);
    // Written by hand: one partition per month is created by the warehouse loader (organicRankPartitionSql in @serpwise/database);
    // the default partition catches a month nobody created yet, so an import never fails on a missing partition.
    this.addSql(`create table "organic_rank_default" partition of "organic_rank" default;`);
    this.addSql(`create index "organic_rank_domain_id_territory_month_index" on "organic_rank" ("domain_id", "territory", "month");`);
    this.addSql(`create index "organic_rank_page_id_month_index" on "organic_rank" ("page_id", "month");`);

    this.addSql(`create table "page" ("id" serial primary key, "domain_id" int not null, "url" text not null, "title" text null, "source_id" smallint not null);`);
    this.addSql(`create index "page_domain_id_index" on "page" ("domain_id");`);
    this.addSql(`alter table "page" add constraint "page_url_unique" unique ("url");`);

    this.addSql(`create table "paid_ad" ("month" date not null, "keyword_id" int not null, "position" smallint not null, "territory" varchar(2) not null, "domain_id" int not null, "ad_copy_id" int not null, "clicks" int not null, "source_id" smallint not null, primary key ("month", "keyword_id", "position"));`);
    this.addSql(`create index "paid_ad_domain_id_territory_month_index" on "paid_ad" ("domain_id", "territory", "month");`);
    this.addSql(`create index "paid_ad_ad_copy_id_index" on "paid_ad" ("ad_copy_id");`);

    this.addSql(`alter table "data_source" add constraint "data_source_kind_check" check ("kind" in ('demo', 'import', 'provider'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ad_copy" cascade;`);
    this.addSql(`drop table if exists "backlink" cascade;`);
    this.addSql(`drop table if exists "data_source" cascade;`);
    this.addSql(`drop table if exists "domain" cascade;`);
    this.addSql(`drop table if exists "domain_month" cascade;`);
    this.addSql(`drop table if exists "keyword" cascade;`);
    this.addSql(`drop table if exists "missed_search_event" cascade;`);
    this.addSql(`drop table if exists "organic_rank" cascade;`);
    this.addSql(`drop table if exists "page" cascade;`);
    this.addSql(`drop table if exists "paid_ad" cascade;`);
  }

}

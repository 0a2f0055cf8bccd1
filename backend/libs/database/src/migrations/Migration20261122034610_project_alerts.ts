import { Migration } from '@mikro-orm/migrations';

export class Migration20261122034610_project_alerts extends Migration {

  override name = 'Migration20261122034610_project_alerts';

  override up(): void | Promise<void> {
    this.addSql(`create table "project_alert" ("id" uuid not null, "owner_user_id" uuid not null, "project_id" uuid not null, "name" varchar(120) not null, "alert_type_id" int not null default 1, "is_active" boolean not null default true, "source_url" text null, "recipients" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "project_alert_owner_user_id_index" on "project_alert" ("owner_user_id");`);
    this.addSql(`create index "project_alert_project_id_index" on "project_alert" ("project_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "project_alert" cascade;`);

    this.addSql(`-- WARNING: changing partitioning rebuilds the table by copying all rows into a new partitioned table under an exclusive lock.;`);
    this.addSql(`-- Review for data volume, locking and downtime before running.;`);
    this.addSql(`create schema if not exists "mikro_orm_partition_swap";`);
    this.addSql(`alter table "organic_rank" set schema "mikro_orm_partition_swap";`);
    this.addSql(`create table "organic_rank" ("month" date not null, "keyword_id" int4 not null, "position" int2 not null, "territory" varchar(2) not null, "domain_id" int4 not null, "page_id" int4 not null, "clicks" int4 not null, "source_id" int2 not null, primary key ("month", "keyword_id", "position")) partition by range (month);`);
    this.addSql(`create index "organic_rank_domain_id_territory_month_index" on "organic_rank" ("domain_id", "territory", "month");`);
    this.addSql(`create index "organic_rank_page_id_month_index" on "organic_rank" ("page_id", "month");`);
    this.addSql(`create table "organic_rank_default" partition of "organic_rank" default;`);
    this.addSql(`insert into "organic_rank" ("month", "keyword_id", "position", "territory", "domain_id", "page_id", "clicks", "source_id") select "month", "keyword_id", "position", "territory", "domain_id", "page_id", "clicks", "source_id" from "mikro_orm_partition_swap"."organic_rank";`);
    this.addSql(`drop schema if exists "mikro_orm_partition_swap" cascade;`);
  }

}

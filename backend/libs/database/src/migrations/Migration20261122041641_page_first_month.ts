import { Migration } from '@mikro-orm/migrations';

export class Migration20261122041641_page_first_month extends Migration {

  override name = 'Migration20261122041641_page_first_month';

  override up(): void | Promise<void> {
    this.addSql(`create table "page_first_month" ("page_id" int not null, "territory" varchar(2) not null, "first_month" date not null, primary key ("page_id", "territory"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "page_first_month" cascade;`);

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

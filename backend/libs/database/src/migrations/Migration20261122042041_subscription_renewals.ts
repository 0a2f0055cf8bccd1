import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042041_subscription_renewals extends Migration {

  override name = 'Migration20261122042041_subscription_renewals';

  override up(): void | Promise<void> {
    this.addSql(`alter table "receipt" add "idempotency_key" varchar(120) null;`);
    this.addSql(`alter table "receipt" add constraint "receipt_idempotency_key_unique" unique ("idempotency_key");`);

    this.addSql(`alter table "subscription" add "renewal_failures" int not null default 0, add "next_renewal_attempt_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
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

    this.addSql(`alter table "receipt" drop constraint "receipt_idempotency_key_unique";`);
    this.addSql(`alter table "receipt" drop column "idempotency_key";`);

    this.addSql(`alter table "subscription" drop column "renewal_failures", drop column "next_renewal_attempt_at";`);
  }

}

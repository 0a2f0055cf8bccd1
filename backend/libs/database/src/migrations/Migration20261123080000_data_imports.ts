import { Migration } from '@mikro-orm/migrations';

export class Migration20261123080000_data_imports extends Migration {

  override name = 'Migration20261123080000_data_imports';

  override up(): void | Promise<void> {
    this.addSql(`create table "data_import" ("id" uuid not null, "user_id" uuid not null, "format" text not null, "file_name" text not null, "file_key" text not null, "file_bytes" bigint not null, "file_hash" varchar(64) not null, "options" jsonb not null, "source_id" smallint null, "rows_read" int not null default 0, "rows_landed" int not null default 0, "rows_duplicate" int not null default 0, "rows_rejected" int not null default 0, "error_report_key" text null, "created_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "data_import_user_id_created_at_index" on "data_import" ("user_id", "created_at");`);

    this.addSql(`create table "serp_observation" ("id" bigserial primary key, "keyword_id" int not null, "observed_on" date not null, "position" smallint not null, "owner_user_id" uuid null, "territory" varchar(2) not null, "domain_id" int not null, "page_id" int not null, "clicks" int null, "impressions" int null, "source_id" smallint not null);`);
    this.addSql(`create unique index "serp_observation_natural_key" on "serp_observation" ("keyword_id", "observed_on", "position", "owner_user_id") nulls not distinct;`);
    this.addSql(`create index "serp_observation_source_id_index" on "serp_observation" using brin ("source_id");`);

    this.addSql(`alter table "data_source" add "owner_user_id" uuid null;`);
    this.addSql(`create index "data_source_owner_user_id_index" on "data_source" ("owner_user_id");`);

    this.addSql(`alter table "data_import" add constraint "data_import_format_check" check ("format" in ('gsc', 'keyword-planner', 'organic-positions', 'serp'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "data_import" cascade;`);
    this.addSql(`drop table if exists "serp_observation" cascade;`);


    this.addSql(`drop index "data_source_owner_user_id_index";`);
    this.addSql(`alter table "data_source" drop column "owner_user_id";`);
  }

}

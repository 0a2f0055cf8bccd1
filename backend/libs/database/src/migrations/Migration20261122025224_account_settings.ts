import { Migration } from '@mikro-orm/migrations';

export class Migration20261122025224_account_settings extends Migration {

  override name = 'Migration20261122025224_account_settings';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_key" ("user_id" uuid not null, "key_hash" varchar(64) not null, "key_prefix" varchar(16) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, primary key ("user_id"));`);
    this.addSql(`alter table "api_key" add constraint "api_key_key_hash_unique" unique ("key_hash");`);

    this.addSql(`create table "api_usage_month" ("user_id" uuid not null, "month" date not null, "calls" int not null default 0, primary key ("user_id", "month"));`);

    this.addSql(`create table "bundle_code" ("code" varchar(64) not null, "granted_role" varchar(32) not null, "months" smallint not null, "max_redemptions" int null, "redemption_count" int not null default 0, "valid_until" timestamptz null, "created_at" timestamptz not null, primary key ("code"));`);

    this.addSql(`create table "bundle_redemption" ("id" uuid not null, "code" varchar(64) not null, "user_id" uuid not null, "redeemed_at" timestamptz not null, "plan_expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "bundle_redemption_code_index" on "bundle_redemption" ("code");`);
    this.addSql(`create index "bundle_redemption_user_id_index" on "bundle_redemption" ("user_id");`);
    this.addSql(`alter table "bundle_redemption" add constraint "bundle_redemption_code_user_id_unique" unique ("code", "user_id");`);

    this.addSql(`create table "project" ("id" uuid not null, "owner_user_id" uuid not null, "name" varchar(120) not null, "domain" varchar(253) not null, "territory" varchar(2) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "project_owner_user_id_index" on "project" ("owner_user_id");`);

    this.addSql(`create table "requested_keyword" ("id" uuid not null, "user_id" uuid not null, "term" varchar(200) not null, "status" varchar(16) not null, "requested_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "requested_keyword_user_id_index" on "requested_keyword" ("user_id");`);
    this.addSql(`create index "requested_keyword_status_index" on "requested_keyword" ("status");`);
    this.addSql(`alter table "requested_keyword" add constraint "requested_keyword_user_id_term_unique" unique ("user_id", "term");`);

    this.addSql(`create table "user_contact_info" ("user_id" uuid not null, "info" jsonb not null, "updated_at" timestamptz not null, primary key ("user_id"));`);

    this.addSql(`create table "user_email_address" ("user_id" uuid not null, "email" varchar(254) not null, "position" smallint not null, primary key ("user_id", "email"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "api_key" cascade;`);
    this.addSql(`drop table if exists "api_usage_month" cascade;`);
    this.addSql(`drop table if exists "bundle_code" cascade;`);
    this.addSql(`drop table if exists "bundle_redemption" cascade;`);
    this.addSql(`drop table if exists "project" cascade;`);
    this.addSql(`drop table if exists "requested_keyword" cascade;`);
    this.addSql(`drop table if exists "user_contact_info" cascade;`);
    this.addSql(`drop table if exists "user_email_address" cascade;`);

  }

}

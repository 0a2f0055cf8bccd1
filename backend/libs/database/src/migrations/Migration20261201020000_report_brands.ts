import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 point 2: several report designs ("brands") per account instead of one. Each account's saved design
 * becomes its first brand, the default one, named after its company (or "My brand"); the old table goes.
 */
export class Migration20261201020000_report_brands extends Migration {

  override name = 'Migration20261201020000_report_brands';

  override up(): void | Promise<void> {
    this.addSql(`create table "report_brand" ("id" uuid not null, "owner_user_id" uuid not null, "name" varchar(60) not null, "company_name" varchar(100) not null default '', "primary_color" varchar(7) not null, "accent_color" varchar(7) not null, "contact_line" varchar(200) not null default '', "logo" bytea null, "logo_type" varchar(20) null, "logo_updated_at" timestamptz null, "is_default" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "report_brand_owner_user_id_index" on "report_brand" ("owner_user_id", "created_at");`);
    this.addSql(`create unique index "report_brand_one_default_index" on "report_brand" ("owner_user_id") where "is_default";`);
    this.addSql(`insert into "report_brand" ("id", "owner_user_id", "name", "company_name", "primary_color", "accent_color", "logo", "logo_type", "logo_updated_at", "is_default", "created_at", "updated_at")
      select gen_random_uuid(), "owner_user_id", coalesce(nullif(left("company_name", 60), ''), 'My brand'), "company_name", "primary_color", "accent_color", "logo", "logo_type", "logo_updated_at", true, "created_at", "updated_at" from "report_design";`);
    this.addSql(`drop table "report_design";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table "report_design" ("owner_user_id" uuid not null, "company_name" varchar(100) not null default '', "primary_color" varchar(7) not null, "accent_color" varchar(7) not null, "logo" bytea null, "logo_type" varchar(20) null, "logo_updated_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("owner_user_id"));`);
    this.addSql(`insert into "report_design" select "owner_user_id", "company_name", "primary_color", "accent_color", "logo", "logo_type", "logo_updated_at", "created_at", "updated_at" from "report_brand" where "is_default";`);
    this.addSql(`drop table if exists "report_brand";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261122044659_report_design extends Migration {

  override name = 'Migration20261122044659_report_design';

  override up(): void | Promise<void> {
    this.addSql(`create table "report_design" ("owner_user_id" uuid not null, "company_name" varchar(100) not null default '', "primary_color" varchar(7) not null, "accent_color" varchar(7) not null, "logo" bytea null, "logo_type" varchar(20) null, "logo_updated_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("owner_user_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "report_design" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/** Recon reports (issue 9 item 6): a saved domain, territory, keywords and competitors per account owner. */
export class Migration20261125010000_recon_reports extends Migration {
  override name = 'Migration20261125010000_recon_reports';

  override up(): void | Promise<void> {
    this.addSql(`create table "recon_report" ("id" uuid not null, "owner_user_id" uuid not null, "kind" varchar(3) not null, "name" varchar(120) not null, "primary_domain" varchar(253) not null, "territory" varchar(2) not null, "keywords" text[] not null default '{}', "competitors" text[] not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "recon_report_owner_user_id_index" on "recon_report" ("owner_user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "recon_report" cascade;`);
  }
}

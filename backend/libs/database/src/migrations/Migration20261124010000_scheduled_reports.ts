import { Migration } from '@mikro-orm/migrations';

export class Migration20261124010000_scheduled_reports extends Migration {

  override name = 'Migration20261124010000_scheduled_reports';

  override up(): void | Promise<void> {
    this.addSql(`create table "scheduled_report" ("id" uuid not null, "user_id" uuid not null, "frequency" varchar(16) not null, "options" jsonb not null, "recipients" jsonb not null, "send_to_self" boolean not null default true, "is_active" boolean not null default true, "project_alert_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "scheduled_report_user_id_index" on "scheduled_report" ("user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "scheduled_report" cascade;`);
  }

}

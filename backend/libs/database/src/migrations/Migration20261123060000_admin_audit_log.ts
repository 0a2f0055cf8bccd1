import { Migration } from '@mikro-orm/migrations';

export class Migration20261123060000_admin_audit_log extends Migration {

  override name = 'Migration20261123060000_admin_audit_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "admin_audit_log" ("id" uuid not null, "user_id" uuid not null, "session_id" uuid not null, "action" varchar(64) not null, "queue" varchar(64) null, "job_id" varchar(128) null, "detail" jsonb null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "admin_audit_log_created_at_index" on "admin_audit_log" ("created_at");`);
    this.addSql(`create index "admin_audit_log_job_id_index" on "admin_audit_log" ("job_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "admin_audit_log" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 point 6: what a project alert watches (rules) and its webhook; each project's last seen ranks per tracked
 * keyword (the snapshot a refresh is compared with); and every change an alert reported, once (its history).
 */
export class Migration20261130040000_rank_alerts extends Migration {

  override name = 'Migration20261130040000_rank_alerts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "project_alert" add column "rules" jsonb not null default '[]', add column "webhook_url" text null;`);
    this.addSql(`create table "project_rank_snapshot" ("project_id" uuid not null, "term" text not null, "position" int null, "top10" jsonb not null, "refreshed_at" timestamptz not null, primary key ("project_id", "term"));`);
    this.addSql(`create table "rank_alert_event" ("id" uuid not null, "alert_id" uuid not null, "project_id" uuid not null, "owner_user_id" uuid not null, "run_id" text not null, "term" text not null, "rule" jsonb not null, "rule_key" text not null, "previous_position" int null, "position" int null, "competitor" text null, "message" text not null, "email_state" varchar(16) not null default 'pending', "webhook_state" varchar(16) not null default 'none', "error" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create unique index "rank_alert_event_once_index" on "rank_alert_event" ("alert_id", "run_id", "term", "rule_key", coalesce("competitor", ''));`);
    this.addSql(`create index "rank_alert_event_alert_created_index" on "rank_alert_event" ("alert_id", "created_at");`);
    this.addSql(`create index "rank_alert_event_pending_index" on "rank_alert_event" ("alert_id") where email_state = 'pending' or webhook_state = 'pending';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rank_alert_event";`);
    this.addSql(`drop table if exists "project_rank_snapshot";`);
    this.addSql(`alter table "project_alert" drop column "rules", drop column "webhook_url";`);
  }

}

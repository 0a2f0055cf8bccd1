import { Migration } from '@mikro-orm/migrations';

/** Issue 23 point 3: per-queue alert thresholds, the alert webhook, and every alert raised (its history). */
export class Migration20261201040000_queue_alerts extends Migration {

  override name = 'Migration20261201040000_queue_alerts';

  override up(): void | Promise<void> {
    this.addSql(`create table "queue_alert_threshold" ("queue" varchar(64) not null, "rules" jsonb not null, "updated_at" timestamptz not null, primary key ("queue"));`);
    this.addSql(`create table "queue_alert_setting" ("id" smallint not null default 1, "webhook_url" varchar(2048) null, "updated_at" timestamptz not null, primary key ("id"), constraint "queue_alert_setting_single_row" check ("id" = 1));`);
    this.addSql(`create table "queue_alert" ("id" uuid not null, "queue" varchar(64) not null, "rule" varchar(32) not null, "message" text not null, "clear_message" text null, "raised_at" timestamptz not null, "cleared_at" timestamptz null, "raise_email" varchar(16) not null, "raise_webhook" varchar(16) not null, "clear_email" varchar(16) null, "clear_webhook" varchar(16) null, "error" text null, primary key ("id"));`);
    // One open alert per queue and rule: an incident is raised once, however many processes evaluate it.
    this.addSql(`create unique index "queue_alert_open_unique" on "queue_alert" ("queue", "rule") where "cleared_at" is null;`);
    this.addSql(`create index "queue_alert_raised_at_index" on "queue_alert" ("raised_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "queue_alert" cascade;`);
    this.addSql(`drop table if exists "queue_alert_setting" cascade;`);
    this.addSql(`drop table if exists "queue_alert_threshold" cascade;`);
  }

}

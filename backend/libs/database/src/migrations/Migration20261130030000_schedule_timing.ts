import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 point 1: a scheduled report's day (of the week or month), time and time zone; and the index the delivery
 * history per schedule reads (the report jobs of one schedule, newest first). Schedules saved before keep going out
 * on Mondays / the 1st, now at 06:00 sharp in UTC instead of a minute past 06:00 that came from their id.
 */
export class Migration20261130030000_schedule_timing extends Migration {

  override name = 'Migration20261130030000_schedule_timing';

  override up(): void | Promise<void> {
    this.addSql(`alter table "scheduled_report" add column "day_of_week" smallint not null default 1, add column "day_of_month" smallint not null default 1, add column "send_time" varchar(5) not null default '06:00', add column "time_zone" varchar(64) not null default 'UTC';`);
    this.addSql(`create index "job_record_report_schedule_index" on "job_record" ((payload->>'scheduleId'), "created_at") where name = 'report.pdf';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "job_record_report_schedule_index";`);
    this.addSql(`alter table "scheduled_report" drop column "day_of_week", drop column "day_of_month", drop column "send_time", drop column "time_zone";`);
  }

}

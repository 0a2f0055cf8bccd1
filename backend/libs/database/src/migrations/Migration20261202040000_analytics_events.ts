import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25 point 3: analytics events, partitioned by month on occurred_at. Written by hand (MikroORM does not write
 * partitioned tables): the parent table, its indexes (each partition gets its own), and the partitions of this month
 * and the next; the worker keeps creating them ahead (analyticsPartitionSql in @serpwise/database).
 */
export class Migration20261202040000_analytics_events extends Migration {

  override name = 'Migration20261202040000_analytics_events';

  override up(): void | Promise<void> {
    this.addSql(`create table "analytics_event" ("occurred_at" timestamptz not null, "id" uuid not null, "name" varchar(64) not null, "category" varchar(64) not null, "action" varchar(64) not null, "label" varchar(200) null, "source" varchar(8) not null, "forwarded_at" timestamptz null, primary key ("occurred_at", "id")) partition by range ("occurred_at");`);
    this.addSql(`create index "analytics_event_name_occurred_at_index" on "analytics_event" ("name", "occurred_at");`);
    this.addSql(`create index "analytics_event_unforwarded_index" on "analytics_event" ("occurred_at") where "forwarded_at" is null;`);
    this.addSql(`do $$
declare
  first date := date_trunc('month', now() at time zone 'UTC')::date;
  month date;
begin
  for i in 0..1 loop
    month := (first + make_interval(months => i))::date;
    execute format('create table if not exists %I partition of "analytics_event" for values from (%L) to (%L)',
      'analytics_event_y' || to_char(month, 'YYYY') || 'm' || to_char(month, 'MM'),
      (month::timestamp at time zone 'UTC'), ((month + interval '1 month')::timestamp at time zone 'UTC'));
  end loop;
end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "analytics_event" cascade;`);
  }

}

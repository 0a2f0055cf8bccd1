import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the SEO keywords (and ranking history) of a large domain-month in volume or value order, like the
 * clicks order (Migration20261205000000_organic_keyword_rollup): organic_keyword_month keeps each keyword's volume that
 * month and its value (round(clicks × CPC, 2), as the table shows it), indexed, so a first page reads K keyword ids
 * from the index and stops instead of sorting all of the domain's keywords (a million for the giant domain). The rows
 * already there take their keys here; organicRollupSql (@serpwise/research) writes them from now on.
 */
export class Migration20261207010000_organic_keyword_sort_keys extends Migration {

  override name = 'Migration20261207010000_organic_keyword_sort_keys';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organic_keyword_month" add column "volume" int null, add column "value" float8 null;`);
    // The keyword's volume in the row's month (volumeAt in @serpwise/research: its volume_history entry, the latest
    // volume outside the history) and the value of its clicks.
    const index = `((extract(year from o.month) - extract(year from k.history_start)) * 12 + extract(month from o.month) - extract(month from k.history_start))::int + 1`;
    this.addSql(`update "organic_keyword_month" o set
      "volume" = (case when ${index} between 1 and coalesce(array_length(k.volume_history, 1), 0) then k.volume_history[${index}] else k.volume end)::int,
      "value" = round(o.clicks * k.cpc, 2)::float8
      from "keyword" k where k.id = o.keyword_id;`);
    this.addSql(`create index "organic_keyword_month_volume_index" on "organic_keyword_month" ("domain_id", "territory", "month", "volume" desc nulls last);`);
    this.addSql(`create index "organic_keyword_month_value_index" on "organic_keyword_month" ("domain_id", "territory", "month", "value" desc nulls last);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "organic_keyword_month_volume_index";`);
    this.addSql(`drop index if exists "organic_keyword_month_value_index";`);
    this.addSql(`alter table "organic_keyword_month" drop column if exists "volume", drop column if exists "value";`);
  }

}

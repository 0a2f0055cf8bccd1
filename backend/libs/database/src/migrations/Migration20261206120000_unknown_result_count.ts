import { Migration } from '@mikro-orm/migrations';

/**
 * Unknown stays unknown, for a keyword's result count too (docs/decisions.md, "Issue 19: a keyword's result count"):
 * a Keyword Planner or Search Console import does not say how many results a search has, and the writer stored 0 for
 * it, shown as "Results 0". Dropping NOT NULL is a catalogue change only; the zeros imports and fetches wrote become
 * null (the demo market's counts are always known and never 0).
 */
export class Migration20261206120000_unknown_result_count extends Migration {
  override name = 'Migration20261206120000_unknown_result_count';

  override up(): void | Promise<void> {
    this.addSql(`alter table "keyword" alter column "result_count" drop not null;`);
    this.addSql(`update "keyword" k set "result_count" = null
      from "data_source" s
      where s."id" = k."source_id" and s."kind" <> 'demo' and k."result_count" = 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "keyword" set "result_count" = 0 where "result_count" is null;`);
    this.addSql(`alter table "keyword" alter column "result_count" set not null;`);
  }
}

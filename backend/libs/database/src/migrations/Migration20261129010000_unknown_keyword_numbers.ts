import { Migration } from '@mikro-orm/migrations';

/**
 * Unknown stays unknown (issue 19, docs/decisions.md): a keyword's volume (and its history), CPC, competition and
 * difficulty may be null — a Search Console query has no volume, a Keyword Planner line without a bid no CPC — and a
 * monthly rank's clicks are null when the source reports none and the volume to estimate them from is unknown.
 * Dropping NOT NULL is a catalogue change only (no rewrite, no scan), also on the partitioned organic_rank (its
 * partitions follow the parent). The demo market's rows keep their numbers; zeros earlier imports wrote for numbers
 * they did not have become null.
 */
export class Migration20261129010000_unknown_keyword_numbers extends Migration {
  override name = 'Migration20261129010000_unknown_keyword_numbers';

  override up(): void | Promise<void> {
    this.addSql(`alter table "keyword" alter column "volume" drop not null, alter column "volume_history" drop not null,
      alter column "cpc" drop not null, alter column "competition" drop not null, alter column "difficulty" drop not null;`);
    this.addSql(`alter table "organic_rank" alter column "clicks" drop not null;`);
    // What earlier imports and provider fetches wrote as 0 for "not given" becomes unknown again. The old writer's
    // signature of a keyword no row gave a number is all four at 0 with the history {0}; a Keyword Planner line
    // without a bid landed CPC 0. The demo market's keywords (always known) are left alone.
    this.addSql(`update "keyword" k set "volume" = null, "volume_history" = null, "cpc" = null, "competition" = null, "difficulty" = null
      from "data_source" s
      where s."id" = k."source_id" and s."kind" <> 'demo'
        and k."volume" = 0 and k."volume_history" = '{0}' and k."cpc" = 0 and k."competition" = 0 and k."difficulty" = 0;`);
    this.addSql(`update "keyword" k set "cpc" = null
      from "data_import" i
      where i."source_id" = k."source_id" and i."format" = 'keyword-planner' and k."cpc" = 0;`);
  }

  override down(): void | Promise<void> {
    // Back to the old meaning: unknown written as 0.
    this.addSql(`update "keyword" set "volume" = coalesce("volume", 0), "volume_history" = coalesce("volume_history", array[coalesce("volume", 0)]),
      "cpc" = coalesce("cpc", 0), "competition" = coalesce("competition", 0), "difficulty" = coalesce("difficulty", 0)
      where "volume" is null or "volume_history" is null or "cpc" is null or "competition" is null or "difficulty" is null;`);
    this.addSql(`alter table "keyword" alter column "volume" set not null, alter column "volume_history" set not null,
      alter column "cpc" set not null, alter column "competition" set not null, alter column "difficulty" set not null;`);
    this.addSql(`update "organic_rank" set "clicks" = 0 where "clicks" is null;`);
    this.addSql(`alter table "organic_rank" alter column "clicks" set not null;`);
  }
}

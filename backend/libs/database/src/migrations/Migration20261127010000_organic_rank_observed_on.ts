import { Migration } from '@mikro-orm/migrations';

/** The day a monthly rank row was observed, so a newer observation of the month can replace it (null: demo market). */
export class Migration20261127010000_organic_rank_observed_on extends Migration {
  override name = 'Migration20261127010000_organic_rank_observed_on';

  override up(): void | Promise<void> {
    // Nullable with no default: a catalogue change only, whatever the table's size.
    this.addSql(`alter table "organic_rank" add "observed_on" date null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organic_rank" drop column "observed_on";`);
  }
}

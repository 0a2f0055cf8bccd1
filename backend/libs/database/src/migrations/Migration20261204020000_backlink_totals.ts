import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the link counts of domains with very many backlinks (backlinkTotalsSql in @serpwise/research), so
 * the backlinks table's count and the outreach custom list read one row instead of counting millions.
 */
export class Migration20261204020000_backlink_totals extends Migration {

  override name = 'Migration20261204020000_backlink_totals';

  override up(): void | Promise<void> {
    this.addSql(`create table "backlink_total" ("domain_id" int not null, "links" int not null, "live_links" int not null, "referring_domains" int not null, primary key ("domain_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "backlink_total" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: a domain's (or page's) backlinks by first seen, so the backlinks table's first page in its default
 * order reads the newest links from the index instead of sorting all of them (2,000,000 for the giant domain). The
 * two-column indexes replace the one-column ones, which they serve as well.
 */
export class Migration20261204010000_backlink_first_seen extends Migration {

  override name = 'Migration20261204010000_backlink_first_seen';

  override up(): void | Promise<void> {
    this.addSql(`create index "backlink_target_domain_id_first_seen_index" on "backlink" ("target_domain_id", "first_seen");`);
    this.addSql(`create index "backlink_target_page_id_first_seen_index" on "backlink" ("target_page_id", "first_seen");`);
    this.addSql(`drop index if exists "backlink_target_domain_id_index";`);
    this.addSql(`drop index if exists "backlink_target_page_id_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "backlink_target_domain_id_index" on "backlink" ("target_domain_id");`);
    this.addSql(`create index "backlink_target_page_id_index" on "backlink" ("target_page_id");`);
    this.addSql(`drop index if exists "backlink_target_domain_id_first_seen_index";`);
    this.addSql(`drop index if exists "backlink_target_page_id_first_seen_index";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: a domain's backlinks by anchor. The backlinks table's first page in anchor order finds the K-th
 * anchor and the links before it from (target_domain_id, anchor), and probes (target_domain_id, anchor,
 * source_page_id) per source page while it walks the pages in URL order (the tie-break), instead of sorting every
 * link of a domain with millions (@serpwise/research seo/backlinks.ts).
 */
export class Migration20261207020000_backlink_anchor extends Migration {

  override name = 'Migration20261207020000_backlink_anchor';

  override up(): void | Promise<void> {
    this.addSql(`create index "backlink_target_domain_id_anchor_source_page_id_index" on "backlink" ("target_domain_id", "anchor", "source_page_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "backlink_target_domain_id_anchor_source_page_id_index";`);
  }

}

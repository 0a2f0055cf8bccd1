import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the outreach leads of a domain beside a competitor with millions of backlinks. The leads group
 * the competitors' live links by linking domain: for a giant that read 1.5 million links (6.6 s). backlink_referrer
 * holds, for each domain with a backlink_total row, its live links grouped by linking domain (backlinkTotalsSql in
 * @serpwise/research keeps both). The partial index answers "does this domain link to mine?" with one probe, where the
 * source-domain index read every link of the linking domain (232 ms when "mine" is the giant).
 */
export class Migration20261210010000_backlink_referrers extends Migration {

  override name = 'Migration20261210010000_backlink_referrers';

  override up(): void | Promise<void> {
    this.addSql(`create table "backlink_referrer" ("target_domain_id" int not null, "source_domain_id" int not null, "live_links" int not null, "source_ids" smallint[] not null, primary key ("target_domain_id", "source_domain_id"));`);
    this.addSql(`create index "backlink_live_target_source_index" on "backlink" ("target_domain_id", "source_domain_id") where last_seen is null;`);
    this.addSql(`insert into "backlink_referrer" (target_domain_id, source_domain_id, live_links, source_ids)
      select b.target_domain_id, b.source_domain_id, count(*), array_agg(distinct b.source_id order by b.source_id)
      from backlink b where b.last_seen is null and b.target_domain_id in (select domain_id from backlink_total)
      group by b.target_domain_id, b.source_domain_id;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "backlink_live_target_source_index";`);
    this.addSql(`drop table if exists "backlink_referrer" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123010000_export_dedupe extends Migration {

  override name = 'Migration20261123010000_export_dedupe';

  override up(): void | Promise<void> {
    this.addSql(`alter table "job_record" add column "dedupe_key" varchar(64) null;`);
    this.addSql(`create unique index "job_record_running_dedupe_key_index" on "job_record" ("dedupe_key") where state in ('queued', 'active');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "job_record_running_dedupe_key_index";`);
    this.addSql(`alter table "job_record" drop column "dedupe_key";`);
  }

}

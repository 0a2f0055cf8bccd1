import { Migration } from '@mikro-orm/migrations';

/** Requested keywords remember the fetch job that claimed them and why a fetch failed. */
export class Migration20261123070000_requested_keyword_fetch extends Migration {

  override name = 'Migration20261123070000_requested_keyword_fetch';

  override up(): void | Promise<void> {
    this.addSql(`alter table "requested_keyword" add "job_id" uuid null, add "failure_reason" text null;`);
    this.addSql(`create index "requested_keyword_job_id_index" on "requested_keyword" ("job_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "requested_keyword_job_id_index";`);
    this.addSql(`alter table "requested_keyword" drop column "job_id", drop column "failure_reason";`);
  }
}

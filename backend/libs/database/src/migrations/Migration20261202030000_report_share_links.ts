import { Migration } from '@mikro-orm/migrations';

/** Issue 22 point 5: shared web views of generated reports (the token's hash, expiry, revocation, opens). */
export class Migration20261202030000_report_share_links extends Migration {

  override name = 'Migration20261202030000_report_share_links';

  override up(): void | Promise<void> {
    this.addSql(`create table "report_share_link" ("id" uuid not null, "job_id" uuid not null, "owner_user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "last_opened_at" timestamptz null, "open_count" int not null default 0, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "report_share_link_job_id_index" on "report_share_link" ("job_id");`);
    this.addSql(`alter table "report_share_link" add constraint "report_share_link_token_hash_unique" unique ("token_hash");`);
    // A report's links go with its record (job records are never deleted today; an account's deletion takes both).
    this.addSql(`alter table "report_share_link" add constraint "report_share_link_job_id_foreign" foreign key ("job_id") references "job_record" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "report_share_link" cascade;`);
  }

}

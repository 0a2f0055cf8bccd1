import { Migration } from '@mikro-orm/migrations';

export class Migration20261122014107_initial extends Migration {

  override name = 'Migration20261122014107_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "job_record" ("id" uuid not null, "queue" varchar(64) not null, "name" varchar(128) not null, "session_id" uuid not null, "user_id" uuid null, "payload" jsonb not null, "state" text not null default 'queued', "percent" int not null default 0, "message" text null, "done" int not null default 0, "total" int not null default 0, "attempts" int not null default 0, "result" jsonb null, "error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "job_record_session_id_created_at_index" on "job_record" ("session_id", "created_at");`);
    this.addSql(`create index "job_record_user_id_created_at_index" on "job_record" ("user_id", "created_at");`);
    this.addSql(`create index "job_record_state_index" on "job_record" ("state");`);

    this.addSql(`create table "session" ("id" uuid not null, "token_hash" varchar(64) not null, "csrf_token" varchar(64) not null, "user_id" uuid null, "user_agent" text null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "session" add constraint "session_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`);
    this.addSql(`create index "session_expires_at_index" on "session" ("expires_at");`);

    this.addSql(`alter table "job_record" add constraint "job_record_state_check" check ("state" in ('queued', 'active', 'completed', 'failed', 'cancelled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_record" cascade;`);
    this.addSql(`drop table if exists "session" cascade;`);
  }

}

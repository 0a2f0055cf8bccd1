import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022815_accounts extends Migration {

  override name = 'Migration20261122022815_accounts';

  override up(): void | Promise<void> {
    this.addSql(`create table "password_reset" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "password_reset_user_id_index" on "password_reset" ("user_id");`);
    this.addSql(`alter table "password_reset" add constraint "password_reset_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "app_user" ("id" uuid not null, "email" varchar(254) not null, "username" varchar(254) null, "name" varchar(120) null, "password_hash" text not null, "roles" text[] not null default '{free}', "parent_user_id" uuid null, "should_show_onboarding" boolean not null default false, "onboarding" jsonb null, "terms_accepted_at" timestamptz null, "attributes" jsonb not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_login_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);
    this.addSql(`alter table "app_user" add constraint "app_user_username_unique" unique ("username");`);
    this.addSql(`create index "app_user_parent_user_id_index" on "app_user" ("parent_user_id");`);

    this.addSql(`alter table "session" add "remember" boolean not null default false, add "logged_in_at" timestamptz null, add "ip_address" varchar(64) null, add "killed_at" timestamptz null, add "kill_notice_pending" boolean not null default false, add "admin_actions_until" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "password_reset" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);

    this.addSql(`alter table "session" drop column "remember", drop column "logged_in_at", drop column "ip_address", drop column "killed_at", drop column "kill_notice_pending", drop column "admin_actions_until";`);
  }

}

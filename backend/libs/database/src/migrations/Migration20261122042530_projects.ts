import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042530_projects extends Migration {

  override name = 'Migration20261122042530_projects';

  override up(): void | Promise<void> {
    this.addSql(`create table "outreach_website" ("id" uuid not null, "owner_user_id" uuid not null, "project_id" uuid null, "domain" varchar(253) not null, "rating" smallint not null default 0, "relationship" varchar(32) not null default 'none', "tags" text[] not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "outreach_website_owner_user_id_index" on "outreach_website" ("owner_user_id");`);
    this.addSql(`create index "outreach_website_project_id_index" on "outreach_website" ("project_id");`);
    this.addSql(`create unique index "outreach_website_owner_project_domain_unique" on "outreach_website" ("owner_user_id", coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "domain");`);

    this.addSql(`create table "outreach_contact" ("id" uuid not null, "website_id" uuid not null, "name" varchar(120) null, "email" varchar(254) null, "role" varchar(120) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "outreach_contact_website_id_index" on "outreach_contact" ("website_id");`);
    this.addSql(`create unique index "outreach_contact_website_email_unique" on "outreach_contact" ("website_id", "email") where "email" is not null;`);

    this.addSql(`create table "outreach_link" ("id" uuid not null, "owner_user_id" uuid not null, "project_id" uuid null, "website_id" uuid not null, "url" text not null, "monthly_organic_clicks" int null, "ranked_keywords" int null, "rating" smallint not null default 0, "relationship" varchar(32) not null default 'none', "tags" text[] not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "outreach_link_project_id_index" on "outreach_link" ("project_id");`);
    this.addSql(`create index "outreach_link_website_id_index" on "outreach_link" ("website_id");`);
    this.addSql(`create unique index "outreach_link_owner_project_url_unique" on "outreach_link" ("owner_user_id", coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "url");`);

    this.addSql(`create table "link_task" ("id" uuid not null, "link_id" uuid not null, "author_user_id" uuid not null, "title" varchar(200) not null, "details" varchar(1770) null, "due_date" date null, "is_complete" boolean not null default false, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "link_task_link_id_index" on "link_task" ("link_id");`);

    this.addSql(`create table "link_note" ("id" uuid not null, "link_id" uuid not null, "author_user_id" uuid not null, "text" varchar(1770) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "link_note_link_id_index" on "link_note" ("link_id");`);

    this.addSql(`create table "link_contact_event" ("id" uuid not null, "link_id" uuid not null, "contact_id" uuid null, "author_user_id" uuid not null, "event_type" varchar(16) not null, "event_date" date not null, "notes" varchar(1770) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "link_contact_event_link_id_index" on "link_contact_event" ("link_id");`);

    this.addSql(`create table "outreach_history" ("id" uuid not null, "owner_user_id" uuid not null, "project_id" uuid null, "link_id" uuid null, "website_id" uuid null, "actor_user_id" uuid not null, "action" varchar(40) not null, "url" text null, "domain" varchar(253) null, "details" varchar(500) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "outreach_history_project_id_index" on "outreach_history" ("project_id");`);
    this.addSql(`create index "outreach_history_link_id_index" on "outreach_history" ("link_id");`);
    this.addSql(`create index "outreach_history_owner_user_id_created_at_index" on "outreach_history" ("owner_user_id", "created_at");`);

    this.addSql(`create table "keyword_label" ("label_hash" uuid not null, "project_id" uuid not null, "name" varchar(120) not null, "import_id" uuid null, "created_at" timestamptz not null, primary key ("label_hash"));`);
    this.addSql(`create index "keyword_label_project_id_index" on "keyword_label" ("project_id");`);
    this.addSql(`create unique index "keyword_label_project_name_unique" on "keyword_label" ("project_id", lower("name"));`);

    this.addSql(`create table "keyword_label_term" ("label_hash" uuid not null, "term_id" int not null, "import_id" uuid null, "added_at" timestamptz not null, primary key ("label_hash", "term_id"));`);
    this.addSql(`create index "keyword_label_term_import_id_index" on "keyword_label_term" ("import_id");`);

    this.addSql(`create table "keyword_import" ("id" uuid not null, "project_id" uuid not null, "user_id" uuid not null, "term_count" int not null, "created_at" timestamptz not null, "undone_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "keyword_import_project_id_index" on "keyword_import" ("project_id");`);

    this.addSql(`create table "keyword_group" ("group_hash" uuid not null, "project_id" uuid not null, "name" varchar(120) not null, "import_id" uuid null, "created_at" timestamptz not null, primary key ("group_hash"));`);
    this.addSql(`create index "keyword_group_project_id_index" on "keyword_group" ("project_id");`);
    this.addSql(`create unique index "keyword_group_project_name_unique" on "keyword_group" ("project_id", lower("name"));`);

    this.addSql(`create table "keyword_group_term" ("group_hash" uuid not null, "term_id" int not null, "import_id" uuid null, "added_at" timestamptz not null, primary key ("group_hash", "term_id"));`);
    this.addSql(`create index "keyword_group_term_import_id_index" on "keyword_group_term" ("import_id");`);

    this.addSql(`create table "project_keyword" ("project_id" uuid not null, "term_id" int not null, "import_id" uuid null, "added_at" timestamptz not null, primary key ("project_id", "term_id"));`);
    this.addSql(`create index "project_keyword_import_id_index" on "project_keyword" ("import_id");`);
    this.addSql(`create index "project_keyword_term_id_index" on "project_keyword" ("term_id");`);

    this.addSql(`create table "project_team_access" ("child_user_id" uuid not null, "owner_user_id" uuid not null, "access" varchar(8) not null, "updated_at" timestamptz not null, primary key ("child_user_id"));`);
    this.addSql(`create index "project_team_access_owner_user_id_index" on "project_team_access" ("owner_user_id");`);

    this.addSql(`create table "tracked_term" ("id" serial primary key, "term" text not null);`);
    this.addSql(`alter table "tracked_term" add constraint "tracked_term_term_unique" unique ("term");`);

    this.addSql(`alter table "outreach_website" add constraint "outreach_website_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(`alter table "outreach_contact" add constraint "outreach_contact_website_id_foreign" foreign key ("website_id") references "outreach_website" ("id") on delete cascade;`);

    this.addSql(`alter table "outreach_link" add constraint "outreach_link_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "outreach_link" add constraint "outreach_link_website_id_foreign" foreign key ("website_id") references "outreach_website" ("id") on delete cascade;`);

    this.addSql(`alter table "link_task" add constraint "link_task_link_id_foreign" foreign key ("link_id") references "outreach_link" ("id") on delete cascade;`);

    this.addSql(`alter table "link_note" add constraint "link_note_link_id_foreign" foreign key ("link_id") references "outreach_link" ("id") on delete cascade;`);

    this.addSql(`alter table "link_contact_event" add constraint "link_contact_event_link_id_foreign" foreign key ("link_id") references "outreach_link" ("id") on delete cascade;`);
    this.addSql(`alter table "link_contact_event" add constraint "link_contact_event_contact_id_foreign" foreign key ("contact_id") references "outreach_contact" ("id") on delete set null;`);

    this.addSql(`alter table "outreach_history" add constraint "outreach_history_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "outreach_history" add constraint "outreach_history_link_id_foreign" foreign key ("link_id") references "outreach_link" ("id") on delete set null;`);

    this.addSql(`alter table "keyword_label" add constraint "keyword_label_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(`alter table "keyword_label_term" add constraint "keyword_label_term_label_hash_foreign" foreign key ("label_hash") references "keyword_label" ("label_hash") on delete cascade;`);

    this.addSql(`alter table "keyword_import" add constraint "keyword_import_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(`alter table "keyword_group" add constraint "keyword_group_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(`alter table "keyword_group_term" add constraint "keyword_group_term_group_hash_foreign" foreign key ("group_hash") references "keyword_group" ("group_hash") on delete cascade;`);

    this.addSql(`alter table "project_keyword" add constraint "project_keyword_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outreach_contact" drop constraint "outreach_contact_website_id_foreign";`);
    this.addSql(`alter table "outreach_link" drop constraint "outreach_link_website_id_foreign";`);
    this.addSql(`alter table "link_contact_event" drop constraint "link_contact_event_contact_id_foreign";`);
    this.addSql(`alter table "link_task" drop constraint "link_task_link_id_foreign";`);
    this.addSql(`alter table "link_note" drop constraint "link_note_link_id_foreign";`);
    this.addSql(`alter table "link_contact_event" drop constraint "link_contact_event_link_id_foreign";`);
    this.addSql(`alter table "outreach_history" drop constraint "outreach_history_link_id_foreign";`);
    this.addSql(`alter table "keyword_label_term" drop constraint "keyword_label_term_label_hash_foreign";`);
    this.addSql(`alter table "keyword_group_term" drop constraint "keyword_group_term_group_hash_foreign";`);

    this.addSql(`drop table if exists "outreach_website" cascade;`);
    this.addSql(`drop table if exists "outreach_contact" cascade;`);
    this.addSql(`drop table if exists "outreach_link" cascade;`);
    this.addSql(`drop table if exists "link_task" cascade;`);
    this.addSql(`drop table if exists "link_note" cascade;`);
    this.addSql(`drop table if exists "link_contact_event" cascade;`);
    this.addSql(`drop table if exists "outreach_history" cascade;`);
    this.addSql(`drop table if exists "keyword_label" cascade;`);
    this.addSql(`drop table if exists "keyword_label_term" cascade;`);
    this.addSql(`drop table if exists "keyword_import" cascade;`);
    this.addSql(`drop table if exists "keyword_group" cascade;`);
    this.addSql(`drop table if exists "keyword_group_term" cascade;`);
    this.addSql(`drop table if exists "project_keyword" cascade;`);
    this.addSql(`drop table if exists "project_team_access" cascade;`);
    this.addSql(`drop table if exists "tracked_term" cascade;`);
  }

}

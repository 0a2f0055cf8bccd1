import { Migration } from '@mikro-orm/migrations';

/**
 * The user's own figures win for that user (docs/decisions.md, "Issue 19: the user's data wins for that user"):
 * the keyword numbers each import brought (owned_keyword_number, per owner, keyword, month and source), the owner's
 * current numbers per keyword read over the installation's (owned_keyword), and the owner's domain roll-up
 * (owned_domain_month, read over domain_month for that owner). Null: the file did not give the figure.
 */
export class Migration20261129020000_owned_figures extends Migration {
  override name = 'Migration20261129020000_owned_figures';

  override up(): void | Promise<void> {
    this.addSql(`create table "owned_keyword_number" ("owner_user_id" uuid not null, "keyword_id" int not null, "month" date not null, "source_id" smallint not null,
      "volume" int null, "cpc" numeric(8,2) null, "competition" numeric(3,2) null, "difficulty" smallint null,
      primary key ("owner_user_id", "keyword_id", "month", "source_id"));`);
    this.addSql(`create index "owned_keyword_number_source_id_index" on "owned_keyword_number" ("source_id");`);
    this.addSql(`create table "owned_keyword" ("owner_user_id" uuid not null, "keyword_id" int not null, "month" date not null, "source_id" smallint not null,
      "volume" int null, "cpc" numeric(8,2) null, "competition" numeric(3,2) null, "difficulty" smallint null,
      "volume_history" integer[] null, "history_start" date null, primary key ("owner_user_id", "keyword_id"));`);
    this.addSql(`create table "owned_domain_month" ("owner_user_id" uuid not null, "domain_id" int not null, "territory" varchar(2) not null, "month" date not null,
      "organic_keywords" int not null, "organic_top3" int not null, "organic_top10" int not null, "organic_clicks" bigint not null,
      "organic_value" numeric(14,2) null, "average_position" numeric(5,2) null, "paid_keywords" int not null, "paid_clicks" bigint not null,
      "paid_budget" numeric(14,2) not null, primary key ("owner_user_id", "domain_id", "territory", "month"));`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop table "owned_domain_month";');
    this.addSql('drop table "owned_keyword";');
    this.addSql('drop table "owned_keyword_number";');
  }
}

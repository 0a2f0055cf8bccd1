import { Migration } from '@mikro-orm/migrations';

/**
 * Research data on demand (issue 20): a provider's estimates of a domain's months over all its keywords, and the
 * competitors it names with their common keywords (provider-figures.entity.ts). Installation data, by source. And the
 * live-data fetch jobs by subject: a research page asks for its subject's last fetch.
 */
export class Migration20261130020000_provider_figures extends Migration {
  override name = 'Migration20261130020000_provider_figures';

  override up(): void | Promise<void> {
    this.addSql(`create table "provider_domain_month" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "source_id" smallint not null,
      "organic_keywords" int null, "organic_top3" int null, "organic_top10" int null, "organic_clicks" bigint null, "organic_value" numeric(14,2) null,
      "paid_keywords" int null, "paid_clicks" bigint null, "paid_budget" numeric(14,2) null, primary key ("domain_id", "territory", "month"));`);
    this.addSql(`create index "provider_domain_month_source_id_index" on "provider_domain_month" ("source_id");`);
    this.addSql(`create table "provider_competitor" ("domain_id" int not null, "competitor_domain_id" int not null, "territory" varchar(2) not null, "month" date not null,
      "source_id" smallint not null, "common_keywords" int not null, primary key ("domain_id", "competitor_domain_id", "territory", "month"));`);
    this.addSql(`create index "provider_competitor_source_id_index" on "provider_competitor" ("source_id");`);
    this.addSql(`create index "job_record_live_data_subject_index" on "job_record" ((payload->>'subject'), (payload->>'territory'), "updated_at") where name = 'live-data.fetch';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "job_record_live_data_subject_index";`);
    this.addSql(`drop table if exists "provider_competitor";`);
    this.addSql(`drop table if exists "provider_domain_month";`);
  }
}

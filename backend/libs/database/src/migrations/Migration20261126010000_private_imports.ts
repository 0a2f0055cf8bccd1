import { Migration } from '@mikro-orm/migrations';

const installation = `'00000000-0000-0000-0000-000000000000'`;

/**
 * Imported rows are private to their importer (docs/decisions.md, "Imported rows are private"): organic_rank
 * carries its owner (the nil UUID = installation data) in its key, so each owner keeps its own monthly row; keyword,
 * domain and page list the users whose imports alone brought them (null = installation data has them).
 */
export class Migration20261126010000_private_imports extends Migration {
  override name = 'Migration20261126010000_private_imports';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organic_rank" add column "owner_user_id" uuid not null default ${installation};`);
    this.addSql(`update "organic_rank" r set "owner_user_id" = s."owner_user_id" from "data_source" s where s."id" = r."source_id" and s."owner_user_id" is not null;`);
    this.addSql(`alter table "organic_rank" drop constraint "organic_rank_pkey";`);
    this.addSql(`alter table "organic_rank" add constraint "organic_rank_pkey" primary key ("month", "keyword_id", "position", "owner_user_id");`);
    this.addSql(`create index "organic_rank_owned_index" on "organic_rank" ("owner_user_id", "territory", "month") where "owner_user_id" <> ${installation};`);
    for (const [table, column] of [['keyword', 'keyword_id'], ['domain', 'domain_id'], ['page', 'page_id']] as const) {
      this.addSql(`alter table "${table}" add column "owner_user_ids" uuid[] null;`);
      // Brought by a user's import and seen in no installation-wide observation: private to the users who imported it.
      this.addSql(`update "${table}" t set "owner_user_ids" = array[s."owner_user_id"] from "data_source" s where s."id" = t."source_id" and s."owner_user_id" is not null;`);
      this.addSql(`update "${table}" t set "owner_user_ids" = null where t."owner_user_ids" is not null
        and exists (select 1 from "serp_observation" o where o."${column}" = t."id" and o."owner_user_id" is null);`);
      this.addSql(`update "${table}" t set "owner_user_ids" = (select array_agg(distinct u.id) from (select unnest(t."owner_user_ids") as id
          union select o."owner_user_id" from "serp_observation" o where o."${column}" = t."id" and o."owner_user_id" is not null) u)
        where t."owner_user_ids" is not null;`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of ['keyword', 'domain', 'page']) this.addSql(`alter table "${table}" drop column "owner_user_ids";`);
    this.addSql(`drop index "organic_rank_owned_index";`);
    // Back to one row per (month, keyword, position): the installation's row wins over a user's.
    this.addSql(`delete from "organic_rank" r where r."owner_user_id" <> ${installation} and exists (select 1 from "organic_rank" o
      where o."month" = r."month" and o."keyword_id" = r."keyword_id" and o."position" = r."position" and o."owner_user_id" < r."owner_user_id");`);
    this.addSql(`alter table "organic_rank" drop constraint "organic_rank_pkey";`);
    this.addSql(`alter table "organic_rank" add constraint "organic_rank_pkey" primary key ("month", "keyword_id", "position");`);
    this.addSql(`alter table "organic_rank" drop column "owner_user_id";`);
  }
}
